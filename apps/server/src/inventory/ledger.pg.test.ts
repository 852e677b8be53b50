import { asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';
import { adminCall, signedInOwner } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { HOME_ADDRESS } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';
import { stockMovements } from './tables.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

// Shoppers, the counter and admins change one variant's stock at once, on a real PostgreSQL server with several
// connections: the ledger must still tell the shelf's story, row by row, in the order the changes happened.
describe('the stock ledger under concurrent changes', () => {
  it('has one row per change, each quantity after following from the one before, ending at the stock on the shelf', async () => {
    const owner = await signedInOwner(t);
    const product = await sellableProduct(t, { stock: 6, pricePaise: 80_000 });
    const shoppers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const user = await signedInUser(t.app, mail);
        const address = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: user.sid, body: HOME_ADDRESS });
        await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid: user.sid, body: { ...product, quantity: 1 } });
        return { sid: user.sid, addressId: address.json<{ data: { address: { _id: string } } }>().data.address._id };
      }),
    );
    const results = await Promise.all([
      ...shoppers.map((shopper) =>
        jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
          sid: shopper.sid,
          body: { paymentMethod: 'online', products: [{ id: product.productId, variant: product.variantId }], address: shopper.addressId },
        }),
      ),
      ...Array.from({ length: 3 }, () =>
        adminCall(t.app, 'POST', '/api/admin/bill/createBill', { asid: owner.asid, body: { items: [{ ...product, quantity: 1 }] } }),
      ),
      ...Array.from({ length: 3 }, () =>
        adminCall(t.app, 'PUT', '/api/admin/product/updateVariant', {
          asid: owner.asid,
          body: { ...product, quantity: 8, previousQuantity: 6, variantColorPrice: 0, variantSizePrice: 0 },
        }),
      ),
    ]);
    const succeeded = results.filter((response) => response.statusCode === 200).length;
    expect(results.every((response) => [200, 409].includes(response.statusCode))).toBe(true);

    // Newest first, as the back-office reads them (created_at, then id).
    const newestFirst = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.variantId, product.variantId!))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id));
    const rows = newestFirst.reverse();
    expect(rows).toHaveLength(1 + succeeded);
    let quantity = 0;
    for (const row of rows) {
      quantity += row.change;
      expect(row.quantityAfter).toBe(quantity);
    }
    expect(quantity).toBe(await stockOf(t.database.db, product));
    // The same order by id: one shelf's rows are written under its row lock.
    const byId = await t.database.db
      .select({ id: stockMovements.id })
      .from(stockMovements)
      .where(eq(stockMovements.variantId, product.variantId!))
      .orderBy(asc(stockMovements.id));
    expect(byId.map((row) => row.id)).toEqual(rows.map((row) => row.id));
  });
});
