import { STOCK_REASONS as CONTRACT_REASONS } from '@shop/core';
import { stringify } from 'csv-stringify/sync';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { capturingMailer, jsonCall, signedInUser, testClock } from '../test/accounts.js';
import { adminCall, adminUpload, signedInOwner } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { HOME_ADDRESS, placedOrder } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';
import * as inventory from './service.js';
import { STOCK_REASONS, stockMovements } from './tables.js';

// Every kind of stock change writes one ledger row (change, quantity after, reason, order/bill/import id, actor)
// in the transaction of the change (history.test.ts reads them back through the back-office's call).

const mail = capturingMailer();
const clock = testClock('2026-11-20T06:00:00.000Z');
const t = useTestApp({
  services: { mailer: mail.mailer, now: clock.now, reservationSeconds: 900, razorpay: { deliverWebhook: async () => ({ status: 200 }) } },
});

type Shelf = { productId: string; variantId?: string };
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

/** The ledger rows of a shelf, oldest first. */
const ledgerOf = (shelf: Shelf) =>
  t.database.db
    .select()
    .from(stockMovements)
    .where(shelf.variantId ? eq(stockMovements.variantId, shelf.variantId) : eq(stockMovements.productId, shelf.productId))
    .orderBy(asc(stockMovements.id));

const lastOf = async (shelf: Shelf) => (await ledgerOf(shelf)).at(-1)!;

