import type { Bill } from '@shop/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE } from '../audit/service.js';
import { auditLog, couponRedemptions, coupons } from '../db/schema.js';
import type { ErrorEnvelope } from '../http/envelope.js';
import { adminCall, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

// Issue 41: the counter takes a coupon code by the bag's rules (core's checkCoupon, the one code path); its
// discount comes after the bill's percentage, with the flat discount, and uses one of the code's uses (a
// coupon_redemptions row naming the bill), so the back-office's list counts it.

const t = useTestApp({ services: { now: () => new Date('2026-11-20T12:00:00+05:30') } });
let owner: SignedInAdminForTest;
let kurtisId: string;

const createBill = (body: object) => adminCall(t.app, 'POST', '/api/admin/bill/createBill', { asid: owner.asid, body });
const billOf = (response: { json: () => unknown }) => (response.json() as { data: { bill: Bill } }).data.bill;
const refusal = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).fields?.couponCode;

beforeAll(async () => {
  owner = await signedInOwner(t);
  kurtisId = await t.services.catalogueAdmin.createCategory({
    name: 'Kurtis',
    slug: 'kurtis',
    style: 'traditional',
    hsnCode: '6204',
    position: 1,
  });
  const coupon = (body: object) => t.services.promotionsAdmin.createCoupon(COMMAND_LINE, body as never);
  await coupon({
    code: 'FESTIVE10',
    kind: 'percent',
    value: 10,
    maxDiscount: 50_000,
    minOrder: 199_900,
    usageLimit: 2,
    perCustomerLimit: 1,
  });
  await coupon({ code: 'KURTI200', kind: 'flat', value: 20_000, categoryIds: [kurtisId], firstOrderOnly: true });
  await coupon({ code: 'OLDCODE', kind: 'flat', value: 10_000, endsAt: '2026-11-19' });
});

describe('a coupon code at the counter (issue 41)', () => {
  it('takes 10 % off after the bill’s percentage, records the use under the bill and counts it in the back-office', async () => {
    const saree = await sellableProduct(t, { name: 'Coupon Saree', pricePaise: 3_00_000, stock: 2, variants: false });
    const response = await createBill({ items: [{ productId: saree.productId, quantity: 1 }], discount: 5, couponCode: ' festive10 ' });
    expect(response.statusCode, response.body).toBe(200);
    const bill = billOf(response);
    // ₹3,000 less 5 % = ₹2,850; 10 % of it is ₹285 (under the ₹500 cap): ₹2,565 to pay.
    expect(bill.totalPrice).toBe(2_56_500);
    expect(bill.discountFlat).toBe(28_500);
    const [use] = await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.billId, bill._id));
    expect(use).toMatchObject({ discountPaise: 28_500, orderId: null, userId: null });
    const listed = (await t.services.promotionsAdmin.listCoupons()).find((coupon) => coupon.code === 'FESTIVE10');
    expect(listed).toMatchObject({ uses: 1, discountGiven: 28_500 });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, bill._id));
    expect(entry?.after).toMatchObject({ couponCode: 'FESTIVE10', couponDiscountPaise: 28_500 });
  });

  it('discounts only the pieces of its categories; the per-shopper rules are the online account’s', async () => {
    const kurti = await sellableProduct(t, { name: 'Coupon Kurti', pricePaise: 1_00_000, stock: 2, variants: false, categoryId: kurtisId });
    const bill = billOf(
      await createBill({
        items: [
          { productId: kurti.productId, quantity: 1 },
          { name: 'Fall and pico', price: 20_000, quantity: 1 },
        ],
        couponCode: 'KURTI200',
      }),
    );
    expect(bill.totalPrice).toBe(1_00_000);
    const alone = await createBill({ items: [{ name: 'Fall and pico', price: 20_000, quantity: 1 }], couponCode: 'KURTI200' });
    expect(alone.statusCode).toBe(400);
    expect(refusal(alone)).toBe('This code is not for the items on this bill.');
  });

  it('refuses in words, naming couponCode, and takes nothing: unknown, expired, below the minimum, used up', async () => {
    const saree = await sellableProduct(t, { name: 'Refused Saree', pricePaise: 1_50_000, stock: 3, variants: false });
    const items = [{ productId: saree.productId, quantity: 1 }];
    const cases: Array<[string, string]> = [
      ['NOSUCH1', 'NOSUCH1 is not a valid coupon code.'],
      ['OLDCODE', 'This code expired on 19 Nov 2026.'],
      ['FESTIVE10', 'Add ₹499 more to use FESTIVE10'],
    ];
    for (const [couponCode, message] of cases) {
      const response = await createBill({ items, couponCode });
      expect(response.statusCode).toBe(400);
      expect(refusal(response)).toBe(message);
    }
    expect(await stockOf(t.database.db, saree)).toBe(3);

    const two = [{ productId: saree.productId, quantity: 2 }];
    expect((await createBill({ items: two, couponCode: 'FESTIVE10' })).statusCode).toBe(200);
    const [festive] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'FESTIVE10'));
    expect(festive?.usedCount).toBe(2);
    const usedUp = await createBill({
      items: [
        { productId: saree.productId, quantity: 1 },
        { name: 'Blouse stitching', price: 60_000, quantity: 1 },
      ],
      couponCode: 'FESTIVE10',
    });
    expect(refusal(usedUp)).toBe('This code has been used up.');
  });
});
