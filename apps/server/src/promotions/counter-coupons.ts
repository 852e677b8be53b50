import { AppError, checkCoupon, istDay, type Paise } from '@shop/core';
import type { Db } from '../db/database.js';
import { claimUse, couponByCode, couponRule } from './bag-pricing.js';

// Issue 41: a coupon code at the counter, by the rules the bag applies (core's checkCoupon, the one code path):
// dates, uses, minimum and categories. A walk-in customer has no account, so the per-shopper rules (uses per
// shopper, first order only) are the online shop's and are not asked here.

/** A bill line as the code reads it: what it comes to after its own and the bill's percentage, and its category. */
export interface CounterCouponLine {
  total: Paise;
  quantity: number;
  categoryId: string | null;
  afterDiscounts: Paise;
}

const refused = (message: string) => new AppError('INVALID_DATA', `couponCode: ${message}`, { couponCode: message });

/** The coupon of a code and what it takes off these lines on `at`'s India day; INVALID_DATA naming couponCode in words. */
export async function counterCoupon(
  tx: Db,
  code: string,
  lines: readonly CounterCouponLine[],
  at: Date,
): Promise<{ couponId: string; amount: Paise }> {
  const row = (await couponByCode(tx, code)) ?? null;
  const checked = checkCoupon(
    code,
    row && couponRule(row),
    lines.map((line) => ({ total: line.total, quantity: line.quantity, categoryId: line.categoryId, afterOffer: line.afterDiscounts })),
    istDay(at),
  );
  if (!checked.ok) throw refused(checked.refusal.message.replace(/ in your bag\.$/, ' on this bill.'));
  return { couponId: row!.id, amount: checked.amount };
}

/**
 * Takes one use of the coupon for a counter bill, in the bill's transaction, as an order takes its use (claimUse):
 * INVALID_DATA naming couponCode when the last use went to someone else first.
 */
export async function claimBillUse(tx: Db, use: { couponId: string; billId: string; discountPaise: Paise; at: Date }): Promise<void> {
  if (!(await claimUse(tx, use))) throw refused('This code has been used up.');
}
