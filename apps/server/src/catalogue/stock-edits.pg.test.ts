import type { AuditEntry } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { HOME_ADDRESS } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

/** Shoppers with one piece of the product in their cart and an address, ready to pay. */
async function buyers(count: number, product: { productId: string; variantId?: string }) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const user = await signedInUser(t.app, mail);
      const address = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: user.sid, body: HOME_ADDRESS });
      await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid: user.sid, body: { ...product, quantity: 1 } });
      return { sid: user.sid, addressId: address.json<{ data: { address: { _id: string } } }>().data.address._id };
    }),
  );
}

const buy = (shopper: { sid: string; addressId: string }, product: { productId: string; variantId?: string }) =>
  jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
    sid: shopper.sid,
    body: { paymentMethod: 'online', products: [{ id: product.productId, variant: product.variantId }], address: shopper.addressId },
  });

async function auditOf(asid: string, query: string): Promise<AuditEntry[]> {
  const response = await adminCall(t.app, 'GET', `/api/admin/audit?${query}`, { asid });
  return response.json<{ data: { entries: AuditEntry[] } }>().data.entries.reverse();
}

// Several admins edit the same stock while shoppers buy it, on a real PostgreSQL server with several connections.
describe('concurrent stock edits', () => {
  it('keeps every sale and every restock when admins add to a variant’s quantity from the same loaded form while shoppers buy', async () => {
    const owner = await signedInOwner(t);
    const staff = await signedInStaff(t, owner);
    const product = await sellableProduct(t, { stock: 6, pricePaise: 80_000 });
    const shoppers = await buyers(8, product);
    const restock = (asid: string) =>
      adminCall(t.app, 'PUT', '/api/admin/product/updateVariant', {
        asid,
        body: { ...product, quantity: 8, previousQuantity: 6, variantColorPrice: 0, variantSizePrice: 0 },
      });
    const results = await Promise.all([
      ...shoppers.map((shopper) => buy(shopper, product)),
      restock(owner.asid),
      restock(staff.asid),
      restock(owner.asid),
      restock(staff.asid),
    ]);
    const sold = results.slice(0, 8).filter((response) => response.statusCode === 200).length;
    expect(results.slice(8).map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    // Some buyers may come before a restock and find it sold out; whoever bought, no piece is counted twice.
    expect(sold).toBeGreaterThanOrEqual(6);
    expect(await stockOf(t.database.db, product)).toBe(6 + 4 * 2 - sold);

    // Each edit saw the quantity the previous one (or a sale) left, under the row's lock: +2 every time.
    const entries = await auditOf(owner.asid, `entity=variant&entityId=${product.variantId}`);
    expect(entries).toHaveLength(4);
    for (const entry of entries) {
      expect((entry.after!.quantity as number) - (entry.before!.quantity as number)).toBe(2);
    }
  });

  it('serialises absolute edits of a product’s stock: the last audit entry is what is stored, and each saw the one before', async () => {
    const owner = await signedInOwner(t);
    const product = await sellableProduct(t, { variants: false, stock: 5 });
    const body = (stock: number) => ({
      productName: 'Raced Kurti',
      productDescription: 'Edited from many phones.',
      productPrice: 50_000,
      productDiscount: 0,
      productStock: stock,
      status: 'active',
    });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        adminCall(t.app, 'PUT', `/api/admin/product/updateProduct/${product.productId}`, { asid: owner.asid, body: body(index + 1) }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
    const entries = await auditOf(owner.asid, `entity=product&entityId=${product.productId}`);
    expect(entries).toHaveLength(12);
    expect(entries[0]!.before!.productStock).toBe(5);
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.before!.productStock).toBe(entries[i - 1]!.after!.productStock);
    expect(await stockOf(t.database.db, product)).toBe(entries.at(-1)!.after!.productStock);
  });

  it('refuses a restock from a stale form that would take the stock below zero, and never oversells', async () => {
    const owner = await signedInOwner(t);
    const product = await sellableProduct(t, { stock: 3 });
    const shoppers = await buyers(3, product);
    await Promise.all(shoppers.map((shopper) => buy(shopper, product)));
    // The form was loaded at 3 and sets 1: two fewer than it saw, but only 0 are left.
    const stale = await adminCall(t.app, 'PUT', '/api/admin/product/updateVariant', {
      asid: owner.asid,
      body: { ...product, quantity: 1, previousQuantity: 3, variantColorPrice: 0, variantSizePrice: 0 },
    });
    expect([stale.statusCode, stale.json<{ error: string }>().error]).toEqual([
      409,
      'The stock changed while you were editing (now 0). Reload and try again.',
    ]);
    expect(await stockOf(t.database.db, product)).toBe(0);
  });
});
