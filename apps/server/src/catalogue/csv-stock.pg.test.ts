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

// Issue 12 on a real PostgreSQL server: a CSV import and shoppers' orders on the same stock at the same moment.
describe('catalogue CSV import racing orders', () => {
  it('loses no sale: the stock edit applies before the orders or is refused after them, and the row says which', async () => {
    const owner = await signedInOwner(t);
    const product = await sellableProduct(t, { variants: false, stock: 10 });
    const shoppers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const user = await signedInUser(t.app, mail);
        const address = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: user.sid, body: HOME_ADDRESS });
        await jsonCall(t.app, 'POST', '/api/user/product/addToCart', {
          sid: user.sid,
          body: { productId: product.productId, quantity: 1 },
        });
        return { sid: user.sid, addressId: address.json<{ data: { address: { _id: string } } }>().data.address._id };
      }),
    );
    const exported = await adminCall(t.app, 'GET', '/api/admin/product/exportProducts', { asid: owner.asid });
    const rows = parse<Record<string, string>>(exported.body, { columns: true })
      .filter((row) => row.id === product.productId)
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
          body: { paymentMethod: 'online', products: [{ id: product.productId }], address: shopper.addressId },
        }),
      ),
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(orders.map((order) => order.statusCode)).toEqual([200, 200, 200, 200]);
    const { outcome, before } = imported.json<{ data: { results: CsvImportRow[] } }>().data.results[0]!.stock;
    // Either the import locked the row first and wrote 30 onto the 10 it was exported from, and the four sales took
    // from 30; or a sale came first, the edit was refused, and the four sales took from 10.
    const stock = await stockOf(t.database.db, product);
    if (outcome === 'set') expect([before, stock]).toEqual([10, 26]);
    else expect([outcome, stock]).toEqual(['conflict', 6]);
  });
});
