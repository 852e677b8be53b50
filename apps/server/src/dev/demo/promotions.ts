import { addDays, istDay, type CouponBody, type OfferBody } from '@shop/core';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { coupons, offers } from '../../promotions/tables.js';
import type { Services } from '../../services.js';
import type { DemoCategorySlug } from './demo-catalogue.js';
import { DEMO_START } from './demo-owner.js';
import { ensureCategories } from './seed.js';

/** The demo's coupon codes (issue 41), dated from the day the shop starts: `startsIn`/`endsIn` days from it. */
export const DEMO_COUPONS: ReadonlyArray<Omit<CouponBody, 'startsAt' | 'endsAt'> & { startsIn?: number; endsIn?: number }> = [
  // 10 % off, at most ₹500, on ₹1,999 or more; once per shopper, for a month.
  { code: 'FESTIVE10', kind: 'percent', value: 10, maxDiscount: 50_000, minOrder: 199_900, perCustomerLimit: 1, startsIn: -2, endsIn: 30 },
  // ₹200 off a shopper's first order of ₹999 or more.
  { code: 'WELCOME200', kind: 'flat', value: 20_000, minOrder: 99_900, firstOrderOnly: true, perCustomerLimit: 1 },
];

/** The demo's automatic offers; a pieces offer names its categories by their demo slugs. */
export const DEMO_OFFERS: ReadonlyArray<Omit<OfferBody, 'categoryIds'> & { categories?: DemoCategorySlug[] }> = [
  { name: '3 kurtis or more: 10 % off them', kind: 'pieces_percent', minPieces: 3, percent: 10, categories: ['kurtis'] },
  { name: 'Orders of ₹4,999 or more: ₹300 off', kind: 'order_flat', minOrder: 499_900, flat: 30_000 },
];

/**
 * Inserts the demo coupons and offers when the shop has none of either; never touches an edited list. Made through
 * the back-office's service, so they are checked and audited as an admin's would be.
 */
export async function ensureDemoPromotions(
  db: Db,
  services: Pick<Services, 'promotionsAdmin' | 'catalogue' | 'catalogueAdmin' | 'media'>,
  now = new Date(),
): Promise<void> {
  const [existingCoupons] = await db.select({ n: count() }).from(coupons);
  const [existingOffers] = await db.select({ n: count() }).from(offers);
  if ((existingCoupons?.n ?? 0) > 0 || (existingOffers?.n ?? 0) > 0) return;
  const today = istDay(now);
  const day = (days: number | undefined) => (days === undefined ? null : addDays(today, days));
  for (const { startsIn, endsIn, ...coupon } of DEMO_COUPONS) {
    await services.promotionsAdmin.createCoupon(DEMO_START, { ...coupon, startsAt: day(startsIn), endsAt: day(endsIn) });
  }
  const categoryIds = await ensureCategories(services);
  for (const { categories, ...offer } of DEMO_OFFERS) {
    await services.promotionsAdmin.createOffer(DEMO_START, {
      ...offer,
      categoryIds: (categories ?? []).map((slug) => categoryIds.get(slug)!),
    });
  }
}
