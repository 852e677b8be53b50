import type { Db } from '../../db/database.js';
import { coupons } from '../../promotions/tables.js';

/** The demo shop's code for trying a coupon in the bag (issue 41): 10 % off, at most ₹300, no dates or limits. */
export const DEMO_SHOPPER_COUPON = { code: 'SAANJH10', kind: 'percent', value: 10, maxDiscountPaise: 30_000 } as const;

/** Adds the demo code unless a code of that name is there already (kept as the owner left it). */
export async function ensureDemoShopperCoupon(db: Db): Promise<void> {
  await db.insert(coupons).values(DEMO_SHOPPER_COUPON).onConflictDoNothing({ target: coupons.code });
}
