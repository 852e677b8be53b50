import type { AdminOrderDetail, AuditEntry, OrderDetail } from '@shop/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { REFUND_REFUSED } from '../dev/razorpay-emulator/emulator.js';
import { razorpayEmulatorRefunds } from '../dev/razorpay-emulator/tables.js';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall, testClock } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { REFUND_RULES } from './refund-retries.js';
import { refunds } from './tables.js';

// Issue 38, item 1: a refund Razorpay refuses or does not answer is not stranded. The refund job asks again (a
// refusal under a new key, no answer under the same one, a refund Razorpay took is looked up), with backoff and a
// cap; the owner's Retry refund sends it at once; the order pages say where it stands.

const mail = capturingMailer();
const clock = testClock('2026-11-20T06:00:00.000Z');
// Webhooks are dropped: the refund's own answer (the emulator refunds at once) and the job's lookups confirm it.
const t = useTestApp({
  services: { mailer: mail.mailer, now: clock.now, razorpay: { deliverWebhook: async () => ({ status: 200 }) } },
});

const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const emulator = () => t.services.paymentProvider.emulator!;

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
});

const as = (who: SignedInAdminForTest) => (method: 'GET' | 'POST', url: string, body?: object) =>
  adminCall(t.app, method, url, { asid: who.asid, body });

async function paidOrder() {
  const product = await sellableProduct(t, { pricePaise: 1_19_000, stock: 5 });
  const placed = await placedOrder(t, mail, { ...product, paid: true });
  const total = (await shopperView(placed)).total;
  const paymentId = (await shopperView(placed)).payment!.razorpay_id!;
  return { ...placed, total, paymentId };
}
type Paid = Awaited<ReturnType<typeof paidOrder>>;

const shopperView = async (order: { sid: string; orderId: string }) =>
  dataOf<{ order: OrderDetail }>(await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${order.orderId}`, { sid: order.sid })).order;
const adminView = async (order: { orderId: string }) =>
  dataOf<{ order: AdminOrderDetail }>(await as(staff)('GET', `/api/admin/order/getOrderDetails/${order.orderId}`)).order;
const refundRow = async (order: { orderId: string }) => {
  const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
};
/** The refunds Razorpay (the emulator) made of the payment, with the key each was asked under. */
const refundsAtRazorpay = (order: Paid) =>
  t.database.db
    .select({ amount: razorpayEmulatorRefunds.amount, key: razorpayEmulatorRefunds.idempotencyKey })
    .from(razorpayEmulatorRefunds)
    .where(eq(razorpayEmulatorRefunds.paymentId, order.paymentId));
const shopperCancel = (order: Paid) =>
  jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${order.orderId}`, { sid: order.sid, body: { reason: 'Ordered the wrong size' } });
const retryRefund = (who: SignedInAdminForTest, order: { orderId: string }) =>
  as(who)('POST', `/api/admin/order/retryRefund/${order.orderId}`);
const refundMails = async (order: Paid) => {
  await t.services.orderNotices.settled();
  return mail.sent.filter((item) => item.to === order.email && item.subject === `Refund for ${order.orderNumber} processed`);
};
/** Moves the clock past the refund's next try and runs one round of the refund job. */
async function jobRoundWhenDue(order: { orderId: string }) {
  const { nextAttemptAt } = await refundRow(order);
  clock.advance(Math.max(0, nextAttemptAt!.getTime() - clock.now().getTime()) + 1_000);
  return t.services.payments.retryDueRefunds();
}

