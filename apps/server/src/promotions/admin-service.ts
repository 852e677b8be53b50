import {
  AppError,
  couponBodySchema,
  invalidInput,
  isUuid,
  istDay,
  offerBodySchema,
  promotionStatus,
  type AdminCoupon,
  type AdminOffer,
  type CouponBody,
  type OfferBody,
} from '@shop/core';
import { recordAudit, requireOwner, type AuditActor } from '../audit/service.js';
import { categorySlugs } from '../catalogue/queries.js';
import { isUniqueViolation, type Db } from '../db/database.js';
import {
  allCoupons,
  allOffers,
  couponIdByCode,
  couponWithUses,
  deleteCoupon,
  deleteOffer,
  insertCoupon,
  insertOffer,
  lockCoupon,
  lockedOffer,
  redemptionCount,
  updateCoupon,
  updateOffer,
  type CouponWithUses,
  type OfferRow,
} from './admin-queries.js';

// Issue 41, the back-office of coupons and automatic offers: any admin creates, edits, disables and enables them;
// deleting is the owner's, and a coupon that was ever used is disabled instead (its uses and the discount it gave
// stay on record). Every change is audited.

const COUPON_NOT_FOUND = 'Coupon not found.';
const OFFER_NOT_FOUND = 'Offer not found.';

const toAdminCoupon = (row: CouponWithUses, today: string): AdminCoupon => {
  const fields = {
    startsAt: row.startsOn,
    endsAt: row.endsOn,
    disabled: row.disabledAt !== null,
    usageLimit: row.usageLimit,
    uses: Math.max(row.uses, row.usedCount),
  };
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    maxDiscount: row.maxDiscountPaise,
    minOrder: row.minOrderPaise,
    ...fields,
    perCustomerLimit: row.perCustomerLimit,
    firstOrderOnly: row.firstOrderOnly,
    categoryIds: row.categoryIds,
    discountGiven: row.discountGiven,
    status: promotionStatus(fields, today),
    createdAt: row.createdAt.toISOString(),
  };
};

const toAdminOffer = (row: OfferRow, today: string): AdminOffer => {
  const fields = { startsAt: row.startsOn, endsAt: row.endsOn, disabled: row.disabledAt !== null };
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    minPieces: row.minPieces,
    percent: row.percent,
    minOrder: row.minOrderPaise,
    flat: row.flatPaise,
    categoryIds: row.categoryIds,
    ...fields,
    status: promotionStatus(fields, today),
    createdAt: row.createdAt.toISOString(),
  };
};

/** What the audit log keeps: the saved fields, not the figures that change with every order. */
const couponSnapshot = ({ _id, uses: _uses, discountGiven: _given, status: _status, createdAt: _at, ...fields }: AdminCoupon) => fields;
const offerSnapshot = ({ _id, status: _status, createdAt: _at, ...fields }: AdminOffer) => fields;

export interface PromotionsAdminService {
  /** Every coupon, newest first, with its uses (live redemptions), the discount they gave and its status today. */
  listCoupons(): Promise<AdminCoupon[]>;
  /** INVALID_DATA naming the field; CONFLICT naming `code` when another coupon has the code in any case. Audited. */
  createCoupon(actor: AuditActor, input: CouponBody): Promise<AdminCoupon>;
  /** The same rules; `usageLimit` not below the uses made. NOT_FOUND for an unknown id. Audited with before and after. */
  updateCoupon(actor: AuditActor, couponId: string, input: CouponBody): Promise<AdminCoupon>;
  /** Disables (no shopper can use it) or enables it again; audited. */
  setCouponDisabled(actor: AuditActor, couponId: string, disabled: boolean): Promise<AdminCoupon>;
  /** The owner's (NOT_ALLOWED for staff); CONFLICT for a coupon that was used: it is disabled instead. Audited. */
  deleteCoupon(actor: AuditActor, couponId: string): Promise<void>;
  listOffers(): Promise<AdminOffer[]>;
  createOffer(actor: AuditActor, input: OfferBody): Promise<AdminOffer>;
  updateOffer(actor: AuditActor, offerId: string, input: OfferBody): Promise<AdminOffer>;
  setOfferDisabled(actor: AuditActor, offerId: string, disabled: boolean): Promise<AdminOffer>;
  /** The owner's (NOT_ALLOWED for staff); orders keep the offer's name and saving. Audited. */
  deleteOffer(actor: AuditActor, offerId: string): Promise<void>;
}

