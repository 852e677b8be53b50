import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { ensureDemoPromotions } from './promotions.js';

const t = useTestApp();

describe('the demo coupons and offers (issue 41)', () => {
  it('are made once, active from the day the shop starts, and left alone after', async () => {
    await ensureDemoPromotions(t.database.db, t.services);
    await ensureDemoPromotions(t.database.db, t.services);
    const coupons = await t.services.promotionsAdmin.listCoupons();
    expect(coupons.map((coupon) => [coupon.code, coupon.status])).toEqual(
      expect.arrayContaining([
        ['FESTIVE10', 'active'],
        ['WELCOME200', 'active'],
      ]),
    );
    expect(coupons).toHaveLength(2);
    expect(coupons.find((coupon) => coupon.code === 'WELCOME200')).toMatchObject({ kind: 'flat', value: 20_000, firstOrderOnly: true });
    const offers = await t.services.promotionsAdmin.listOffers();
    expect(offers).toHaveLength(2);
    const kurtis = (await t.services.catalogue.listCategories()).find((category) => category.slug === 'kurtis')!;
    expect(offers.find((offer) => offer.kind === 'pieces_percent')).toMatchObject({ minPieces: 3, percent: 10, categoryIds: [kurtis._id] });
    expect(offers.find((offer) => offer.kind === 'order_flat')).toMatchObject({ minOrder: 499_900, flat: 30_000, status: 'active' });
  });
});
