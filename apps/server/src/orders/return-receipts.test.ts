import type { AdminOrderDetail, AuditEntry } from '@shop/core';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { stockMovements } from '../inventory/tables.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

// Issue 40, items 1, 2 and 17: a return is approved, then received (each piece restocked or written off), and the
// refund follows receipt, of the amount the owner confirms (a part refund too), never above what is refundable.

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
const detail = async (orderId: string) =>
  dataOf<{ order: AdminOrderDetail }>(await as(staff)('GET', `/api/admin/order/getOrderDetails/${orderId}`)).order;
const receive = (orderId: string, items: object[]) => as(staff)('POST', `/api/admin/order/receiveReturn/${orderId}`, { items });
const refund = (orderId: string, body?: object) => as(owner)('POST', `/api/admin/order/refundOrder/${orderId}`, body);

/** A delivered order of `quantity` pieces of one product (stock 3 before), with a return of them all approved. */
async function approvedReturn(quantity: number, pricePaise = 80_990) {
  const product = await sellableProduct(t, { pricePaise, stock: 3 });
  const placed = await placedOrder(t, mail, { ...product, quantity, paid: true });
  for (const body of [{ status: 'packed' }, { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL40' }, { status: 'delivered' }]) {
    expect((await as(staff)('POST', `/api/admin/order/updateOrderStatus/${placed.orderId}`, body)).statusCode).toBe(200);
  }
  const asked = await jsonCall(t.app, 'POST', `/api/user/order/requestReturn/${placed.orderId}`, {
    sid: placed.sid,
    body: { reason: 'damaged', note: 'Torn pallu' },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const stockBefore = await stockOf(t.database.db, product);
  expect((await as(staff)('POST', `/api/admin/order/approveReturn/${placed.orderId}`)).statusCode).toBe(200);
  const order = await detail(placed.orderId);
  return { ...placed, product, order, line: order.items[0]!, stockBefore };
}

const ledgerOf = (orderId: string) =>
  t.database.db
    .select({ reason: stockMovements.reason, change: stockMovements.change })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId))
    .orderBy(asc(stockMovements.id));

describe('receiving a return (issue 40, item 2)', () => {
  it('regression: approving a return puts nothing back on sale (stock 2 → 3 at approval); receipt restocks or writes off each piece', async () => {
    const returned = await approvedReturn(2);
    // Before the fix the approval restocked the pieces: 1 → 3 while the parcel was still on its way.
    expect(returned.stockBefore).toBe(1);
    expect(await stockOf(t.database.db, returned.product)).toBe(1);
    expect(returned.order).toMatchObject({ status: 'returned', returnReceivedAt: null, suggestedRefund: null });

    // Nothing to refund before the pieces are checked.
    const early = await refund(returned.orderId);
    expect([early.statusCode, errorOf(early)]).toEqual([409, 'Receive the return first: the refund follows once the pieces are checked.']);

    // More pieces than approved: a 400 naming items; nothing moved.
    const tooMany = await receive(returned.orderId, [
      { itemId: returned.line.itemId, quantity: 2, restock: true },
      { itemId: returned.line.itemId, quantity: 1, restock: false },
    ]);
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json<ErrorEnvelope>().fields ?? {})).toEqual(['items']);
    const stranger = await receive(returned.orderId, [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1, restock: true }]);
    expect([stranger.statusCode, stranger.json<ErrorEnvelope>().fields]).toEqual([400, { items: 'That item is not in this return.' }]);
    expect(await stockOf(t.database.db, returned.product)).toBe(1);

    // One piece fine, one damaged.
    const received = await receive(returned.orderId, [
      { itemId: returned.line.itemId, quantity: 1, restock: true },
      { itemId: returned.line.itemId, quantity: 1, restock: false },
    ]);
    expect(received.statusCode, received.body).toBe(200);
    expect(await stockOf(t.database.db, returned.product)).toBe(2);
    expect((await ledgerOf(returned.orderId)).map((row) => [row.reason, row.change])).toEqual([
      ['order_reserved', -2],
      ['return_restocked', 1],
      ['return_written_off', 0],
    ]);
    const after = dataOf<{ order: AdminOrderDetail }>(received).order;
    expect(after.returnReceivedAt).not.toBeNull();
    expect(after.returnReceipt).toEqual([{ itemId: returned.line.itemId, restocked: 1, writtenOff: 1 }]);
    // Both pieces came back (one damaged): everything paid is owed.
    expect(after.suggestedRefund).toBe(after.total);
    // The timeline names who received it.
    expect(after.events.at(-1)).toMatchObject({ status: 'returned', actor: 'admin', actorName: staff.admin.adminName });

    // Received once: a second receipt is a conflict and changes nothing.
    const again = await receive(returned.orderId, [{ itemId: returned.line.itemId, quantity: 1, restock: true }]);
    expect([again.statusCode, errorOf(again)]).toEqual([409, 'This return has been received already.']);
    expect(await stockOf(t.database.db, returned.product)).toBe(2);

    // The shopper is told; the receipt is audited.
    await t.services.orderNotices.settled();
    const told = mail.sent.filter((item) => item.to === returned.email && item.text.includes('We received your return'));
    expect(told).toHaveLength(1);
    const entries = dataOf<{ entries: AuditEntry[] }>(
      await as(owner)('GET', `/api/admin/audit?entity=order&entityId=${returned.orderId}`),
    ).entries;
    expect(entries[0]).toMatchObject({ action: 'order.return_received', actor: { _id: staff.admin._id } });
  });

  it('refuses a return that is not approved', async () => {
    const product = await sellableProduct(t, { pricePaise: 50_000, stock: 3 });
    const placed = await placedOrder(t, mail, { ...product, paid: true });
    const order = await detail(placed.orderId);
    const answer = await receive(placed.orderId, [{ itemId: order.items[0]!.itemId, quantity: 1, restock: true }]);
    expect([answer.statusCode, errorOf(answer)]).toEqual([409, 'Only an approved return can be received: approve it first.']);
  });
});

