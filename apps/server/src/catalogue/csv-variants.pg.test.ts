import type { CsvImportRow } from '@shop/core';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';
import { adminCall, adminUpload, signedInOwner } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { HOME_ADDRESS } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

// Issue 26 on a real PostgreSQL server: a CSV import changing a variant's and a variant-less product's stock while
// shoppers order both at the same moment. The import locks the shelves in the order orders take them, so neither
// waits on the other for ever (a deadlock would fail one of the calls).
describe('catalogue CSV import of variants racing orders', () => {
  it('loses no sale and deadlocks with no order, whatever the file’s order of rows', async () => {
    const owner = await signedInOwner(t);
    for (let round = 0; round < 3; round++) {
      const kurta = await sellableProduct(t, { stock: 10 });
      const stole = await sellableProduct(t, { variants: false, stock: 10 });
      const shoppers = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const user = await signedInUser(t.app, mail);
          const address = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: user.sid, body: HOME_ADDRESS });
          for (const item of [kurta, stole]) {
            const added = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid: user.sid, body: { ...item, quantity: 1 } });
            expect(added.statusCode, added.body).toBe(200);
          }
          return { sid: user.sid, addressId: address.json<{ data: { address: { _id: string } } }>().data.address._id };
        }),
      );
      const exported = await adminCall(t.app, 'GET', '/api/admin/product/exportProducts', { asid: owner.asid });
      const all = parse<Record<string, string>>(exported.body, { columns: true });
      // The variant-less product first, then the product with variants: not the order the shelves are locked in.
      const rows = [stole.productId, kurta.productId]
        .flatMap((id) => all.filter((row) => row.id === id))
        .map((row) => ({ ...row, stock: '30' }));

      const [imported, ...orders] = await Promise.all([
        adminUpload(
          t.app,
          '/api/admin/product/importProducts',
          [{ bytes: Buffer.from(stringify(rows, { header: true })), name: 'catalogue.csv', type: 'text/csv', field: 'file' }],
          { asid: owner.asid },
        ),
        ...shoppers.map((shopper) =>
          jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
            sid: shopper.sid,
            body: {
              paymentMethod: 'online',
              products: [{ id: kurta.productId, variant: kurta.variantId }, { id: stole.productId }],
              address: shopper.addressId,
            },
          }),
        ),
      ]);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(orders.map((order) => order.statusCode)).toEqual([200, 200, 200, 200]);
      const results = imported.json<{ data: { results: CsvImportRow[] } }>().data.results;
      for (const [shelf, result] of [
        [stole, results[0]!],
        [kurta, results[1]!],
      ] as const) {
        // Written onto the 10 it was exported from before the four sales, or refused after one of them.
        const stock = await stockOf(t.database.db, shelf);
        if (result.stock.outcome === 'set') expect([result.stock.before, stock]).toEqual([10, 26]);
        else expect([result.stock.outcome, stock]).toEqual(['conflict', 6]);
      }
    }
  });
});
