import type { OrderDetail } from '@shop/core';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall, testClock } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';
import { signedDelivery, type WebhookDelivery } from '../dev/razorpay-emulator/webhooks.js';
import { paymentSignature } from './razorpay/signatures.js';
import { payments, refunds } from './tables.js';

// Captures reported more than once (Razorpay's payment.captured and order.paid, their retries, the shopper's
// verifyPayment), payments that arrive after a cancel, and a payment id verified against the wrong order.

const mail = capturingMailer();
const clock = testClock('2026-11-20T06:00:00.000Z');
const webhooks: WebhookDelivery[] = [];
const t = useTestApp({
  services: {
    mailer: mail.mailer,
    now: clock.now,
    reservationSeconds: 900,
    razorpay: {
      timeoutMs: 300,
      deliverWebhook: async (delivery) => {
        webhooks.push(delivery);
        return { status: 200 };
      },
    },
  },
});

const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
const emulator = () => t.services.paymentProvider.emulator!;

/** A signed-in shopper with one piece of a fresh product (of `stock`) ordered and the payment opened. */
async function openedOrder(options: { pricePaise?: number; stock?: number } = {}) {
  const product = await sellableProduct(t, { pricePaise: options.pricePaise ?? 40_000, stock: options.stock ?? 3 });
  return { ...(await placedOrder(t, mail, product)), product };
}
type Opened = Awaited<ReturnType<typeof openedOrder>>;

const order = async (shopper: Opened) =>
  dataOf<{ order: OrderDetail }>(await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${shopper.orderId}`, { sid: shopper.sid })).order;
const stock = (shopper: Opened) => stockOf(t.database.db, shopper.product);
const paymentRows = (orderId: string) => t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
const refundRows = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const refundedAtRazorpay = async (paymentId: string) => (await t.services.paymentProvider.client.fetchPayment(paymentId)).amount_refunded;
const mailsTo = async (shopper: Opened, subject: string) => {
  await t.services.orderNotices.settled();
  return mail.sent.filter((item) => item.to === shopper.email && item.subject === subject).length;
};

/** Pays on the emulator's sheet and keeps the webhooks it sends (payment.captured, order.paid) undelivered. */
async function pay(shopper: Opened) {
  webhooks.splice(0);
  const paid = await emulator().capturePayment(shopper.razorpayOrderId);
  await emulator().webhooksSettled();
  const sent = webhooks.splice(0);
  return {
    paymentId: paid.razorpay_payment_id,
    verifyBody: {
      razorpayOrderId: paid.razorpay_order_id,
      razorpayPaymentId: paid.razorpay_payment_id,
      razorpaySignature: paid.razorpay_signature,
    },
    captured: sent.find((delivery) => delivery.event === 'payment.captured')!,
    orderPaid: sent.find((delivery) => delivery.event === 'order.paid')!,
  };
}

async function deliver(delivery: WebhookDelivery) {
  const answer = await t.app.inject({ method: 'POST', url: delivery.url, headers: delivery.headers, payload: delivery.body });
  expect(answer.statusCode).toBe(200);
}

/** Delivers refund.processed and any other webhook the emulator sent since. */
async function deliverPending() {
  await emulator().webhooksSettled();
  for (const delivery of webhooks.splice(0)) await deliver(delivery);
}

const verify = (shopper: Opened, body: object) => jsonCall(t.app, 'POST', '/api/user/payment/verifyPayment', { sid: shopper.sid, body });
const cancel = (shopper: Opened, reason = 'Changed my mind') =>
  jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${shopper.orderId}`, { sid: shopper.sid, body: { reason } });

