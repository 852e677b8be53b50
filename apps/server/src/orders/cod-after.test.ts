import type { AdminOrderDetail, OrderDetail, UserNotification } from '@shop/core';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { stockMovements } from '../inventory/tables.js';
import { refunds } from '../payments/tables.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { adminCall, approvedAndReceived, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { confirmedCodOrder, shippedCodOrder, TEST_COD_FEE } from '../test/cod-orders.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

// Cash on delivery after confirmation (issue 41): the cash collected at the door, the parcel back at origin, a COD
// order cancelled before it ships, and a COD return refunded by hand to the shopper's UPI ID.

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
});

const as = (who: SignedInAdminForTest) => (method: 'GET' | 'POST', url: string, body?: object) =>
  adminCall(t.app, method, url, { asid: who.asid, body });
const move = (who: SignedInAdminForTest, orderId: string, body: object) =>
  as(who)('POST', `/api/admin/order/updateOrderStatus/${orderId}`, body);
const detail = async (orderId: string) =>
  dataOf<{ order: AdminOrderDetail }>(await as(staff)('GET', `/api/admin/order/getOrderDetails/${orderId}`)).order;
const shopperView = async (sid: string, orderId: string) =>
  dataOf<{ order: OrderDetail }>(await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${orderId}`, { sid })).order;
const ledgerOf = (orderId: string) =>
  t.database.db
    .select({ reason: stockMovements.reason, change: stockMovements.change, actor: stockMovements.actor })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId))
    .orderBy(asc(stockMovements.createdAt), asc(stockMovements.id));
const refundRowsOf = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
async function noticesOf(sid: string, orderNumber: string) {
  await t.services.orderNotices.settled();
  const { notifications } = dataOf<{ notifications: UserNotification[] }>(
    await jsonCall(t.app, 'GET', '/api/user/profile/getMyNotifications', { sid }),
  );
  return notifications.filter((note) => note.title.includes(orderNumber)).map((note) => note.body);
}

describe('delivering a cash-on-delivery order records the cash collected', () => {
  it('refuses a delivery without the cash or with another amount, in words naming cashCollected', async () => {
    const product = await sellableProduct(t, { pricePaise: 120_000, stock: 3 });
    const order = await shippedCodOrder(t, mail, staff.asid, product);
    // ₹1,200 + ₹49 COD fee (no shipping over ₹999): ₹1,249 due at the door.
    expect(order.total).toBe(120_000 + TEST_COD_FEE);
    const missing = await move(staff, order.orderId, { status: 'delivered' });
    expect([missing.statusCode, errorOf(missing)]).toEqual([400, 'cashCollected: Enter the cash collected at the door: ₹1,249.00 is due.']);
    const short = await move(staff, order.orderId, { status: 'delivered', cashCollected: 120_000 });
    expect([short.statusCode, errorOf(short)]).toEqual([400, 'cashCollected: ₹1,249.00 is due; ₹1,200.00 was entered.']);
    const odd = await move(staff, order.orderId, { status: 'delivered', cashCollected: 12.5 });
    expect([odd.statusCode, errorOf(odd)]).toEqual([400, 'cashCollected: cashCollected must be a whole number of paise']);
    const after = await detail(order.orderId);
    // Invoiced when confirmed (the invoice travels with the parcel); unpaid until the cash is collected.
    expect(after).toMatchObject({
      status: 'shipped',
      payment: null,
      cod: { amountDue: 124_900, cashCollected: null },
    });
    expect(after.invoiceNumber).toMatch(/^WEB\//);
  });

  it('delivers with exactly the cash due: paid at collection, numbered once, on the timeline with the admin, the shopper told', async () => {
    const product = await sellableProduct(t, { pricePaise: 120_000, stock: 3 });
    const order = await shippedCodOrder(t, mail, staff.asid, product);
    const delivered = await move(staff, order.orderId, { status: 'delivered', cashCollected: 124_900 });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const view = dataOf<{ order: AdminOrderDetail }>(delivered).order;
    expect(view).toMatchObject({
      status: 'delivered',
      payment: { amount: 124_900, paymentMethod: 'cod', paymentStatus: 'captured' },
      cod: { amountDue: 124_900, cashCollected: 124_900, upiId: null },
    });
    expect(view.invoiceNumber).toMatch(/^WEB\/\d\d-\d\d\/\d{5}$/);
    expect(view.cod!.collectedAt).toBe(view.deliveredAt);
    expect(view.events.at(-1)).toMatchObject({
      status: 'delivered',
      actor: 'admin',
      actorName: staff.admin.adminName,
      note: expect.stringContaining('₹1,249.00 was paid in cash') as unknown,
    });
    // A repeat changes nothing: no second payment, the same invoice number.
    const again = await move(staff, order.orderId, { status: 'delivered', cashCollected: 124_900 });
    expect(again.statusCode).toBe(200);
    expect(dataOf<{ order: AdminOrderDetail }>(again).order).toMatchObject({ invoiceNumber: view.invoiceNumber, events: view.events });
    const mine = await shopperView(order.sid, order.orderId);
    expect(mine).toMatchObject({ status: 'delivered', invoiceNumber: view.invoiceNumber, canReturn: true });
    expect((await noticesOf(order.sid, order.orderNumber))[0]).toMatch(/^Your order was delivered and ₹1,249.00 was paid in cash\./);
  });

  it('refuses cashCollected for an online order, which was paid already', async () => {
    const product = await sellableProduct(t, { pricePaise: 50_000, stock: 3 });
    const order = await placedOrder(t, mail, { ...product, paid: true });
    for (const body of [{ status: 'packed' }, { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL1' }])
      expect((await move(staff, order.orderId, body)).statusCode).toBe(200);
    const refused = await move(staff, order.orderId, { status: 'delivered', cashCollected: order.total });
    expect([refused.statusCode, errorOf(refused)]).toEqual([
      400,
      'cashCollected: This order was paid online: there is no cash to collect.',
    ]);
    const delivered = await move(staff, order.orderId, { status: 'delivered' });
    expect(delivered.statusCode).toBe(200);
    expect(dataOf<{ order: AdminOrderDetail }>(delivered).order.cod).toBeNull();
  });
});

describe('a parcel returned to origin', () => {
  it('puts the pieces back through the stock ledger with its own reason, refunds nothing for COD, and tells the shopper', async () => {
    const product = await sellableProduct(t, { pricePaise: 80_000, stock: 4 });
    const order = await shippedCodOrder(t, mail, staff.asid, { ...product, quantity: 2 });
    expect(await stockOf(t.database.db, product)).toBe(2);
    const back = await move(staff, order.orderId, { status: 'returned_to_origin' });
    expect(back.statusCode, back.body).toBe(200);
    const view = dataOf<{ order: AdminOrderDetail }>(back).order;
    expect(view).toMatchObject({ status: 'returned_to_origin', payment: null, refunds: [], suggestedRefund: null });
    expect(view.events.at(-1)).toMatchObject({ status: 'returned_to_origin', actor: 'admin', actorName: staff.admin.adminName });
    expect(await stockOf(t.database.db, product)).toBe(4);
    expect((await ledgerOf(order.orderId)).map((row) => [row.reason, row.change, row.actor])).toEqual([
      ['order_reserved', -2, `shopper:${order.userId}`],
      ['returned_to_origin', 2, `admin:${staff.admin._id}`],
    ]);
    // Asked again: nothing moves twice.
    expect((await move(staff, order.orderId, { status: 'returned_to_origin' })).statusCode).toBe(200);
    expect(await stockOf(t.database.db, product)).toBe(4);
    expect(await ledgerOf(order.orderId)).toHaveLength(2);
    expect(await refundRowsOf(order.orderId)).toEqual([]);
    expect((await noticesOf(order.sid, order.orderNumber))[0]).toBe(
      'Your parcel came back to us: it was refused at the door or could not be delivered. Nothing is due, and the order is closed.',
    );
    // Nothing was paid: nothing to refund.
    const refund = await as(owner)('POST', `/api/admin/order/refundOrder/${order.orderId}`, { reference: '412345678901' });
    expect([refund.statusCode, errorOf(refund)]).toEqual([
      409,
      'Nothing to refund: this cash-on-delivery order came back before anything was paid.',
    ]);
  });

  it('comes only from shipped', async () => {
    const product = await sellableProduct(t, { pricePaise: 30_000, stock: 5 });
    const confirmed = await confirmedCodOrder(t, mail, product);
    const early = await move(staff, confirmed.orderId, { status: 'returned_to_origin' });
    expect([early.statusCode, errorOf(early)]).toEqual([409, 'Only a shipped order can come back to origin.']);
    expect((await move(staff, confirmed.orderId, { status: 'packed' })).statusCode).toBe(200);
    expect((await move(staff, confirmed.orderId, { status: 'returned_to_origin' })).statusCode).toBe(409);
    const delivered = await shippedCodOrder(t, mail, staff.asid, product);
    expect((await move(staff, delivered.orderId, { status: 'delivered', cashCollected: delivered.total })).statusCode).toBe(200);
    const late = await move(staff, delivered.orderId, { status: 'returned_to_origin' });
    expect([late.statusCode, errorOf(late)]).toEqual([409, 'Only a shipped order can come back to origin.']);
    expect(await ledgerOf(delivered.orderId)).toHaveLength(1);
  });

  it('lets the owner refund a prepaid order that came back, through Razorpay, what was paid', async () => {
    const product = await sellableProduct(t, { pricePaise: 60_000, stock: 3 });
    const order = await placedOrder(t, mail, { ...product, paid: true });
    for (const body of [
      { status: 'packed' },
      { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL2' },
      { status: 'returned_to_origin' },
    ])
      expect((await move(staff, order.orderId, body)).statusCode).toBe(200);
    expect((await noticesOf(order.sid, order.orderNumber))[0]).toBe(
      'Your parcel came back to us: it was refused at the door or could not be delivered. We will refund your payment.',
    );
    expect((await detail(order.orderId)).suggestedRefund).toBe(order.total);
    const withReference = await as(owner)('POST', `/api/admin/order/refundOrder/${order.orderId}`, { reference: '412345678901' });
    expect([withReference.statusCode, errorOf(withReference)]).toEqual([
      400,
      'reference: This order was paid online: its refund goes through Razorpay, with no reference to enter.',
    ]);
    expect((await as(staff)('POST', `/api/admin/order/refundOrder/${order.orderId}`)).statusCode).toBe(403);
    const refunded = await as(owner)('POST', `/api/admin/order/refundOrder/${order.orderId}`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const rows = await refundRowsOf(order.orderId);
    expect(rows.map((row) => [row.amountPaise, row.reason, row.reference])).toEqual([[order.total, 'Returned to origin', null]]);
    expect(rows[0]!.razorpayRefundId).toMatch(/^rfnd_/);
  });
});

describe('cancelling an unshipped COD order', () => {
  it('needs no refund: no Razorpay call, no refund row, the stock back, the shopper told (shopper or owner)', async () => {
    const product = await sellableProduct(t, { pricePaise: 40_000, stock: 5 });
    const refundPayment = vi.spyOn(t.services.paymentProvider.client, 'refundPayment');
    const hers = await confirmedCodOrder(t, mail, { ...product, quantity: 2 });
    const packed = await confirmedCodOrder(t, mail, product);
    expect((await move(staff, packed.orderId, { status: 'packed' })).statusCode).toBe(200);
    expect(await stockOf(t.database.db, product)).toBe(2);

    const byHer = await jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${hers.orderId}`, {
      sid: hers.sid,
      body: { reason: 'Ordered the wrong size' },
    });
    expect(byHer.statusCode, byHer.body).toBe(200);
    const byOwner = await as(owner)('POST', `/api/admin/order/cancelOrder/${packed.orderId}`, { reason: 'Customer asked by phone' });
    expect(byOwner.statusCode, byOwner.body).toBe(200);

    expect(dataOf<{ order: AdminOrderDetail }>(byOwner).order).toMatchObject({ status: 'cancelled', refunds: [], payment: null });
    expect((await detail(hers.orderId)).status).toBe('cancelled');
    expect(await stockOf(t.database.db, product)).toBe(5);
    expect((await ledgerOf(packed.orderId)).map((row) => row.reason)).toEqual(['order_reserved', 'order_released']);
    expect([...(await refundRowsOf(hers.orderId)), ...(await refundRowsOf(packed.orderId))]).toEqual([]);
    expect(refundPayment).not.toHaveBeenCalled();
    expect(await noticesOf(hers.sid, hers.orderNumber)).toEqual(['Your order is cancelled.']);
    expect(await noticesOf(packed.sid, packed.orderNumber)).toContain('Your order is cancelled.');
    refundPayment.mockRestore();
  });
});

