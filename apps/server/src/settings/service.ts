import {
  AppError,
  DEFAULT_COD_SETTINGS,
  DEFAULT_OWNER_CONTROLS,
  IMAGE_WIDTHS,
  SHOP_DETAILS_NEEDED,
  SHOP_NOT_OPEN,
  SHOP_TAGLINE,
  invalidInput,
  mediaUrl,
  storedShopSettingsSchema,
  updateSettingsSchema,
  type AdminShopSettings,
  type CodSettings,
  type CounterReturnPolicy,
  type OwnerControls,
  type ShopSettings,
  type UpdateSettings,
} from '@shop/core';
import { recordAudit, requireOwner, type AuditActor } from '../audit/service.js';
import type { Db } from '../db/database.js';
import type { MediaStore } from '../media/store.js';
import { createSettingsOnce, lockedSettingsRow, saveSettings, settingsRow, type SettingsRow } from './queries.js';

/**
 * Demo details a fresh shop starts with; the owner replaces them on the back-office's Settings page. Production
 * takes no orders and makes no bills until she has (the row's saved_at, issue 39). The GSTIN is a made-up one of
 * Karnataka's with a right check character.
 */
export const DEMO_SETTINGS: ShopSettings = {
  name: 'Saanjh Boutique',
  legalName: 'Saanjh Boutique',
  tagline: SHOP_TAGLINE,
  logoUrl: '/logo.svg',
  address: '14, 2nd Cross, Jayanagar 4th Block, Bengaluru, Karnataka 560011',
  phone: '+91 80 4123 5678',
  email: 'hello@saanjh.example',
  socialHandle: '@saanjhboutique',
  openingHours: 'Mon–Sat, 10 am – 7 pm IST',
  gstin: '29ABCDE1234F1ZW',
  state: 'Karnataka',
};

export interface SettingsService {
  /** `executor`: a transaction in progress (on PGlite, a read outside it would wait for it to end). */
  get(executor?: Db): Promise<ShopSettings>;
  /** The details and whether the owner has saved them: the owner's (NOT_ALLOWED for staff). */
  getForOwner(actor: AuditActor): Promise<AdminShopSettings>;
  /**
   * The owner's (NOT_ALLOWED for staff): checked (the GSTIN by its check character and state), saved, audited.
   * `controls` omitted: the owner's controls stay as they are.
   */
  update(actor: AuditActor, input: UpdateSettings): Promise<AdminShopSettings>;
  /** Who may issue a counter credit note: the billing service's policy, from the owner's controls, read afresh each time. */
  counterReturnPolicy: () => Promise<CounterReturnPolicy>;
  /** The pieces at or under which a variant runs low (reports/stock-threshold.ts), from the owner's controls. */
  lowStockThreshold: () => Promise<number>;
  /** The owner's cash-on-delivery setting (off by default), read afresh; `executor`: a transaction in progress. */
  cod(executor?: Db): Promise<CodSettings>;
  /**
   * Where parcels leave from and which courier a booking takes (issue 42): the pincode at the end of the shop's
   * address (null when it has none), and the owner's default choice, cheapest or fastest.
   */
  shippingFrom: () => Promise<{ pickupPincode: string | null; courierChoice: 'cheapest' | 'fastest' }>;
  /**
   * Stores a logo the owner uploaded through the product photos' pipeline (checked by content, within the pixel
   * limit, WebP renditions, local disk or S3) and answers its address for `logoUrl` (NOT_ALLOWED for staff).
   */
  saveLogo(actor: AuditActor, bytes: Uint8Array): Promise<string>;
  /** Whether the shop takes orders and makes bills: in production, only once the owner has saved its details. */
  takingOrders(executor?: Db): Promise<boolean>;
  /**
   * UNAVAILABLE (503) in words when the shop does not take orders yet (takingOrders): for a shopper's checkout, or
   * for the counter, whose bill would be a tax invoice under the demo's GSTIN.
   */
  assertTakingOrders(who: 'checkout' | 'counter', executor?: Db): Promise<void>;
  /** Creates the settings row with demo values when there is none; never overwrites. */
  ensureExists(): Promise<void>;
}