describe('a refunded payment reported as captured again', () => {
  it('stays refunded after a late refund when order.paid and verifyPayment report the capture again, and a later cancel sends no second refund', async () => {
    const shopper = await openedOrder({ stock: 1 });
    clock.advance(901_000);
    await t.services.payments.reconcile();
    // The piece sells to someone else before the late payment comes in: the payment is refunded.
    await t.database.db.execute(sql.raw(`update variants set quantity = 0 where id = '${shopper.product.variantId}'`));
    const paid = await pay(shopper);
    await deliver(paid.captured);
    await deliverPending();
    expect((await paymentRows(shopper.orderId)).map((row) => row.status)).toEqual(['refunded']);
    // A piece comes back to the shelf; the same capture is reported again by order.paid and by the shopper's page.
    await t.database.db.execute(sql.raw(`update variants set quantity = 1 where id = '${shopper.product.variantId}'`));
    await deliver(paid.orderPaid);
    expect((await verify(shopper, paid.verifyBody)).statusCode).toBe(200);

    expect((await paymentRows(shopper.orderId)).map((row) => row.status)).toEqual(['refunded']);
    expect(await order(shopper)).toMatchObject({ status: 'cancelled', cancelReason: 'Payment not completed' });
    expect(await stock(shopper)).toBe(1);
    const again = await cancel(shopper);
    expect(again.statusCode).toBe(200);
    expect(await refundRows(shopper.orderId)).toMatchObject([{ status: 'processed', amountPaise: shopper.total }]);
    expect(await refundedAtRazorpay(paid.paymentId)).toBe(shopper.total);
    expect(await mailsTo(shopper, `Payment for ${shopper.orderNumber} refunded`)).toBe(1);
  });

  it('stays refunded after a cancelled order is refunded when payment.captured, order.paid and verifyPayment report the capture again', async () => {
    const shopper = await openedOrder();
    const paid = await pay(shopper);
    expect((await verify(shopper, paid.verifyBody)).statusCode).toBe(200);
    expect((await cancel(shopper)).statusCode).toBe(200);
    await deliverPending();
    expect((await order(shopper)).status).toBe('refunded');

    await deliver(paid.captured);
    await deliver(paid.orderPaid);
    expect((await verify(shopper, paid.verifyBody)).statusCode).toBe(200);

    expect((await paymentRows(shopper.orderId)).map((row) => row.status)).toEqual(['refunded']);
    expect((await order(shopper)).status).toBe('refunded');
    expect((await cancel(shopper)).statusCode).toBe(200);
    expect(await refundRows(shopper.orderId)).toMatchObject([{ status: 'processed', amountPaise: shopper.total }]);
    expect(await refundedAtRazorpay(paid.paymentId)).toBe(shopper.total);
  });
});

describe('a capture reported again once it is settled', () => {
  it('is answered from the payment already recorded: verifyPayment after the webhook asks Razorpay nothing and changes nothing', async () => {
    const shopper = await openedOrder();
    const paid = await pay(shopper);
    const pair = { razorpayOrderId: shopper.razorpayOrderId, razorpayPaymentId: paid.paymentId };
    expect((await t.services.orders.settledBefore(pair)).settled).toBe(false);
    await deliver(paid.captured);
    expect((await t.services.orders.settledBefore(pair)).settled).toBe(true);
    // The same payment id claimed for another Razorpay order is never a repeat (markPaid refuses it).
    expect((await t.services.orders.settledBefore({ ...pair, razorpayOrderId: 'order_NotThisOne0001' })).settled).toBe(false);

    const asked = vi.spyOn(t.services.paymentProvider.client, 'fetchPayment');
    try {
      await deliver(paid.orderPaid);
      const verified = await verify(shopper, paid.verifyBody);
      expect(verified.statusCode).toBe(200);
      expect(dataOf<{ order: OrderDetail }>(verified).order.status).toBe('paid');
      expect(asked).not.toHaveBeenCalled();
    } finally {
      asked.mockRestore();
    }
    expect(await paymentRows(shopper.orderId)).toMatchObject([{ status: 'captured', amountPaise: shopper.total }]);
    expect((await order(shopper)).timeline.filter((event) => event.status === 'paid')).toHaveLength(1);
    expect(await mailsTo(shopper, `Order ${shopper.orderNumber} placed`)).toBe(1);
  });

  it('is not a repeat while a late payment’s refund is recorded: the capture reported again goes through markPaid, which asks for the refund again', async () => {
    const shopper = await openedOrder({ stock: 1 });
    clock.advance(901_000);
    await t.services.payments.reconcile();
    await t.database.db.execute(sql.raw(`update variants set quantity = 0 where id = '${shopper.product.variantId}'`));
    const paid = await pay(shopper);
    emulator().setFault('down');
    try {
      // Razorpay is down: the refund is recorded but not sent (the webhook fails, for Razorpay to send it again).
      const answer = await t.app.inject({
        method: 'POST',
        url: paid.captured.url,
        headers: paid.captured.headers,
        payload: paid.captured.body,
      });
      expect(answer.statusCode).toBe(500);
    } finally {
      emulator().setFault(null);
    }
    const pair = { razorpayOrderId: shopper.razorpayOrderId, razorpayPaymentId: paid.paymentId };
    expect(await paymentRows(shopper.orderId)).toMatchObject([{ status: 'captured' }]);
    expect((await t.services.orders.settledBefore(pair)).settled).toBe(false);
    await deliver(paid.orderPaid);
    await deliverPending();
    expect(await refundedAtRazorpay(paid.paymentId)).toBe(shopper.total);
    expect((await t.services.orders.settledBefore(pair)).settled).toBe(true);
  });
});

