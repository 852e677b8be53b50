import {
  AppError,
  istDay,
  priceBag,
  type BagPrice,
  type CouponRefusal,
  type CouponRule,
  type OfferRule,
  type PromoLineInput,
  type ShopperFacts,
} from '@shop/core';
import { and, count, eq, gt, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { hasCountingOrder } from '../orders/queries.js';
import { couponRedemptions, coupons, offers } from './tables.js';

// Issue 41, the shopper's side of promotions on the server: the offers and the coupon a bag is priced with (by
// @shop/core's priceBag, the one pricing path of the bag, checkout and the order), the bag's code, and a coupon's uses —
// claimed in the placing transaction with a conditional update, given back when an unpaid order is cancelled or expires.

type CouponRow = typeof coupons.$inferSelect;

/** A coupon row as core's rules read it (the bag's and the counter's). */
export const couponRule = (row: CouponRow): CouponRule => ({
  code: row.code,
  kind: row.kind,
  value: row.value,
  maxDiscountPaise: row.maxDiscountPaise,
  minOrderPaise: row.minOrderPaise,
  startsOn: row.startsOn,
  endsOn: row.endsOn,
  usageLimit: row.usageLimit,
  usedCount: row.usedCount,
  perCustomerLimit: row.perCustomerLimit,
  firstOrderOnly: row.firstOrderOnly,
  categoryIds: row.categoryIds,
  disabled: row.disabledAt !== null,
});

/** Offers whose dates (India days, both ends included) cover `today`. */
const runningOn = (today: string) =>
  and(or(isNull(offers.startsOn), lte(offers.startsOn, today)), or(isNull(offers.endsOn), gte(offers.endsOn, today)));

/** The offers running today (India's day), oldest first (the first wins a tie). */
export async function offersOn(db: Db, today: string): Promise<OfferRule[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(and(isNull(offers.disabledAt), runningOn(today)))
    .orderBy(offers.createdAt, offers.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    minPieces: row.minPieces,
    percent: row.percent,
    categoryIds: row.categoryIds,
    minOrderPaise: row.minOrderPaise,
    flatPaise: row.flatPaise,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
  }));
}

/** The coupon stored under a code (in capitals), or undefined. */
export async function couponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

/**
 * What a code's per-shopper rules need: her live uses of the coupon, and whether she has an order that counts — one
 * paid or confirmed and not cancelled (an order waiting for payment, cancelled or expired is not a first order).
 */
export async function shopperFacts(db: Db, userId: string, couponId: string): Promise<ShopperFacts> {
  const [uses] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId), isNull(couponRedemptions.releasedAt)));
  return { usesOfCoupon: uses?.n ?? 0, hasOrdered: await hasCountingOrder(db, userId) };
}

export { bagCode, clearBagCode, setBagCode } from '../cart/queries.js';

/** A priced bag and the coupon row its code named (for the claim). */
export interface PricedBag {
  price: BagPrice;
  coupon: CouponRow | null;
}

/**
 * Prices lines with today's offers and `code` (her bag's, or one she is applying); `userId` undefined for a signed-out
 * shopper, whose per-shopper rules wait for her to sign in.
 */
export async function priceLines(
  db: Db,
  lines: readonly PromoLineInput[],
  at: Date,
  code: string | null,
  userId?: string,
  /** The cash-on-delivery fee, when she pays at the door. */
  codFee = 0,
): Promise<PricedBag> {
  const today = istDay(at);
  const coupon = code ? ((await couponByCode(db, code)) ?? null) : null;
  const shopper = coupon && userId ? await shopperFacts(db, userId, coupon.id) : undefined;
  const price = priceBag(lines, {
    offers: await offersOn(db, today),
    ...(code ? { coupon: { code, rule: coupon ? couponRule(coupon) : null } } : {}),
    today,
    ...(shopper ? { shopper } : {}),
    codFee,
  });
  return { price, coupon };
}

/** A code refused, as a field error of `code` (400). */
export const couponRefused = (refusal: CouponRefusal) =>
  new AppError('INVALID_DATA', `code: ${refusal.message}`, { code: refusal.message });

/**
 * Takes one use of the coupon for an order or a counter bill, in the placing transaction: the conditional update
 * cannot pass the usage limit however many shoppers pay at once (each waits for the row and checks again), and the
 * redemption row names the order (and its shopper) or the bill. False when the last use went to someone else first.
 */
export async function claimUse(
  tx: Db,
  use: { couponId: string; discountPaise: number; at: Date } & ({ orderId: string; userId: string } | { billId: string }),
): Promise<boolean> {
  const claimed = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.id, use.couponId), or(isNull(coupons.usageLimit), gt(coupons.usageLimit, coupons.usedCount))))
    .returning({ id: coupons.id });
  if (claimed.length === 0) return false;
  await tx.insert(couponRedemptions).values({
    couponId: use.couponId,
    ...('billId' in use ? { billId: use.billId } : { orderId: use.orderId, userId: use.userId }),
    discountPaise: use.discountPaise,
    createdAt: use.at,
  });
  return true;
}

/** Gives an unpaid order's use back, once, in the caller's transaction (cancelled, expired or withdrawn). */
export async function releaseUse(tx: Db, orderId: string, at: Date): Promise<void> {
  const released = await tx
    .update(couponRedemptions)
    .set({ releasedAt: at })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of released) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} - 1` })
      .where(and(eq(coupons.id, couponId), gt(coupons.usedCount, 0)));
  }
}

/**
 * An expired order paid late takes its use again (false: the coupon was used up since, and the payment is refunded
 * as for pieces sold out); an order that had no released use has nothing to take.
 */
export async function retakeUse(tx: Db, orderId: string): Promise<boolean> {
  const [use] = await tx
    .select({ id: couponRedemptions.id, couponId: couponRedemptions.couponId, releasedAt: couponRedemptions.releasedAt })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId));
  if (!use?.releasedAt) return true;
  const claimed = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.id, use.couponId), or(isNull(coupons.usageLimit), gt(coupons.usageLimit, coupons.usedCount))))
    .returning({ id: coupons.id });
  if (claimed.length === 0) return false;
  await tx.update(couponRedemptions).set({ releasedAt: null }).where(eq(couponRedemptions.id, use.id));
  return true;
}

/** A withdrawn order (the provider could not open its payment) never existed: its use goes, given back. */
export async function dropUse(tx: Db, orderId: string, at: Date): Promise<void> {
  await releaseUse(tx, orderId, at);
  await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
}
