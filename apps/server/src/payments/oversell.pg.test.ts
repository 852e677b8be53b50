import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';
import { HOME_ADDRESS } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

// Vendure #4930 oversold stock without row locks. Here 40 shoppers race for the last 7 pieces of one variant
// on a real PostgreSQL server with several connections.
describe('the last pieces of a variant', () => {
  it('go to exactly as many buyers as there are pieces; everyone else is told it is out of stock', async () => {
    const product = await sellableProduct(t, { stock: 7, pricePaise: 1_20_000 });
    const shoppers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const user = await signedInUser(t.app, mail);
        const address = (await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: user.sid, body: HOME_ADDRESS })).json<{
          data: { address: { _id: string } };
        }>();
        const added = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid: user.sid, body: { ...product, quantity: 1 } });
        expect(added.statusCode).toBe(200);
        return { sid: user.sid, addressId: address.data.address._id };
      }),
    );

    const attempts = await Promise.all(
      shoppers.map((shopper) =>
        jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
          sid: shopper.sid,
          body: {
            amount: 1,
            paymentMethod: 'online',
            products: [{ id: product.productId, variant: product.variantId }],
            address: shopper.addressId,
          },
        }),
      ),
    );
    const reserved = attempts.filter((response) => response.statusCode === 200);
    const refused = attempts.filter((response) => response.statusCode !== 200);
    expect(reserved).toHaveLength(7);
    expect(refused.map((response) => response.statusCode)).toEqual(Array(33).fill(409));
    for (const response of refused) expect(response.json<{ error: string }>().error).toMatch(/out of stock|Only \d+ left/);
    expect(await stockOf(t.database.db, product)).toBe(0);

    const emulator = t.services.paymentProvider.emulator!;
    const paid = await Promise.all(
      reserved.map(async (response) => {
        const { razorpay } = response.json<{ data: { razorpay: { id: string } } }>().data;
        const captured = await emulator.capturePayment(razorpay.id);
        const buyer = shoppers[attempts.indexOf(response)]!;
        return jsonCall(t.app, 'POST', '/api/user/payment/verifyPayment', {
          sid: buyer.sid,
          body: {
            razorpayOrderId: captured.razorpay_order_id,
            razorpayPaymentId: captured.razorpay_payment_id,
            razorpaySignature: captured.razorpay_signature,
          },
        });
      }),
    );
    expect(paid.map((response) => response.statusCode)).toEqual(Array(7).fill(200));
    expect(await stockOf(t.database.db, product)).toBe(0);
  }, 120_000);
});