describe('a refund Razorpay refuses', () => {
  it('regression: is not stranded: the cancel answers with the refund pending, the job sends it again under a new key, and the money goes back once', async () => {
    const order = await paidOrder();
    emulator().failNextRefund();
    const cancelled = await shopperCancel(order);
    // Not "try again": the order is cancelled and its page says the refund is pending and retried by itself.
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const told = dataOf<{ order: OrderDetail }>(cancelled).order;
    expect(told).toMatchObject({ status: 'cancelled', refundedAmount: 0, pendingRefund: { amount: order.total, state: 'retrying' } });
    const refused = await refundRow(order);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1, tries: 1, lastError: REFUND_REFUSED, razorpayRefundId: null });
    expect(refused.nextAttemptAt!.getTime()).toBe(clock.now().getTime() + REFUND_RULES.firstRetryMs);
    expect(told.pendingRefund!.nextAttemptAt).toBe(refused.nextAttemptAt!.toISOString());
    expect(await refundsAtRazorpay(order)).toEqual([]);
    expect(await adminView(order)).toMatchObject({
      refunds: [{ amount: order.total, status: 'failed', state: 'retrying', attempts: 1, lastError: REFUND_REFUSED, canRetry: true }],
    });

    // Not due yet: the round leaves it.
    expect(await t.services.payments.retryDueRefunds()).toEqual({ processed: 0, pending: 0, failed: 0, unknown: 0 });
    expect(await jobRoundWhenDue(order)).toEqual({ processed: 1, pending: 0, failed: 0, unknown: 0 });

    // Razorpay answers a key it has seen with its first answer, so the second request has a key of its own.
    expect(await refundsAtRazorpay(order)).toEqual([{ amount: order.total, key: `cancel_${order.orderId}_2` }]);
    expect(await refundRow(order)).toMatchObject({ status: 'processed', attempts: 2, nextAttemptAt: null, claimedUntil: null });
    expect(await shopperView(order)).toMatchObject({ status: 'refunded', refundedAmount: order.total, pendingRefund: null });
    expect(await refundMails(order)).toHaveLength(1);

    // Nothing is due any more, and cancelling again sends nothing.
    clock.advance(REFUND_RULES.maxRetryMs);
    expect(await t.services.payments.retryDueRefunds()).toEqual({ processed: 0, pending: 0, failed: 0, unknown: 0 });
    expect((await shopperCancel(order)).statusCode).toBe(200);
    expect(await refundsAtRazorpay(order)).toHaveLength(1);
    expect((await t.services.paymentProvider.client.fetchPayment(order.paymentId)).amount_refunded).toBe(order.total);
  });

  it('stops after REFUND_RULES.maxAttempts refusals and waits for the owner, whose Retry refund (staff refused, audited) sends it at once', async () => {
    const order = await paidOrder();
    for (let refusal = 0; refusal < REFUND_RULES.maxAttempts; refusal++) emulator().failNextRefund();
    const cancelled = await as(owner)('POST', `/api/admin/order/cancelOrder/${order.orderId}`, { reason: 'Out of stock' });
    // The owner is told: the order is cancelled, the refund did not go through, and what happens next.
    expect([cancelled.statusCode, errorOf(cancelled)]).toEqual([
      503,
      `The order is cancelled, but its refund did not go through: Razorpay refused it (${REFUND_REFUSED.replace(/\.$/, '')}). The shop asks Razorpay again by itself; Retry refund asks now.`,
    ]);
    const delays: number[] = [];
    for (let round = 1; round < REFUND_RULES.maxAttempts; round++) {
      const before = clock.now().getTime();
      const { nextAttemptAt } = await refundRow(order);
      delays.push(nextAttemptAt!.getTime() - before);
      expect(await jobRoundWhenDue(order)).toMatchObject({ failed: 1 });
    }
    // The wait doubles after each try.
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(await refundRow(order)).toMatchObject({ status: 'failed', attempts: REFUND_RULES.maxAttempts, nextAttemptAt: null });
    clock.advance(REFUND_RULES.maxRetryMs);
    expect(await t.services.payments.retryDueRefunds()).toMatchObject({ failed: 0 });
    expect(await refundsAtRazorpay(order)).toEqual([]);
    expect((await shopperView(order)).pendingRefund).toEqual({ amount: order.total, state: 'stopped', nextAttemptAt: null });
    expect((await adminView(order)).refunds).toMatchObject([{ state: 'stopped', canRetry: true, nextAttemptAt: null }]);

    const refusedToStaff = await retryRefund(staff, order);
    expect([refusedToStaff.statusCode, errorOf(refusedToStaff)]).toEqual([403, 'Only the shop owner can do this.']);
    const retried = await retryRefund(owner, order);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(dataOf<{ order: AdminOrderDetail }>(retried).order).toMatchObject({
      status: 'refunded',
      refundedAmount: order.total,
      refunds: [{ state: 'processed', attempts: REFUND_RULES.maxAttempts + 1, canRetry: false }],
    });
    expect(await refundsAtRazorpay(order)).toEqual([
      { amount: order.total, key: `cancel_${order.orderId}_${REFUND_RULES.maxAttempts + 1}` },
    ]);
    const audit = dataOf<{ entries: AuditEntry[] }>(
      await as(owner)('GET', `/api/admin/audit?entity=refund&entityId=${order.orderId}`),
    ).entries;
    expect(audit).toMatchObject([
      {
        action: 'refund.retry',
        actor: { _id: owner.admin._id },
        after: { orderNumber: order.orderNumber, amount: order.total, text: '₹1,190.00 refund sent to Razorpay again' },
      },
    ]);

    // Nothing left to send: a second press is a 409, an unknown order a 404.
    const again = await retryRefund(owner, order);
    expect([again.statusCode, errorOf(again)]).toEqual([409, 'This order has no refund waiting to go through.']);
    expect((await retryRefund(owner, { orderId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect(await refundsAtRazorpay(order)).toHaveLength(1);
  });
});

describe('a refund Razorpay did not answer or has not confirmed', () => {
  it('is sent again under the same key when Razorpay was down at the cancel', async () => {
    const order = await paidOrder();
    emulator().setFault('down');
    try {
      expect((await shopperCancel(order)).statusCode).toBe(200);
    } finally {
      emulator().setFault(null);
    }
    expect(await refundRow(order)).toMatchObject({ status: 'pending', attempts: 1, razorpayRefundId: null });
    expect((await shopperView(order)).pendingRefund).toMatchObject({ amount: order.total, state: 'unconfirmed' });
    expect((await adminView(order)).refunds).toMatchObject([{ state: 'unconfirmed', canRetry: true }]);

    expect(await jobRoundWhenDue(order)).toMatchObject({ processed: 1 });
    expect(await refundsAtRazorpay(order)).toEqual([{ amount: order.total, key: `cancel_${order.orderId}` }]);
    expect(await refundRow(order)).toMatchObject({ status: 'processed', attempts: 1 });
  });

  it('is looked up (GET /v1/refunds/{id}) while Razorpay has not confirmed it, until it is processed', async () => {
    const order = await paidOrder();
    expect((await shopperCancel(order)).statusCode).toBe(200);
    // As if Razorpay had answered 'pending' and its webhook were lost.
    await t.database.db.update(refunds).set({ status: 'pending', nextAttemptAt: clock.now() }).where(eq(refunds.orderId, order.orderId));
    expect((await shopperView(order)).pendingRefund).toMatchObject({ state: 'processing' });
    const lookups = vi.spyOn(t.services.paymentProvider.client, 'fetchRefund');
    const sends = vi.spyOn(t.services.paymentProvider.client, 'refundPayment');
    try {
      expect(await jobRoundWhenDue(order)).toMatchObject({ processed: 1 });
      expect(lookups).toHaveBeenCalledTimes(1);
      expect(sends).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
      sends.mockRestore();
    }
    expect(await refundRow(order)).toMatchObject({ status: 'processed', nextAttemptAt: null });
    expect(await shopperView(order)).toMatchObject({ status: 'refunded', pendingRefund: null });
    expect(await refundsAtRazorpay(order)).toHaveLength(1);
  });
});

describe('POST /api/admin/order/retryRefund/{orderId}', () => {
  it('is documented in the OpenAPI with its refusals: 401, 403 (staff), 404, 409 and 503', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const operation = docs.json<{ paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> }>().paths[
      '/api/admin/order/retryRefund/{orderId}'
    ]?.post;
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404', '409', '415', '503']);
    expect(operation!.responses['409']!.description).toMatch(/^The order has no refund waiting to go through/);
  });
});
