import type { StockHistory } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import * as inventory from './service.js';

// The back-office's view of the stock ledger: GET /api/admin/product/stockHistory/{variantId} and
// PageServices.inventory.history, newest first, with who (by name), why, and the order or bill.

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

async function historyOf(asid: string, id: string, query = '') {
  const response = await adminCall(t.app, 'GET', `/api/admin/product/stockHistory/${id}${query}`, { asid });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<StockHistory>(response);
}

describe('GET /api/admin/product/stockHistory/{variantId}', () => {
  it('names who changed the stock and links the order and the bill, for any admin', async () => {
    const owner = await signedInOwner(t, 'Meera Ledger');
    const staff = await signedInStaff(t, owner);
    const product = await sellableProduct(t, { stock: 4, variants: false });
    const mine = await placedOrder(t, mail, product);
    const cancelled = await jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${mine.orderId}`, {
      sid: mine.sid,
      body: { reason: 'Ordered the wrong size' },
    });
    expect(cancelled.statusCode).toBe(200);
    const theirs = await placedOrder(t, mail, product);
    const byOwner = await adminCall(t.app, 'POST', `/api/admin/order/cancelOrder/${theirs.orderId}`, {
      asid: owner.asid,
      body: { reason: 'Out of fabric' },
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    const billed = await adminCall(t.app, 'POST', '/api/admin/bill/createBill', {
      asid: staff.asid,
      body: { items: [{ productId: product.productId, quantity: 2 }] },
    });
    expect(billed.statusCode, billed.body).toBe(200);
    const bill = dataOf<{ bill: { _id: string; invoiceNumber: string } }>(billed).bill;

    // A product sold without variants is asked by its own id; staff may read it too.
    const history = await historyOf(staff.asid, product.productId);
    expect(history.movements.map((row) => [row.change, row.quantityAfter, row.reason, row.actorName])).toEqual([
      [-2, 2, 'bill', 'Ravi Staff'],
      [1, 4, 'order_released', 'Meera Ledger'],
      [-1, 3, 'order_reserved', 'Asha Rao'],
      [1, 4, 'order_released', 'Asha Rao'],
      [-1, 3, 'order_reserved', 'Asha Rao'],
      [4, 4, 'seed', 'System'],
    ]);
    expect(history.movements[0]).toMatchObject({ billId: bill._id, invoiceNumber: bill.invoiceNumber, orderId: null, orderNumber: null });
    expect(history.movements[1]).toMatchObject({ orderId: theirs.orderId, orderNumber: theirs.orderNumber, billId: null });
    expect(new Date(history.movements[0]!.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(history.movements[1]!.createdAt).getTime());
    expect(history).toMatchObject({ total: 6, page: 1, limit: 50 });
  });

  it('answers 50 a page, newest first, and keeps a deleted variant’s history', async () => {
    const owner = await signedInOwner(t);
    const product = await sellableProduct(t, { stock: 1 });
    const shelf = { productId: product.productId, variantId: product.variantId! };
    await t.database.db.transaction(async (tx) => {
      for (let i = 1; i <= 54; i++) await inventory.setOne(tx, shelf, 1 + i, { reason: 'admin_edit', actor: 'system' });
    });
    const first = await historyOf(owner.asid, shelf.variantId);
    expect([first.total, first.page, first.limit, first.movements.length]).toEqual([55, 1, 50, 50]);
    expect(first.movements[0]).toMatchObject({ change: 1, quantityAfter: 55, reason: 'admin_edit', actorName: 'System' });
    expect(first.movements.map((row) => row.quantityAfter)).toEqual(Array.from({ length: 50 }, (_, i) => 55 - i));
    const second = await historyOf(owner.asid, shelf.variantId, '?page=2');
    expect(second.movements.map((row) => row.quantityAfter)).toEqual([5, 4, 3, 2, 1]);
    expect(second.movements.at(-1)).toMatchObject({ change: 1, reason: 'seed' });
    expect((await historyOf(owner.asid, shelf.variantId, '?page=3')).movements).toEqual([]);

    // The pages' in-process read answers the newest page.
    expect(await t.services.inventory.history(shelf.variantId)).toEqual(first.movements);

    // A variant nobody ordered is deleted; its ledger stays, and so does its history.
    const removed = await adminCall(t.app, 'DELETE', '/api/admin/product/removeVariant', { asid: owner.asid, body: shelf });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await historyOf(owner.asid, shelf.variantId)).total).toBe(55);
  });

  it('refuses strangers, ids that are not ids, and ids of nothing', async () => {
    const owner = await signedInOwner(t);
    const product = await sellableProduct(t, { stock: 1 });
    const url = `/api/admin/product/stockHistory/${product.variantId}`;
    expect((await adminCall(t.app, 'GET', url)).statusCode).toBe(401);
    const bad = await adminCall(t.app, 'GET', '/api/admin/product/stockHistory/not-an-id', { asid: owner.asid });
    expect([bad.statusCode, bad.json<{ error: string }>().error]).toEqual([400, 'variantId: variantId must be a variant id']);
    const badPage = await adminCall(t.app, 'GET', `${url}?page=0`, { asid: owner.asid });
    expect(badPage.statusCode).toBe(400);
    const unknown = await adminCall(t.app, 'GET', '/api/admin/product/stockHistory/00000000-0000-4000-8000-000000000000', {
      asid: owner.asid,
    });
    expect([unknown.statusCode, unknown.json<{ error: string }>().error]).toEqual([404, 'Variant not found']);
    await expect(t.services.inventory.history('not-an-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