describe('returning a delivered COD order', () => {
  async function deliveredCod(pricePaise: number, quantity: number) {
    const product = await sellableProduct(t, { pricePaise, stock: 5 });
    const order = await shippedCodOrder(t, mail, staff.asid, { ...product, quantity });
    expect((await move(staff, order.orderId, { status: 'delivered', cashCollected: order.total })).statusCode).toBe(200);
    return { ...order, product, view: await shopperView(order.sid, order.orderId) };
  }
  const askReturn = (order: { sid: string; orderId: string }, body: object) =>
    jsonCall(t.app, 'POST', `/api/user/order/requestReturn/${order.orderId}`, { sid: order.sid, body });

  it('asks the shopper for a UPI ID (name@bank) for a COD order only, naming upiId', async () => {
    const order = await deliveredCod(50_000, 1);
    const line = order.view.items[0]!;
    const items = [{ itemId: line.itemId, quantity: 1 }];
    const refused = async (body: object) => {
      const response = await askReturn(order, { reason: 'damaged', items, ...body });
      return [response.statusCode, errorOf(response)];
    };
    expect(await refused({})).toEqual([400, 'upiId: Enter the UPI ID we should send your refund to, such as asha.rao@okaxis.']);
    expect(await refused({ upiId: 'asha.rao' })).toEqual([400, 'upiId: Enter a UPI ID as name@bank, such as asha.rao@okaxis.']);
    expect(await refused({ upiId: 'asha rao@okaxis' })).toEqual([400, 'upiId: Enter a UPI ID as name@bank, such as asha.rao@okaxis.']);
    expect((await shopperView(order.sid, order.orderId)).status).toBe('delivered');
    const asked = await askReturn(order, { reason: 'damaged', items, upiId: ' asha.rao@okaxis ' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await detail(order.orderId)).toMatchObject({ status: 'return_requested', cod: { upiId: 'asha.rao@okaxis' } });

    const online = await placedOrder(t, mail, { ...order.product, paid: true });
    for (const body of [{ status: 'packed' }, { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL3' }, { status: 'delivered' }])
      expect((await move(staff, online.orderId, body)).statusCode).toBe(200);
    const onlineAsk = await askReturn(online, { reason: 'damaged', upiId: 'asha.rao@okaxis' });
    expect([onlineAsk.statusCode, errorOf(onlineAsk)]).toEqual([
      400,
      'upiId: This order was paid online: its refund goes back to the same payment, with no UPI ID needed.',
    ]);
    expect((await askReturn(online, { reason: 'damaged' })).statusCode).toBe(200);
  });

  it("records the refund sent by hand with its UPI reference: the returned pieces' share, processed, no Razorpay call", async () => {
    // 2 × ₹600 = ₹1,200 + ₹49 fee: ₹1,249 collected; one piece back refunds its line's share, ₹600, as online returns do.
    const order = await deliveredCod(60_000, 2);
    const line = order.view.items[0]!;
    expect(
      (await askReturn(order, { reason: 'defective', items: [{ itemId: line.itemId, quantity: 1 }], upiId: 'asha@ybl' })).statusCode,
    ).toBe(200);
    const received = await approvedAndReceived(t.app, staff.asid, order.orderId);
    expect(received.statusCode, received.body).toBe(200);
    const ready = dataOf<{ order: AdminOrderDetail }>(received).order;
    const share = ready.suggestedRefund!;
    expect(share).toBe(60_000);

    const refundPayment = vi.spyOn(t.services.paymentProvider.client, 'refundPayment');
    const refund = (body?: object) => as(owner)('POST', `/api/admin/order/refundOrder/${order.orderId}`, body);
    const missing = await refund();
    expect([missing.statusCode, errorOf(missing)]).toEqual([400, 'reference: Enter the UPI transaction reference of the refund you sent.']);
    const bad = await refund({ reference: '12 34' });
    expect([bad.statusCode, errorOf(bad)]).toEqual([400, 'reference: Enter the UPI transaction reference as 6 to 35 letters or digits.']);
    expect((await as(staff)('POST', `/api/admin/order/refundOrder/${order.orderId}`, { reference: '412345678901' })).statusCode).toBe(403);

    const sent = await refund({ reference: '412345678901' });
    expect(sent.statusCode, sent.body).toBe(200);
    const view = dataOf<{ order: AdminOrderDetail }>(sent).order;
    expect(view).toMatchObject({
      status: 'refunded',
      refunds: [{ amount: share, status: 'processed', state: 'processed', reference: '412345678901', canRetry: false }],
      refundable: 124_900 - share,
    });
    expect(view.events.at(-1)).toMatchObject({
      status: 'refunded',
      actorName: owner.admin.adminName,
      note: 'Refund of ₹600.00 sent to your UPI ID asha@ybl (UPI reference 412345678901).',
    });
    const [row] = await refundRowsOf(order.orderId);
    expect(row).toMatchObject({ razorpayRefundId: null, nextAttemptAt: null, razorpayPaymentId: `cod_${order.orderId}` });
    expect(refundPayment).not.toHaveBeenCalled();
    // A repeat changes nothing; another amount is refused.
    expect((await refund({ reference: '412345678901' })).statusCode).toBe(200);
    expect(await refundRowsOf(order.orderId)).toHaveLength(1);
    expect((await refund({ reference: '412345678901', amount: 100 })).statusCode).toBe(409);
    refundPayment.mockRestore();
    expect((await shopperView(order.sid, order.orderId)).refundedAmount).toBe(share);
    expect((await noticesOf(order.sid, order.orderNumber))[0]).toBe('₹600.00 has been refunded: it was sent by UPI to asha@ybl.');
  });
});

describe('GET /api/admin/order/exportOrders with cash on delivery', () => {
  it('regression: lists a confirmed COD order from its invoice’s day, before its cash is collected (it picked orders by payment)', async () => {
    const product = await sellableProduct(t, { pricePaise: 99_000, stock: 2 });
    const order = await confirmedCodOrder(t, mail, product);
    const csv = await as(owner)('GET', '/api/admin/order/exportOrders');
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body.split('\n').filter((row) => row.includes(`,${order.orderNumber},`));
    // The piece, shipping and the COD fee: every line of the invoice, paid by cash on delivery, not yet delivered.
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row).toMatch(/,cod,confirmed\r?$/);
  });
});