describe('a payment that arrives after an explicit cancel', () => {
  it.each(['shopper', 'admin'] as const)(
    'keeps the order cancelled when the %s cancelled it, and refunds the payment in full with its own timeline entry and mail',
    async (who) => {
      const shopper = await openedOrder({ stock: 3 });
      if (who === 'shopper') expect((await cancel(shopper, 'Ordered the wrong size')).statusCode).toBe(200);
      else await t.services.payments.cancelOrder('', shopper.orderId, 'Ordered the wrong size', 'admin');
      expect(await stock(shopper)).toBe(3);

      const paid = await pay(shopper);
      await deliver(paid.captured);
      await deliver(paid.orderPaid);
      expect((await verify(shopper, paid.verifyBody)).statusCode).toBe(200);
      await deliverPending();

      const after = await order(shopper);
      expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'Ordered the wrong size', refundedAmount: shopper.total });
      expect(after.timeline.map((event) => event.status)).toEqual(['pending_payment', 'cancelled', 'cancelled']);
      expect(after.timeline.at(-1)?.note).toBe(`Payment ${paid.paymentId} arrived after the order was cancelled; it is refunded in full.`);
      expect(after.timeline.some((event) => event.note.includes('reservation expired'))).toBe(false);
      expect(await stock(shopper)).toBe(3);
      expect((await paymentRows(shopper.orderId)).map((row) => row.status)).toEqual(['refunded']);
      expect(await refundRows(shopper.orderId)).toMatchObject([{ status: 'processed', amountPaise: shopper.total }]);
      expect(await refundedAtRazorpay(paid.paymentId)).toBe(shopper.total);
      expect(await mailsTo(shopper, `Payment for ${shopper.orderNumber} refunded`)).toBe(1);
      expect(await mailsTo(shopper, `Order ${shopper.orderNumber} placed`)).toBe(0);
      // Cancelling again sends no second refund.
      expect((await cancel(shopper, 'Ordered the wrong size')).statusCode).toBe(200);
      expect(await refundRows(shopper.orderId)).toHaveLength(1);
    },
  );

  it('still takes a payment that arrives after the reservation expired when the pieces are there', async () => {
    const shopper = await openedOrder({ stock: 2 });
    clock.advance(901_000);
    await t.services.payments.reconcile();
    expect(await stock(shopper)).toBe(2);
    const paid = await pay(shopper);
    await deliver(paid.captured);
    await deliver(paid.orderPaid);

    const after = await order(shopper);
    expect(after.status).toBe('paid');
    expect(after.timeline.map((event) => event.status)).toEqual(['pending_payment', 'cancelled', 'paid']);
    expect(after.timeline.at(-1)?.note).toBe(
      `Payment ${paid.paymentId} arrived after the reservation expired; the items were still available.`,
    );
    expect(await stock(shopper)).toBe(1);
    expect(await refundRows(shopper.orderId)).toEqual([]);
    expect(await mailsTo(shopper, `Order ${shopper.orderNumber} placed`)).toBe(1);
  });
});

