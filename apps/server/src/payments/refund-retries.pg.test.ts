import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { razorpayEmulatorRefunds } from '../dev/razorpay-emulator/tables.js';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall, testClock } from '../test/accounts.js';
import { adminCall, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { refunds } from './tables.js';

// Issue 38, item 1, on a real PostgreSQL server with several connections: the refund job (of any instance) and the
// owner's Retry refund never send one refund at once: each claims the refund row first, in one statement.

const mail = capturingMailer();
const clock = testClock('2026-11-20T06:00:00.000Z');
const t = useTestApp({
  services: { mailer: mail.mailer, now: clock.now, razorpay: { deliverWebhook: async () => ({ status: 200 }) } },
});
const emulator = () => t.services.paymentProvider.emulator!;

let owner: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
});

/** A paid order whose refund Razorpay refused at the shopper's cancel, due for its next try now. */
async function refusedRefund() {
  const product = await sellableProduct(t, { pricePaise: 1_19_000, stock: 5 });
  const order = await placedOrder(t, mail, { ...product, paid: true });
  emulator().failNextRefund();
  const cancelled = await jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${order.orderId}`, {
    sid: order.sid,
    body: { reason: 'Ordered the wrong size' },
  });
  expect(cancelled.statusCode).toBe(200);
  const { razorpay_id: paymentId } = cancelled.json<{ data: { order: { payment: { razorpay_id: string } } } }>().data.order.payment;
  const row = await refundOf(order.orderId);
  expect(row).toMatchObject({ status: 'failed', attempts: 1 });
  clock.advance(row.nextAttemptAt!.getTime() - clock.now().getTime() + 1_000);
  return { ...order, paymentId };
}

const refundOf = async (orderId: string) => (await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)))[0]!;
const refundsAtRazorpay = (paymentId: string) =>
  t.database.db
    .select({ amount: razorpayEmulatorRefunds.amount, key: razorpayEmulatorRefunds.idempotencyKey })
    .from(razorpayEmulatorRefunds)
    .where(eq(razorpayEmulatorRefunds.paymentId, paymentId));
const retryRefund = (orderId: string) => adminCall(t.app, 'POST', `/api/admin/order/retryRefund/${orderId}`, { asid: owner.asid });

describe('a refused refund retried by the job and the owner at once, on PostgreSQL', () => {
  it('regression: three job rounds and three Retry refund presses at once send one refund, under one new key', async () => {
    const order = await refusedRefund();
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => t.services.payments.retryDueRefunds()),
      ...Array.from({ length: 3 }, () => retryRefund(order.orderId)),
    ]);
    const presses = answers.slice(3) as Awaited<ReturnType<typeof retryRefund>>[];
    expect(presses.filter((answer) => answer.statusCode !== 200 && answer.statusCode !== 409).map((answer) => answer.body)).toEqual([]);

    expect(await refundsAtRazorpay(order.paymentId)).toEqual([{ amount: 1_19_000, key: `cancel_${order.orderId}_2` }]);
    expect(await refundOf(order.orderId)).toMatchObject({ status: 'processed', attempts: 2, claimedUntil: null });
  });

  it('answers the owner 409 while the job is sending the refund, and sends nothing of its own', async () => {
    const order = await refusedRefund();
    emulator().setFault('hang');
    const round = t.services.payments.retryDueRefunds();
    try {
      // The job has claimed it and opened its second request (which Razorpay holds).
      for (let wait = 0; wait < 100 && (await refundOf(order.orderId)).attempts < 2; wait++) await new Promise((r) => setTimeout(r, 20));
      const held = await refundOf(order.orderId);
      expect(held).toMatchObject({ status: 'pending', attempts: 2 });
      expect(held.claimedUntil).not.toBeNull();
      const pressed = await retryRefund(order.orderId);
      expect([pressed.statusCode, pressed.json<ErrorEnvelope>().error]).toEqual([
        409,
        'This refund is being sent to Razorpay right now. Look again in a minute.',
      ]);
    } finally {
      emulator().setFault(null);
    }
    // No answer to the job's request: it is asked again under the same key, never a third.
    expect(await round).toMatchObject({ unknown: 1 });
    expect(await refundOf(order.orderId)).toMatchObject({ status: 'pending', attempts: 2, razorpayRefundId: null, claimedUntil: null });
    const retried = await retryRefund(order.orderId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await refundsAtRazorpay(order.paymentId)).toEqual([{ amount: 1_19_000, key: `cancel_${order.orderId}_2` }]);
    expect(await refundOf(order.orderId)).toMatchObject({ status: 'processed', attempts: 2 });
  });
});