const toSettings = (row: SettingsRow): ShopSettings =>
  storedShopSettingsSchema.parse({
    name: row.name,
    legalName: row.legalName || row.name,
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

const toControls = (row: SettingsRow): OwnerControls => ({
  staffReturnMaxPaise: row.staffReturnMaxPaise,
  staffReturnsSameDayOnly: row.staffReturnsSameDayOnly,
  lowStockThreshold: row.lowStockThreshold,
});

const toCod = (row: SettingsRow): CodSettings => ({
  enabled: row.codEnabled,
  fee: row.codFeePaise,
  minOrder: row.codMinOrderPaise,
  maxOrder: row.codMaxOrderPaise,
  maxOpenPerShopper: row.codMaxOpenPerShopper,
});

/** The columns of the cash-on-delivery setting (issue 41). */
const codColumns = (cod: CodSettings) => ({
  codEnabled: cod.enabled,
  codFeePaise: cod.fee,
  codMinOrderPaise: cod.minOrder,
  codMaxOrderPaise: cod.maxOrder,
  codMaxOpenPerShopper: cod.maxOpenPerShopper,
});

const toAdminSettings = (row: SettingsRow): AdminShopSettings => ({
  settings: toSettings(row),
  savedAt: row.savedAt?.toISOString() ?? null,
  controls: toControls(row),
  cod: toCod(row),
  courierChoice: row.courierChoice,
});

/** The audit entry's picture of the row: the details, when saved, the controls and cash on delivery. */
const audited = (row: SettingsRow) => ({
  ...toSettings(row),
  savedAt: row.savedAt,
  controls: toControls(row),
  cod: toCod(row),
  courierChoice: row.courierChoice,
});

/** `production`: config.production, where demo details keep checkout and the counter closed. */
export function createSettingsService(
  db: Db,
  options: { production?: boolean; now?: () => Date; media?: Pick<MediaStore, 'saveImage'> } = {},
): SettingsService {
  const now = options.now ?? (() => new Date());
  const rowOf = async (executor: Db) => {
    const row = await settingsRow(executor);
    if (!row) throw new AppError('UNAVAILABLE', 'The shop is not set up yet.');
    return row;
  };
  // Before the row exists (a service used alone) the controls are their defaults, as the row would start with.
  const controlsNow = async () => {
    const row = await settingsRow(db);
    return row ? toControls(row) : DEFAULT_OWNER_CONTROLS;
  };
  const takingOrders = async (executor: Db = db) => !options.production || (await rowOf(executor)).savedAt !== null;

  return {
    async get(executor: Db = db) {
      return toSettings(await rowOf(executor));
    },
    async getForOwner(actor) {
      requireOwner(actor);
      return toAdminSettings(await rowOf(db));
    },
    async update(actor, input) {
      requireOwner(actor);
      const checked = updateSettingsSchema.safeParse(input);
      if (!checked.success) throw invalidInput(checked.error.issues);
      const { controls, cod, courierChoice, ...details } = checked.data;
      return db.transaction(async (tx) => {
        const before = await lockedSettingsRow(tx);
        const at = now();
        const saved = await saveSettings(
          tx,
          { ...details, ...controls, ...(cod && codColumns(cod)), ...(courierChoice && { courierChoice }) },
          at,
        );
        await recordAudit(
          tx,
          actor,
          {
            action: 'settings.update',
            entity: 'settings',
            entityId: 'shop',
            before: before ? audited(before) : null,
            after: audited(saved),
          },
          at,
        );
        return toAdminSettings(saved);
      });
    },
    async counterReturnPolicy() {
      const controls = await controlsNow();
      return { staffMaxPaise: controls.staffReturnMaxPaise, sameDayOnly: controls.staffReturnsSameDayOnly };
    },
    async lowStockThreshold() {
      return (await controlsNow()).lowStockThreshold;
    },
    async cod(executor: Db = db) {
      const row = await settingsRow(executor);
      return row ? toCod(row) : DEFAULT_COD_SETTINGS;
    },
    async shippingFrom() {
      const row = await settingsRow(db);
      const pincodes = row?.address.match(/\b[1-9]\d{5}\b/g) ?? [];
      return { pickupPincode: pincodes.at(-1) ?? null, courierChoice: row?.courierChoice ?? 'cheapest' };
    },
    async saveLogo(actor, bytes) {
      requireOwner(actor);
      if (!options.media) throw new AppError('UNAVAILABLE', 'Logos cannot be uploaded here.');
      const stored = await options.media.saveImage(Buffer.from(bytes), 'logo');
      // The narrowest rendition (240 px) is sharp at the 40–56 px the header and invoices draw it.
      return mediaUrl(stored.key, IMAGE_WIDTHS[0]);
    },
    takingOrders,
    async assertTakingOrders(who, executor) {
      if (!(await takingOrders(executor))) throw new AppError('UNAVAILABLE', who === 'checkout' ? SHOP_NOT_OPEN : SHOP_DETAILS_NEEDED);
    },
    async ensureExists() {
      await createSettingsOnce(db, DEMO_SETTINGS);
    },
  };
}
