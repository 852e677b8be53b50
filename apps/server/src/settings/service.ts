import { SHOP_TAGLINE, shopSettingsSchema, type ShopSettings, AppError } from '@shop/core';
import { requireOwner, type AuditActor } from '../audit/service.js';
import type { Db } from '../db/database.js';
import { createSettingsOnce, saveSettings, settingsRow, type SettingsRow } from './queries.js';

/** Demo details a fresh shop starts with; the owner edits them in the back-office. */
export const DEMO_SETTINGS: ShopSettings = {
  name: 'Saanjh Boutique',
  tagline: SHOP_TAGLINE,
  logoUrl: '/logo.svg',
  address: '14, 2nd Cross, Jayanagar 4th Block, Bengaluru, Karnataka 560011',
  phone: '+91 80 4123 5678',
  email: 'hello@saanjh.example',
  socialHandle: '@saanjhboutique',
  openingHours: 'Mon–Sat, 10 am – 7 pm IST',
  gstin: '29ABCDE1234F1Z5',
  state: 'Karnataka',
};

export interface SettingsService {
  /** `executor`: a transaction in progress (on PGlite, a read outside it would wait for it to end). */
  get(executor?: Db): Promise<ShopSettings>;
  /** The owner's (NOT_ALLOWED for staff). */
  update(actor: AuditActor, input: ShopSettings): Promise<ShopSettings>;
  /** Creates the settings row with demo values when there is none; never overwrites. */
  ensureExists(): Promise<void>;
}

export function createSettingsService(db: Db): SettingsService {
  const toSettings = (row: SettingsRow): ShopSettings =>
    shopSettingsSchema.parse({
      name: row.name,
      tagline: row.tagline,
      logoUrl: row.logoUrl,
      address: row.address,
      phone: row.phone,
      email: row.email,
      socialHandle: row.socialHandle,
      openingHours: row.openingHours,
      gstin: row.gstin,
      state: row.state,
    });

  return {
    async get(executor: Db = db) {
      const row = await settingsRow(executor);
      if (!row) throw new AppError('UNAVAILABLE', 'The shop is not set up yet.');
      return toSettings(row);
    },
    async update(actor, input) {
      requireOwner(actor);
      const values = shopSettingsSchema.parse(input);
      return toSettings(await saveSettings(db, values, new Date()));
    },
    async ensureExists() {
      await createSettingsOnce(db, DEMO_SETTINGS);
    },
  };
}