describe('refunding a received return (issue 40, item 1)', () => {
  it('refunds a chosen part, never above what is refundable, once; the audit entry tells the money, not the courier', async () => {
    const returned = await approvedReturn(1);
    expect((await receive(returned.orderId, [{ itemId: returned.line.itemId, quantity: 1, restock: true }])).statusCode).toBe(200);
    const before = await detail(returned.orderId);
    expect(before).toMatchObject({ refundable: before.total, suggestedRefund: before.total });

    const tooMuch = await refund(returned.orderId, { amount: before.total + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<ErrorEnvelope>().fields?.amount).toMatch(/^Refund at most ₹/);
    const zero = await refund(returned.orderId, { amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json<ErrorEnvelope>().error).toMatch(/amount/);
    expect((await detail(returned.orderId)).refunds).toEqual([]);

    const part = await refund(returned.orderId, { amount: 50_000 });
    expect(part.statusCode, part.body).toBe(200);
    const refunded = dataOf<{ order: AdminOrderDetail }>(part).order;
    expect(refunded).toMatchObject({ status: 'refunded', refundedAmount: 50_000, refundable: before.total - 50_000 });
    // A repeat asks again for the same refund; another amount is refused; nothing is paid twice.
    expect((await refund(returned.orderId)).statusCode).toBe(200);
    expect((await refund(returned.orderId, { amount: 50_000 })).statusCode).toBe(200);
    const other = await refund(returned.orderId, { amount: 60_000 });
    expect(other.statusCode).toBe(409);
    expect((await detail(returned.orderId)).refunds).toHaveLength(1);
    const paymentId = refunded.payment!.razorpay_id!;
    expect((await t.services.paymentProvider.client.fetchPayment(paymentId)).amount_refunded).toBe(50_000);

    // Regression: the entry's before held courier and tracking number and its after did not, so it read as if they were wiped.
    const [entry] = dataOf<{ entries: AuditEntry[] }>(
      await as(owner)('GET', `/api/admin/audit?entity=refund&entityId=${returned.orderId}`),
    ).entries;
    expect(entry).toMatchObject({ action: 'refund.create', after: { amount: 50_000, refunded: 50_000 }, before: { refunded: 0 } });
    const removed = Object.keys(entry!.before ?? {}).filter((key) => !(key in (entry!.after ?? {})));
    expect(removed).toEqual([]);
  });

  it("keeps the call without an amount: the received pieces' share", async () => {
    const returned = await approvedReturn(1, 120_000);
    expect((await receive(returned.orderId, [{ itemId: returned.line.itemId, quantity: 1, restock: false }])).statusCode).toBe(200);
    const answer = await refund(returned.orderId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(dataOf<{ order: AdminOrderDetail }>(answer).order).toMatchObject({ status: 'refunded', refundedAmount: returned.order.total });
  });
});
