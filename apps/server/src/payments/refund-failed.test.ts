import type { OrderDetail } from '@shop/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { razorpayEmulatorRefunds } from '../dev/razorpay-emulator/tables.js';
import { EMULATOR_KEYS } from '../config.js';
import { capturingMailer, jsonCall, testClock } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { webhookSignature } from './razorpay/signatures.js';
import { WEBHOOK_PATH } from './routes.js';
import { refunds } from './tables.js';

// A refund Razorpay accepted and the bank later returned: Razorpay sends refund.failed. Before, the shop ignored
// it and the refund stayed 'pending' with the shopper's money nowhere; now it is failed, sent again under its next
// key by the refund job, and the money goes back once.

const mail = capturingMailer();
const clock = testClock('2026-11-20T06:00:00.000Z');
// The emulator's webhooks reach the app (its default deliverer), as Razorpay's reach the shop.
const t = useTestApp({ services: { mailer: mail.mailer, now: clock.now } });

const emulator = () => t.services.paymentProvider.emulator!;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const shopperView = async (order: { sid: string; orderId: string }) =>
  dataOf<{ order: OrderDetail }>(await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${order.orderId}`, { sid: order.sid })).order;
const refundRow = async (orderId: string) => {
  const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

async function cancelledWithHeldRefund() {
  const product = await sellableProduct(t, { pricePaise: 1_49_000, stock: 5 });
  const placed = await placedOrder(t, mail, { ...product, paid: true });
  const paymentId = (await shopperView(placed)).payment!.razorpay_id!;
  emulator().holdNextRefund();
  const cancelled = await jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${placed.orderId}`, {
    sid: placed.sid,
    body: { reason: 'Ordered the wrong size' },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  await emulator().webhooksSettled();
  const row = await refundRow(placed.orderId);
  expect(row).toMatchObject({ status: 'pending', attempts: 1 });
  expect(row.razorpayRefundId).toMatch(/^rfnd_/);
  return { ...placed, paymentId, razorpayRefundId: row.razorpayRefundId! };
}

describe('refund.failed from Razorpay', () => {
  it('regression: fails the refund, and the refund job sends it again under its next key: the money goes back once', async () => {
    const order = await cancelledWithHeldRefund();

    expect(await emulator().failRefund(order.razorpayRefundId)).toBe(true);
    await emulator().webhooksSettled();
    expect(await refundRow(order.orderId)).toMatchObject({
      status: 'failed',
      lastError: `Razorpay refund ${order.razorpayRefundId} failed.`,
      nextAttemptAt: clock.now(),
    });
    expect(await shopperView(order)).toMatchObject({ status: 'cancelled' });

    expect(await t.services.payments.retryDueRefunds()).toMatchObject({ processed: 1 });
    await emulator().webhooksSettled();
    expect(await refundRow(order.orderId)).toMatchObject({ status: 'processed', attempts: 2, nextAttemptAt: null });
    expect(await shopperView(order)).toMatchObject({ status: 'refunded', pendingRefund: null });
    const atRazorpay = await t.database.db
      .select({ status: razorpayEmulatorRefunds.status, key: razorpayEmulatorRefunds.idempotencyKey })
      .from(razorpayEmulatorRefunds)
      .where(eq(razorpayEmulatorRefunds.paymentId, order.paymentId))
      .orderBy(razorpayEmulatorRefunds.createdAt);
    expect(atRazorpay.map((refund) => refund.status).sort()).toEqual(['failed', 'processed']);
    expect(new Set(atRazorpay.map((refund) => refund.key)).size).toBe(2);
  });

  it('changes nothing when repeated, or for a refund already processed', async () => {
    const order = await cancelledWithHeldRefund();
    expect(await emulator().failRefund(order.razorpayRefundId)).toBe(true);
    await emulator().webhooksSettled();
    await t.services.payments.retryDueRefunds();
    await emulator().webhooksSettled();
    const processed = await refundRow(order.orderId);
    expect(processed.status).toBe('processed');

    // The first refund's failure reported again, and a made-up report of the processed one: both ignored.
    const body = (refundId: string) =>
      JSON.stringify({ event: 'refund.failed', payload: { refund: { entity: { id: refundId, entity: 'refund', status: 'failed' } } } });
    for (const refundId of [order.razorpayRefundId, processed.razorpayRefundId!]) {
      const response = await t.app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(body(refundId), EMULATOR_KEYS.webhookSecret),
        },
        payload: body(refundId),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await refundRow(order.orderId)).toMatchObject({ status: 'processed', attempts: 2 });
    expect(await shopperView(order)).toMatchObject({ status: 'refunded' });
  });
});