describe('verifyPayment with another order’s payment', () => {
  it('refuses a valid signature over order B with order A’s payment id as a 400 that changes nothing', async () => {
    const first = await openedOrder({ pricePaise: 40_000 });
    const paidA = await pay(first);
    expect((await verify(first, paidA.verifyBody)).statusCode).toBe(200);
    const second = await openedOrder({ pricePaise: 60_000 });
    const keySecret = t.services.paymentProvider.keySecret;
    const mixed = {
      razorpayOrderId: second.razorpayOrderId,
      razorpayPaymentId: paidA.paymentId,
      razorpaySignature: paymentSignature(second.razorpayOrderId, paidA.paymentId, keySecret),
    };

    const answer = await verify(second, mixed);
    expect([answer.statusCode, errorOf(answer)]).toEqual([400, 'razorpayPaymentId: This payment does not belong to this order.']);
    // Razorpay unreachable: the payment already recorded for order A still refuses it.
    emulator().setFault('down');
    try {
      const offline = await verify(second, mixed);
      expect([offline.statusCode, errorOf(offline)]).toEqual([400, 'razorpayPaymentId: This payment does not belong to this order.']);
    } finally {
      emulator().setFault(null);
    }

    expect((await order(first)).status).toBe('paid');
    expect((await order(second)).status).toBe('pending_payment');
    expect(await paymentRows(second.orderId)).toEqual([]);
    expect((await paymentRows(first.orderId)).map((row) => row.status)).toEqual(['captured']);
    expect(await refundRows(first.orderId)).toEqual([]);
    expect(await refundRows(second.orderId)).toEqual([]);
    expect(await refundedAtRazorpay(paidA.paymentId)).toBe(0);
  });
});

describe('webhooks from a Razorpay that omits fields', () => {
  it('handles payment.captured and refund.processed whose entities lack fields the shop does not read (issue 13)', async () => {
    const shopper = await openedOrder();
    const paid = await pay(shopper);
    /** The same event re-signed after `edit`, as a Razorpay that stopped sending some fields would send it. */
    const reshaped = (delivery: WebhookDelivery, edit: (payload: Record<string, { entity: Record<string, unknown> }>) => void) => {
      const body = JSON.parse(delivery.body) as { payload: Record<string, { entity: Record<string, unknown> }> };
      edit(body.payload);
      return signedDelivery(delivery.url, delivery.event, delivery.eventId, body, t.services.paymentProvider.webhookSecret);
    };
    await deliver(
      reshaped(paid.captured, (payload) => {
        for (const field of ['status', 'currency', 'captured', 'method', 'created_at', 'email', 'contact', 'notes'])
          delete payload.payment!.entity[field];
      }),
    );
    expect((await order(shopper)).status).toBe('paid');

    expect((await cancel(shopper)).statusCode).toBe(200);
    await emulator().webhooksSettled();
    const processed = webhooks.splice(0).find((delivery) => delivery.event === 'refund.processed')!;
    // As if the refund call's answer had been lost: only the webhook can confirm it.
    await t.database.db.update(refunds).set({ status: 'pending' }).where(eq(refunds.orderId, shopper.orderId));
    await deliver(
      reshaped(processed, (payload) => {
        for (const field of ['payment_id', 'amount', 'status', 'currency', 'notes']) delete payload.refund!.entity[field];
        delete payload.payment;
      }),
    );
    expect(await refundRows(shopper.orderId)).toMatchObject([{ status: 'processed' }]);
  });
});
