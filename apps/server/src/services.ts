import { randomBytes } from 'node:crypto';
import { createAddressService, type AddressService } from './accounts/addresses.js';
import { createNotificationService, type NotificationService } from './accounts/notifications.js';
import { createAccountsService, type AccountsService } from './accounts/service.js';
import { createWishlistService, type WishlistService } from './accounts/wishlist.js';
import { createAnnouncementsService, type AnnouncementsService } from './announcements/service.js';
import { createCatalogueService, type CatalogueService } from './catalogue/service.js';
import { createContactService, type ContactService } from './contact/service.js';
import type { Db } from './db/database.js';
import { createOutboxMailer, createSmtpMailer, type Mailer, type OutboxMailer } from './mail/mailer.js';
import { createMediaStore, type MediaStore } from './media/store.js';
import { createSettingsService, type SettingsService } from './settings/service.js';

/** The domain services; the JSON API and the server-rendered pages both call these, never the database. */
export interface Services {
  settings: SettingsService;
  catalogue: CatalogueService;
  media: MediaStore;
  contact: ContactService;
  announcements: AnnouncementsService;
  accounts: AccountsService;
  addresses: AddressService;
  wishlist: WishlistService;
  notifications: NotificationService;
  /** The dev outbox when mail is not sent over SMTP; null with SMTP_URL. */
  outbox: OutboxMailer | null;
}

export interface ServicesOptions {
  /** Where product photos are stored (DATA_DIR/media). */
  mediaDir: string;
  /** Mail goes over SMTP when set, else into the dev outbox. */
  smtpUrl?: string;
  mailFrom?: string;
  /** Replaces the SMTP or outbox mailer (tests). */
  mailer?: Mailer;
  publicUrl?: string;
  /** Key for hashing one-time codes (SESSION_SECRET); a random one when not given. */
  secret?: string;
  /** The clock every time-dependent rule reads; tests move it instead of sleeping. */
  now?: () => Date;
  /** Where one-line notices go (the dev outbox's 'mail stored' line, mail failures). */
  log?: { info(line: string): void; error(details: object, line: string): void };
  production?: boolean;
}

export function createServices(db: Db, options: ServicesOptions): Services {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? { info: () => {}, error: () => {} };
  const settings = createSettingsService(db);
  // In production the log line leaves out the subject, which carries the one-time code.
  const outbox = options.smtpUrl
    ? null
    : createOutboxMailer(db, (mail) => log.info(`dev outbox: mail to ${mail.to}${options.production ? '' : `: "${mail.subject}"`}`));
  const mailer =
    options.mailer ??
    (options.smtpUrl ? createSmtpMailer({ smtpUrl: options.smtpUrl, from: options.mailFrom ?? 'shop@localhost' }) : outbox!);
  const catalogue = createCatalogueService(db);
  return {
    settings,
    catalogue,
    media: createMediaStore(options.mediaDir),
    contact: createContactService(db),
    announcements: createAnnouncementsService(db),
    accounts: createAccountsService(db, {
      mailer,
      settings,
      publicUrl: options.publicUrl ?? 'http://localhost:3000',
      secret: options.secret ?? randomBytes(32).toString('base64url'),
      now,
      onMailError: (error) => log.error({ err: error }, 'sending mail failed'),
    }),
    addresses: createAddressService(db),
    wishlist: createWishlistService(db, now, catalogue),
    notifications: createNotificationService(db, now),
    outbox,
  };
}

/** What every React Router loader and action receives as `context` (see apps/web/app/context.ts). */
// A type alias, not an interface: React Router's AppLoadContext is an index-signature record.
export type WebLoadContext = {
  services: Services;
  /** Per-request nonce that the Content-Security-Policy allows for inline scripts. */
  cspNonce: string;
  publicUrl: string;
  /** The visitor's IP address (Fastify's request.ip: X-Forwarded-For only from TRUST_PROXY's proxies), e.g. for per-IP limits in actions. */
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
