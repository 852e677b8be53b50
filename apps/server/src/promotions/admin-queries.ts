import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { couponRedemptions, coupons, offers } from './tables.js';

export type CouponRow = typeof coupons.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;
/** A coupon with its live uses and the discount they gave (released uses gave theirs back). */
export type CouponWithUses = CouponRow & { uses: number; discountGiven: number };

const usesOf = (db: Db) =>
  db
    .select({
      couponId: couponRedemptions.couponId,
      uses: count().as('uses'),
      discountGiven: sql<number>`coalesce(sum(${couponRedemptions.discountPaise}), 0)::int`.as('discount_given'),
    })
    .from(couponRedemptions)
    .where(isNull(couponRedemptions.releasedAt))
    .groupBy(couponRedemptions.couponId)
    .as('uses');

async function couponsWithUses(db: Db, id?: string): Promise<CouponWithUses[]> {
  const uses = usesOf(db);
  const rows = await db
    .select({ coupon: coupons, uses: uses.uses, discountGiven: uses.discountGiven })
    .from(coupons)
    .leftJoin(uses, eq(uses.couponId, coupons.id))
    .where(id === undefined ? undefined : eq(coupons.id, id))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map((row) => ({ ...row.coupon, uses: Number(row.uses ?? 0), discountGiven: Number(row.discountGiven ?? 0) }));
}

/** Every coupon, newest first, with its uses and discount given. */
export const allCoupons = (db: Db) => couponsWithUses(db);

/** One coupon with its uses, or null. */
export async function couponWithUses(db: Db, id: string): Promise<CouponWithUses | null> {
  return (await couponsWithUses(db, id))[0] ?? null;
}

/** Locks a coupon until the transaction ends (an edit, a switch or a removal reads it first); whether there is one. */
export async function lockCoupon(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id)).for('update');
  return rows.length > 0;
}

/** The id of the coupon with this code (kept in capitals), other than `exceptId`, or null. */
export async function couponIdByCode(db: Db, code: string, exceptId?: string): Promise<string | null> {
  const rows = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.code, code), exceptId ? sql`${coupons.id} <> ${exceptId}` : undefined));
  return rows[0]?.id ?? null;
}

export async function insertCoupon(db: Db, values: typeof coupons.$inferInsert): Promise<string> {
  const [row] = await db.insert(coupons).values(values).returning({ id: coupons.id });
  return row!.id;
}

export async function updateCoupon(db: Db, id: string, values: Partial<typeof coupons.$inferInsert>): Promise<void> {
  await db.update(coupons).set(values).where(eq(coupons.id, id));
}

/** Every use the coupon ever had (released ones too): its record of orders and bills. */
export async function redemptionCount(db: Db, couponId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));
  return Number(row?.n ?? 0);
}

export async function deleteCoupon(db: Db, id: string): Promise<void> {
  await db.delete(coupons).where(eq(coupons.id, id));
}

/** Every offer, newest first. */
export async function allOffers(db: Db): Promise<OfferRow[]> {
  return db.select().from(offers).orderBy(desc(offers.createdAt), desc(offers.id));
}

/** One offer, locked until the transaction ends, or null. */
export async function lockedOffer(db: Db, id: string): Promise<OfferRow | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).for('update');
  return row ?? null;
}

export async function insertOffer(db: Db, values: typeof offers.$inferInsert): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning();
  return row!;
}

export async function updateOffer(db: Db, id: string, values: Partial<typeof offers.$inferInsert>): Promise<OfferRow> {
  const [row] = await db.update(offers).set(values).where(eq(offers.id, id)).returning();
  return row!;
}

export async function deleteOffer(db: Db, id: string): Promise<void> {
  await db.delete(offers).where(eq(offers.id, id));
}
