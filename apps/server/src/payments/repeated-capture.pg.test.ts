import type { OrderDetail } from '@shop/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import type { WebhookDelivery } from '../dev/razorpay-emulator/webhooks.js';
import { orderEvents } from '../orders/tables.js';
import { payments, refunds } from './tables.js';

// Issues 3 and 4 on a real PostgreSQL server with several connections: the reports of one capture
// (payment.captured, order.paid, the shopper's verifyPayment) race a cancel and its refund, or arrive all at
// once after an explicit cancel.

const mail = capturingMailer();
const webhooks: WebhookDelivery[] = [];
const t = useTestApp({
  services: {
    mailer: mail.mailer,
    razorpay: {
      deliverWebhook: async (delivery) => {
        webhooks.push(delivery);
        return { status: 200 };
      },
    },
  },
});

/** A signed-in shopper with one piece of a fresh product ordered and the payment opened. */
async function openedOrder() {
  const product = await sellableProduct(t, { stock: 5, pricePaise: 1_20_000 });
  return placedOrder(t, mail, product);
}
type Opened = Awaited<ReturnType<typeof openedOrder>>;

async function pay(shopper: Opened) {
  const emulator = t.services.paymentProvider.emulator!;
  webhooks.splice(0);
  const paid = await emulator.capturePayment(shopper.razorpayOrderId);
  await emulator.webhooksSettled();
  return {
    paymentId: paid.razorpay_payment_id,
    verifyBody: {
      razorpayOrderId: paid.razorpay_order_id,
      razorpayPaymentId: paid.razorpay_payment_id,
      razorpaySignature: paid.razorpay_signature,
    },
    reports: webhooks.splice(0).filter((delivery) => delivery.event === 'payment.captured' || delivery.event === 'order.paid'),
  };
}

/** Every report of the capture, `times` over: webhooks (under new event ids, as separate events) and the page's verify. */
function reportAgain(shopper: Opened, paid: Awaited<ReturnType<typeof pay>>, times: number) {
  return Array.from({ length: times }, (_, round) => [
    ...paid.reports.map((delivery) =>
      t.app.inject({
        method: 'POST',
        url: delivery.url,
        headers: { ...delivery.headers, 'x-razorpay-event-id': `${delivery.eventId}_${round}` },
        payload: delivery.body,
      }),
    ),
    jsonCall(t.app, 'POST', '/api/user/payment/verifyPayment', { sid: shopper.sid, body: paid.verifyBody }),
  ]).flat();
}

const cancel = (shopper: Opened) =>
  jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${shopper.orderId}`, { sid: shopper.sid, body: { reason: 'Changed my mind' } });
const orderOf = async (shopper: Opened) =>
  (await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${shopper.orderId}`, { sid: shopper.sid })).json<{
    data: { order: OrderDetail };
  }>().data.order;

describe('reports of one capture racing on PostgreSQL', () => {
  it('leave a refunded payment refunded while a cancel refunds it, and a later cancel sends no second refund', async () => {
    const shopper = await openedOrder();
    const paid = await pay(shopper);
    expect((await jsonCall(t.app, 'POST', '/api/user/payment/verifyPayment', { sid: shopper.sid, body: paid.verifyBody })).statusCode).toBe(
      200,
    );

    const answers = await Promise.all([cancel(shopper), ...reportAgain(shopper, paid, 4)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    // And once more after the refund went through.
    const after = await Promise.all(reportAgain(shopper, paid, 2));
    expect(after.map((answer) => answer.statusCode)).toEqual(after.map(() => 200));

    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, shopper.orderId));
    expect(rows.map((row) => row.status)).toEqual(['refunded']);
    expect((await orderOf(shopper)).status).toBe('refunded');
    expect((await cancel(shopper)).statusCode).toBe(200);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, shopper.orderId))).toMatchObject([
      { status: 'processed', amountPaise: shopper.total },
    ]);
    expect((await t.services.paymentProvider.client.fetchPayment(paid.paymentId)).amount_refunded).toBe(shopper.total);
  }, 60_000);

  it('refund a payment reported many times at once after an explicit cancel exactly once, with one timeline entry and one mail', async () => {
    const shopper = await openedOrder();
    expect((await cancel(shopper)).statusCode).toBe(200);
    const paid = await pay(shopper);

    const answers = await Promise.all(reportAgain(shopper, paid, 4));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));

    const order = await orderOf(shopper);
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'Changed my mind', refundedAmount: shopper.total });
    const notes = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, shopper.orderId));
    expect(notes.filter((event) => event.note.includes('arrived after the order was cancelled'))).toHaveLength(1);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, shopper.orderId))).toMatchObject([
      { status: 'processed', amountPaise: shopper.total },
    ]);
    expect((await t.services.paymentProvider.client.fetchPayment(paid.paymentId)).amount_refunded).toBe(shopper.total);
    await t.services.orderNotices.settled();
    expect(
      mail.sent.filter((item) => item.to === shopper.email && item.subject === `Payment for ${shopper.orderNumber} refunded`),
    ).toHaveLength(1);
    expect(mail.sent.filter((item) => item.to === shopper.email && item.subject === `Order ${shopper.orderNumber} placed`)).toHaveLength(0);
  }, 60_000);

  it('settle a fresh capture once when every report reaches markPaid at the same time, as on two instances (the order lock decides, not the process)', async () => {
    const shopper = await openedOrder();
    const paid = await pay(shopper);
    const captured = {
      razorpayOrderId: shopper.razorpayOrderId,
      razorpayPaymentId: paid.paymentId,
      amount: shopper.total,
      method: 'upi',
      paidAt: new Date(),
    };
    // Straight to markPaid: past the payments service's per-process turn-taking, which one instance alone has.
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, index) => t.services.orders.markPaid(captured, index % 2 === 0 ? 'razorpay' : 'shopper')),
    );
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['already', 'already', 'already', 'already', 'already', 'paid']);
    expect((await t.services.orders.settledBefore(captured)).settled).toBe(true);

    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, shopper.orderId));
    expect(rows).toMatchObject([{ status: 'captured', amountPaise: shopper.total }]);
    const order = await orderOf(shopper);
    expect(order.status).toBe('paid');
    expect(order.timeline.filter((event) => event.status === 'paid')).toHaveLength(1);
    await t.services.orderNotices.settled();
    expect(mail.sent.filter((item) => item.to === shopper.email && item.subject === `Order ${shopper.orderNumber} placed`)).toHaveLength(1);
  }, 60_000);
});