describe('the stock ledger', () => {
  it('keeps the reasons the contract shows', () => {
    expect([...STOCK_REASONS]).toEqual([...CONTRACT_REASONS]);
  });

  it('records a new product’s opening stock, then an order reserving, expiring, and a late payment taking the pieces again', async () => {
    const product = await sellableProduct(t, { stock: 5 });
    expect(await ledgerOf(product)).toMatchObject([
      { productId: product.productId, variantId: product.variantId, change: 5, quantityAfter: 5, reason: 'seed', actor: 'system' },
    ]);

    const shopper = await placedOrder(t, mail, { ...product, quantity: 2 });
    expect(await lastOf(product)).toMatchObject({
      change: -2,
      quantityAfter: 3,
      reason: 'order_reserved',
      orderId: shopper.orderId,
      billId: null,
      importId: null,
      actor: `shopper:${shopper.userId}`,
    });

    clock.advance(16 * 60 * 1000);
    expect(await t.services.orders.expire(shopper.orderId)).toBe(true);
    expect(await lastOf(product)).toMatchObject({
      change: 2,
      quantityAfter: 5,
      reason: 'order_released',
      orderId: shopper.orderId,
      actor: 'system',
    });

    const outcome = await t.services.orders.markPaid(
      {
        razorpayOrderId: shopper.razorpayOrderId,
        razorpayPaymentId: 'pay_ledger_late',
        amount: shopper.total,
        method: 'upi',
        paidAt: clock.now(),
      },
      'razorpay',
    );
    expect(outcome).toMatchObject({ kind: 'paid', late: true });
    expect(await lastOf(product)).toMatchObject({
      change: -2,
      quantityAfter: 3,
      reason: 'order_retaken',
      orderId: shopper.orderId,
      actor: 'razorpay',
    });
    expect(await ledgerOf(product)).toHaveLength(4);
    expect(await stockOf(t.database.db, product)).toBe(3);
  });

  it('records a late payment that finds the pieces sold as nothing (its savepoint takes the rows back)', async () => {
    const product = await sellableProduct(t, { stock: 1 });
    const shopper = await placedOrder(t, mail, product);
    clock.advance(16 * 60 * 1000);
    await t.services.orders.expire(shopper.orderId);
    await placedOrder(t, mail, product);
    const outcome = await t.services.orders.markPaid(
      {
        razorpayOrderId: shopper.razorpayOrderId,
        razorpayPaymentId: 'pay_ledger_sold',
        amount: shopper.total,
        method: 'upi',
        paidAt: clock.now(),
      },
      'razorpay',
    );
    expect(outcome.kind).toBe('refund');
    expect((await ledgerOf(product)).map((row) => row.reason)).toEqual(['seed', 'order_reserved', 'order_released', 'order_reserved']);
  });

  it('records cancellations by the shopper and by the back-office with who cancelled', async () => {
    const owner = await signedInOwner(t);
    const product = await sellableProduct(t, { stock: 4, variants: false });
    const mine = await placedOrder(t, mail, product);
    const cancelled = await jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${mine.orderId}`, {
      sid: mine.sid,
      body: { reason: 'Ordered the wrong size' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await lastOf(product)).toMatchObject({
      variantId: null,
      change: 1,
      quantityAfter: 4,
      reason: 'order_released',
      orderId: mine.orderId,
      actor: `shopper:${mine.userId}`,
    });

    const theirs = await placedOrder(t, mail, product);
    const byAdmin = await adminCall(t.app, 'POST', `/api/admin/order/cancelOrder/${theirs.orderId}`, {
      asid: owner.asid,
      body: { reason: 'Out of fabric' },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await lastOf(product)).toMatchObject({
      change: 1,
      quantityAfter: 4,
      orderId: theirs.orderId,
      actor: `admin:${owner.admin._id}`,
    });

    // Cancelling again puts nothing back and writes nothing.
    await adminCall(t.app, 'POST', `/api/admin/order/cancelOrder/${theirs.orderId}`, {
      asid: owner.asid,
      body: { reason: 'Out of fabric' },
    });
    expect(await ledgerOf(product)).toHaveLength(5);
  });

  it('records a counter bill with its bill and the admin who made it', async () => {
    const owner = await signedInOwner(t);
    const kurti = await sellableProduct(t, { stock: 5 });
    const saved = await adminCall(t.app, 'POST', '/api/admin/bill/createBill', {
      asid: owner.asid,
      body: {
        customerName: 'Walk-in',
        items: [
          { ...kurti, quantity: 1 },
          { ...kurti, quantity: 2 },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const bill = dataOf<{ bill: { _id: string; invoiceNumber: string } }>(saved).bill;
    // Two lines of one variant are one move of three pieces.
    expect(await lastOf(kurti)).toMatchObject({
      change: -3,
      quantityAfter: 2,
      reason: 'bill',
      billId: bill._id,
      orderId: null,
      actor: `admin:${owner.admin._id}`,
    });
  });

  it('records a CSV import’s stock changes and new products under one import id', async () => {
    const owner = await signedInOwner(t);
    const dupatta = await sellableProduct(t, { name: 'Ledger Dupatta', stock: 3, variants: false });
    const rows = [
      {
        id: dupatta.productId,
        name: 'Ledger Dupatta',
        description: 'Ledger Dupatta: soft cotton.',
        category_slug: '',
        price_rupees: '500.00',
        discount_percent: 0,
        stock: 7,
        status: 'active',
        exported_stock: 3,
      },
      {
        id: '',
        name: 'Ledger New Stole',
        description: 'New.',
        category_slug: '',
        price_rupees: '300.00',
        discount_percent: 0,
        stock: 4,
        status: 'active',
      },
    ];
    const imported = await adminUpload(
      t.app,
      '/api/admin/product/importProducts',
      [{ bytes: Buffer.from(stringify(rows, { header: true })), name: 'catalogue.csv', type: 'text/csv', field: 'file' }],
      { asid: owner.asid },
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const created = dataOf<{ results: Array<{ productId: string; action: string }> }>(imported).results.find(
      (row) => row.action === 'created',
    )!;
    const changed = await lastOf(dupatta);
    expect(changed).toMatchObject({ change: 4, quantityAfter: 7, reason: 'csv_import', actor: `admin:${owner.admin._id}` });
    expect(changed.importId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ledgerOf({ productId: created.productId })).toMatchObject([
      { change: 4, quantityAfter: 4, reason: 'csv_import', importId: changed.importId },
    ]);

    // The same file again changes no stock (it moved since the export): no row.
    await adminUpload(
      t.app,
      '/api/admin/product/importProducts',
      [{ bytes: Buffer.from(stringify(rows.slice(0, 1), { header: true })), name: 'catalogue.csv', type: 'text/csv', field: 'file' }],
      { asid: owner.asid },
    );
    expect(await ledgerOf(dupatta)).toHaveLength(2);
  });

  it('records admin edits: a new product’s and variant’s opening stock, absolute and relative edits, an archived variant', async () => {
    const owner = await signedInOwner(t);
    const actor = `admin:${owner.admin._id}`;
    const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, body: object) =>
      adminCall(t.app, method, url, { asid: owner.asid, body });
    const made = await call('POST', '/api/admin/product/createProduct', {
      productName: 'Ledger Shawl',
      productDescription: 'Warm.',
      productPrice: 120_000,
      productDiscount: 0,
      productStock: 6,
      status: 'active',
    });
    expect(made.statusCode, made.body).toBe(200);
    const productId = dataOf<{ product: { _id: string } }>(made).product._id;
    expect(await ledgerOf({ productId })).toMatchObject([{ variantId: null, change: 6, quantityAfter: 6, reason: 'admin_edit', actor }]);

    const edited = await call('PUT', `/api/admin/product/updateProduct/${productId}`, {
      productName: 'Ledger Shawl',
      productDescription: 'Warm.',
      productPrice: 120_000,
      productDiscount: 0,
      productStock: 9,
      previousStock: 6,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await lastOf({ productId })).toMatchObject({ change: 3, quantityAfter: 9, reason: 'admin_edit' });

    const added = await call('POST', '/api/admin/product/addVariant', {
      product: productId,
      variantName: 'Red M',
      variantColor: 'Red',
      variantSize: 'M',
      variantColorPrice: 0,
      variantSizePrice: 0,
      quantity: 5,
    });
    expect(added.statusCode, added.body).toBe(200);
    const variantId = dataOf<{ product: { variants: Array<{ _id: string }> } }>(added).product.variants[0]!._id;
    const variant = { productId, variantId };
    expect(await ledgerOf(variant)).toMatchObject([{ productId, variantId, change: 5, quantityAfter: 5, reason: 'admin_edit', actor }]);

    const update = (body: object) =>
      call('PUT', '/api/admin/product/updateVariant', { ...variant, variantColorPrice: 0, variantSizePrice: 0, ...body });
    expect((await update({ quantity: 2 })).statusCode).toBe(200);
    expect(await lastOf(variant)).toMatchObject({ change: -3, quantityAfter: 2 });
    // Saving the same quantity is no change: no row.
    expect((await update({ quantity: 2 })).statusCode).toBe(200);
    expect(await ledgerOf(variant)).toHaveLength(2);

    // An ordered variant is archived with no stock left.
    await placedOrder(t, mail, variant);
    expect((await call('DELETE', '/api/admin/product/removeVariant', variant)).statusCode).toBe(200);
    expect((await ledgerOf(variant)).map((row) => [row.change, row.quantityAfter, row.reason])).toEqual([
      [5, 5, 'admin_edit'],
      [-3, 2, 'admin_edit'],
      [-1, 1, 'order_reserved'],
      [-1, 0, 'admin_edit'],
    ]);
  });

  it('leaves no row for a change that is rolled back: an order short of one piece, or a failing transaction', async () => {
    const [a, b] = await Promise.all([sellableProduct(t, { stock: 3 }), sellableProduct(t, { stock: 1 })]);
    // The piece taken first (in lock order) is in stock, the second is not: the first's row goes with the rollback.
    const [first, second] = [a, b].sort((x, y) => x.variantId!.localeCompare(y.variantId!)) as [Required<Shelf>, Required<Shelf>];
    const user = await signedInUser(t.app, mail);
    const address = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: user.sid, body: HOME_ADDRESS });
    for (const shelf of [first, second]) {
      const added = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid: user.sid, body: { ...shelf, quantity: 1 } });
      expect(added.statusCode).toBe(200);
    }
    await t.database.db.transaction((tx) => inventory.set(tx, [{ ...second, quantity: 0 }], { reason: 'admin_edit', actor: 'system' }));
    const refused = await jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
      sid: user.sid,
      body: {
        paymentMethod: 'online',
        products: [first, second].map((shelf) => ({ id: shelf.productId, variant: shelf.variantId })),
        address: dataOf<{ address: { _id: string } }>(address).address._id,
      },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect((await ledgerOf(first)).map((row) => row.reason)).toEqual(['seed']);
    expect(await stockOf(t.database.db, first)).toBe(first === a ? 3 : 1);

    await expect(
      t.database.db.transaction(async (tx) => {
        const taken = await inventory.take(tx, [{ ...first, quantity: 1 }], { reason: 'bill', actor: 'system' });
        expect(taken).toEqual({ ok: true });
        expect(await tx.select().from(stockMovements).where(eq(stockMovements.variantId, first.variantId))).toHaveLength(2);
        throw new Error('the bill could not be saved');
      }),
    ).rejects.toThrow('the bill could not be saved');
    expect((await ledgerOf(first)).map((row) => row.reason)).toEqual(['seed']);
  });
});
