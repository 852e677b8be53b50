import type { Db } from './db/database.js';
import { createSettingsService, type SettingsService } from './settings/service.js';

/** The domain services; the JSON API and the server-rendered pages both call these, never the database. */
export interface Services {
  settings: SettingsService;
}

export function createServices(db: Db): Services {
  return {
    settings: createSettingsService(db),
  };
}

/** What every React Router loader and action receives as `context` (see apps/web/app/context.ts). */
// A type alias, not an interface: React Router's AppLoadContext is an index-signature record.
export type WebLoadContext = {
  services: Services;
  /** Per-request nonce that the Content-Security-Policy allows for inline scripts. */
  cspNonce: string;
  publicUrl: string;
};
