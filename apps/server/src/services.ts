import { createAnnouncementsService, type AnnouncementsService } from './announcements/service.js';
import { createCatalogueService, type CatalogueService } from './catalogue/service.js';
import { createContactService, type ContactService } from './contact/service.js';
import type { Db } from './db/database.js';
import { createMediaStore, type MediaStore } from './media/store.js';
import { createSettingsService, type SettingsService } from './settings/service.js';

/** The domain services; the JSON API and the server-rendered pages both call these, never the database. */
export interface Services {
  settings: SettingsService;
  catalogue: CatalogueService;
  media: MediaStore;
  contact: ContactService;
  announcements: AnnouncementsService;
}

export function createServices(db: Db, options: { mediaDir: string }): Services {
  return {
    settings: createSettingsService(db),
    catalogue: createCatalogueService(db),
    media: createMediaStore(options.mediaDir),
    contact: createContactService(db),
    announcements: createAnnouncementsService(db),
  };
}

/** What every React Router loader and action receives as `context` (see apps/web/app/context.ts). */
// A type alias, not an interface: React Router's AppLoadContext is an index-signature record.
export type WebLoadContext = {
  services: Services;
  /** Per-request nonce that the Content-Security-Policy allows for inline scripts. */
  cspNonce: string;
  publicUrl: string;
  /** The visitor's IP address (Fastify's request.ip, proxy-aware), e.g. for per-IP limits in actions. */
  clientIp: string;
};

export type {
  CategoryView,
  Facets,
  ImageView,
  ProductCard,
  ProductDetails,
  ProductPage,
  Suggestions,
  VariantView,
} from './catalogue/service.js';
