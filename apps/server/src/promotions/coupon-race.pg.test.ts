import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../orders/tables.js';
import { useTestApp } from '../test/app.js';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';
import { HOME_ADDRESS } from '../test/order-fixture.js';
import { insertCoupon } from '../test/promotions-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { couponRedemptions, coupons } from './tables.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

// Issue 41: a code's uses are counted once and safely. Twenty shoppers with the code in their bags pay at the same
// moment on a real PostgreSQL server with several connections, and the code has one use left.
describe('the last use of a coupon', () => {
  it('goes to exactly one of twenty shoppers paying at once; the others are told in words and charged nothing', async () => {
    const product = await sellableProduct(t, { stock: 40, pricePaise: 1_20_000 });
    const coupon = await insertCoupon(t.database.db, { code: 'LASTONE', usageLimit: 5, usedCount: 4 });
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const user = await signedInUser(t.app, mail);
        const address = (await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: user.sid, body: HOME_ADDRESS })).json<{
          data: { address: { _id: string } };
        }>();
        expect(
          (await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid: user.sid, body: { ...product, quantity: 1 } })).statusCode,
        ).toBe(200);
        const applied = await jsonCall(t.app, 'POST', '/api/user/cart/applyCoupon', { sid: user.sid, body: { code: 'LASTONE' } });
        expect(applied.statusCode, applied.body).toBe(200);
        return { sid: user.sid, userId: user.userId, addressId: address.data.address._id };
      }),
    );

    const attempts = await Promise.all(
      shoppers.map((shopper) =>
        jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
          sid: shopper.sid,
          body: { paymentMethod: 'online', products: [{ id: product.productId, variant: product.variantId }], address: shopper.addressId },
        }),
      ),
    );
    const placed = attempts.filter((response) => response.statusCode === 200);
    const refused = attempts.filter((response) => response.statusCode !== 200);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.json<{ data: { razorpay: { amount: number } } }>().data.razorpay.amount).toBe(1_08_000);
    expect(refused.map((response) => response.statusCode)).toEqual(Array(19).fill(400));
    for (const response of refused) {
      expect(response.json<{ fields: { code: string } }>().fields.code).toBe('This code has been used up.');
    }
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.usedCount).toBe(5);
    expect(await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id))).toHaveLength(1);
    // Only the winner's order exists; the others' stock went back with their rolled-back transactions.
    expect(await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.couponCode, 'LASTONE'))).toHaveLength(1);
  }, 120_000);
});