const invalid = (field: string, message: string) => new AppError('INVALID_DATA', `${field}: ${message}`, { [field]: message });
const codeTaken = (code: string) => {
  const message = `${code} is already a coupon code; choose another.`;
  return new AppError('CONFLICT', `code: ${message}`, { code: message });
};

export function createPromotionsAdminService(db: Db, now: () => Date = () => new Date()): PromotionsAdminService {
  const today = () => istDay(now());

  /** Refuses a category that is not in the catalogue (400 naming `categoryIds`). */
  const checkCategories = async (ids: readonly string[]) => {
    if (ids.length === 0) return;
    const known = await categorySlugs(db, ids);
    if (ids.some((id) => !known.has(id))) throw invalid('categoryIds', 'A chosen category does not exist; choose from the list.');
  };

  const couponValues = async (input: CouponBody) => {
    const parsed = couponBodySchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const data = parsed.data;
    const categoryIds = data.categoryIds ?? [];
    await checkCategories(categoryIds);
    return {
      code: data.code,
      kind: data.kind,
      value: data.value,
      maxDiscountPaise: data.kind === 'percent' ? (data.maxDiscount ?? null) : null,
      minOrderPaise: data.minOrder,
      startsOn: data.startsAt ?? null,
      endsOn: data.endsAt ?? null,
      usageLimit: data.usageLimit ?? null,
      perCustomerLimit: data.perCustomerLimit ?? null,
      firstOrderOnly: data.firstOrderOnly,
      categoryIds,
    };
  };

  const offerValues = async (input: OfferBody) => {
    const parsed = offerBodySchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const data = parsed.data;
    const pieces = data.kind === 'pieces_percent';
    // An order offer counts the whole order: its categories are not kept, nor the other kind's figures.
    const categoryIds = pieces ? (data.categoryIds ?? []) : [];
    await checkCategories(categoryIds);
    return {
      name: data.name,
      kind: data.kind,
      minPieces: pieces ? data.minPieces! : null,
      percent: pieces ? data.percent! : null,
      categoryIds,
      minOrderPaise: pieces ? null : data.minOrder!,
      flatPaise: pieces ? null : data.flat!,
      startsOn: data.startsAt ?? null,
      endsOn: data.endsAt ?? null,
    };
  };

  const audit = (
    tx: Db,
    actor: AuditActor,
    entity: 'coupon' | 'offer',
    action: string,
    id: string,
    before: object | null,
    after: object | null,
  ) => recordAudit(tx, actor, { action: `${entity}.${action}`, entity, entityId: id, before, after }, now());

  /** The coupon of an id the page or the API sent, locked; NOT_FOUND for one that is not a coupon's. */
  const lockedCoupon = async (tx: Db, couponId: string): Promise<AdminCoupon> => {
    if (!isUuid(couponId) || !(await lockCoupon(tx, couponId))) throw new AppError('NOT_FOUND', COUPON_NOT_FOUND);
    return toAdminCoupon((await couponWithUses(tx, couponId))!, today());
  };
  const readCoupon = async (tx: Db, couponId: string) => toAdminCoupon((await couponWithUses(tx, couponId))!, today());

  const existingOffer = async (tx: Db, offerId: string): Promise<AdminOffer> => {
    const row = isUuid(offerId) ? await lockedOffer(tx, offerId) : null;
    if (!row) throw new AppError('NOT_FOUND', OFFER_NOT_FOUND);
    return toAdminOffer(row, today());
  };

  /** Two admins saving one code at the same moment: the unique index refuses the second, as a 409. */
  const conflictOnTwin = (code: string) => (error: unknown) => {
    if (isUniqueViolation(error, 'coupons_code_unique')) throw codeTaken(code);
    throw error;
  };

  return {
    async listCoupons() {
      const day = today();
      return (await allCoupons(db)).map((row) => toAdminCoupon(row, day));
    },

    async createCoupon(actor, input) {
      const values = await couponValues(input);
      return db
        .transaction(async (tx) => {
          if (await couponIdByCode(tx, values.code)) throw codeTaken(values.code);
          const id = await insertCoupon(tx, { ...values, createdBy: actor.id });
          const created = await readCoupon(tx, id);
          await audit(tx, actor, 'coupon', 'create', id, null, couponSnapshot(created));
          return created;
        })
        .catch(conflictOnTwin(values.code));
    },

    async updateCoupon(actor, couponId, input) {
      const values = await couponValues(input);
      return db
        .transaction(async (tx) => {
          const before = await lockedCoupon(tx, couponId);
          if (await couponIdByCode(tx, values.code, couponId)) throw codeTaken(values.code);
          if (values.usageLimit !== null && values.usageLimit < before.uses)
            throw invalid('usageLimit', `Total uses cannot be below the ${before.uses} uses made already.`);
          await updateCoupon(tx, couponId, { ...values, updatedAt: now() });
          const after = await readCoupon(tx, couponId);
          await audit(tx, actor, 'coupon', 'update', couponId, couponSnapshot(before), couponSnapshot(after));
          return after;
        })
        .catch(conflictOnTwin(values.code));
    },

    async setCouponDisabled(actor, couponId, disabled) {
      return db.transaction(async (tx) => {
        const before = await lockedCoupon(tx, couponId);
        if (before.disabled === disabled) return before;
        await updateCoupon(tx, couponId, { disabledAt: disabled ? now() : null, updatedAt: now() });
        const after = await readCoupon(tx, couponId);
        await audit(tx, actor, 'coupon', disabled ? 'disable' : 'enable', couponId, couponSnapshot(before), couponSnapshot(after));
        return after;
      });
    },

    async deleteCoupon(actor, couponId) {
      requireOwner(actor);
      await db.transaction(async (tx) => {
        const before = await lockedCoupon(tx, couponId);
        const used = await redemptionCount(tx, couponId);
        if (used > 0)
          throw new AppError(
            'CONFLICT',
            `${before.code} has been used ${used === 1 ? 'once' : `${used} times`}: disable it instead, so its uses and the discount it gave stay on record.`,
          );
        await deleteCoupon(tx, couponId);
        await audit(tx, actor, 'coupon', 'delete', couponId, couponSnapshot(before), null);
      });
    },

    async listOffers() {
      const day = today();
      return (await allOffers(db)).map((row) => toAdminOffer(row, day));
    },

    async createOffer(actor, input) {
      const values = await offerValues(input);
      return db.transaction(async (tx) => {
        const created = toAdminOffer(await insertOffer(tx, { ...values, createdBy: actor.id }), today());
        await audit(tx, actor, 'offer', 'create', created._id, null, offerSnapshot(created));
        return created;
      });
    },

    async updateOffer(actor, offerId, input) {
      const values = await offerValues(input);
      return db.transaction(async (tx) => {
        const before = await existingOffer(tx, offerId);
        const after = toAdminOffer(await updateOffer(tx, offerId, { ...values, updatedAt: now() }), today());
        await audit(tx, actor, 'offer', 'update', offerId, offerSnapshot(before), offerSnapshot(after));
        return after;
      });
    },

    async setOfferDisabled(actor, offerId, disabled) {
      return db.transaction(async (tx) => {
        const before = await existingOffer(tx, offerId);
        if (before.disabled === disabled) return before;
        const after = toAdminOffer(await updateOffer(tx, offerId, { disabledAt: disabled ? now() : null, updatedAt: now() }), today());
        await audit(tx, actor, 'offer', disabled ? 'disable' : 'enable', offerId, offerSnapshot(before), offerSnapshot(after));
        return after;
      });
    },

    async deleteOffer(actor, offerId) {
      requireOwner(actor);
      await db.transaction(async (tx) => {
        const before = await existingOffer(tx, offerId);
        await deleteOffer(tx, offerId);
        await audit(tx, actor, 'offer', 'delete', offerId, offerSnapshot(before), null);
      });
    },
  };
}
