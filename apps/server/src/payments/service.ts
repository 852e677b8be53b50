import {
  AppError,
  businessBuyerOf,
  DEFAULT_COD_SETTINGS,
  formatINR,
  REFUND_REFERENCE_MISSING,
  type CreatePaymentInput,
  type CreatedPayment,
  type OrderDetail,
  type PaymentOptions,
  type VerifyPaymentInput,
} from '@shop/core';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import { causeOf } from '../logging/log-errors.js';
import type { ShopMetrics } from '../metrics/metrics.js';
import {
  latePaymentRefundKey,
  paymentOfAnotherOrder,
  type AdminRef,
  type CapturedPayment,
  type CodPlacement,
  type InTransaction,
  type OrdersService,
  type OrderRow,
} from '../orders/service.js';
import { lockOrder } from '../orders/queries.js';
import type { PaymentProvider } from './razorpay/provider.js';
import { verifyPaymentSignature, verifyWebhookSignature } from './razorpay/signatures.js';
import {
  claimDueRefunds,
  claimPendingRefund,
  claimRefundsOfOrder,
  firstCapturedPayment,
  markPaymentRefunded,
  markRefundProcessed,
  recordManualRefund,
  recordRefund,
  recordRefundTry,
  recordWebhook,
  refundByKey,
  refundByRazorpayId,
  markRefundFailed,
  refundsOfOrder,
  startNextRefundAttempt,
  webhookSeen,
  type RefundRow,
} from './queries.js';
import { RazorpayError, type RazorpayRefund } from './razorpay/razorpay-client.js';
import { WebhookSignatureError } from './webhook-refusal.js';
import { REFUND_RULES, refundAttemptKey, refundRetryDelayMs, refusedForSure, type RefundTally } from './refund-retries.js';
import type { SettingsService } from '../settings/service.js';

// The flows that cross our orders and Razorpay: opening a payment, verifying it, webhooks, reconciliation of
// unpaid orders, and refunds. Each side effect has its undo (reserve stock ↔ release it), and every call that
// Razorpay may see twice (verify, webhook, refund) is idempotent.

export const PAYMENT_FAILED_TO_INITIATE = 'Payment failed to initiate';
export const PAYMENT_VERIFICATION_FAILED = 'Payment verification failed. If money was taken, your order will update within minutes.';

export interface PaymentsLog {
  info(details: object, line: string): void;
  error(details: object, line: string): void;
}

// Only the fields of Razorpay's webhook payloads we act on (https://razorpay.com/docs/webhooks/payloads/): those
// without a fallback are required, anything else Razorpay adds or leaves out passes (issue 13).
const paymentEntity = z.object({
  id: z.string(),
  order_id: z.string().nullable(),
  amount: z.number().int(),
  method: z.string().nullish(),
  created_at: z.number().int().optional(),
  error_code: z.string().nullish(),
  error_description: z.string().nullish(),
});
const webhookSchema = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: paymentEntity }).optional(),
    order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
    refund: z.object({ entity: z.object({ id: z.string() }) }).optional(),
  }),
});

export function createPaymentsService(
  db: Db,
  deps: {
    orders: OrdersService;
    /** Production takes no orders until the owner has saved the shop's details (issue 39); cash on delivery (issue 41). */
    settings: Pick<SettingsService, 'assertTakingOrders'> & Partial<Pick<SettingsService, 'cod'>>;
    /** Whether India Post's directory knows a pincode: cash on delivery goes only where it does. */
    pincodeKnown?: (pincode: string) => boolean;
    provider: PaymentProvider;
    /** Refuses, in words, an address no courier delivers to (issue 42), before any order or payment is made. */
    assertDeliverable?: (userId: string, addressId: string) => Promise<void>;
    /**
     * Runs before a cancellation is written (issue 42: the parcel's provider order is cancelled first); a throw
     * refuses the cancellation with nothing changed.
     */
    beforeCancel?: (orderId: string) => Promise<void>;
    now: () => Date;
    log: PaymentsLog;
    metrics?: Pick<ShopMetrics, 'payments' | 'refunds' | 'reconciliationActions'>;
  },
) {
  const { orders, provider, now, log, metrics } = deps;

  const lease = (at: Date) => new Date(at.getTime() + REFUND_RULES.claimMs);

  /** The owner's COD setting as it is now, and the pincodes India Post knows. */
  const codPlacement = async (): Promise<CodPlacement> => ({
    settings: deps.settings.cod ? await deps.settings.cod() : DEFAULT_COD_SETTINGS,
    pincodeKnown: deps.pincodeKnown ?? (() => false),
  });

  /**
   * One try of a refund its caller has claimed: a refund Razorpay took is looked up (GET /v1/refunds/{id}); one
   * without an answer is sent again under the same key; one Razorpay refused for sure is sent under the next
   * attempt's key when `nextKey` allows it (the job below its cap, the owner always). What it found is recorded
   * and the claim let go, with the next try scheduled by the backoff.
   */
  async function tryRefund(claimed: RefundRow, options: { nextKey: boolean }): Promise<RefundTry> {
    let row = claimed;
    if (row.status === 'failed') {
      if (!options.nextKey) {
        return { outcome: 'failed', row: await recordRefundTry(db, row.id, { status: 'failed', nextAttemptAt: null }, false) };
      }
      // Written before the request goes out: should this process die after sending, the next try sends the same key.
      row = (await startNextRefundAttempt(db, row.id)) ?? row;
    }
    const at = now();
    const later = new Date(at.getTime() + refundRetryDelayMs(row.tries + 1));
    const maySendAgain = row.attempts < REFUND_RULES.maxAttempts;
    const asked = row.razorpayRefundId;
    let answer: RazorpayRefund;
    try {
      answer = asked
        ? await provider.client.fetchRefund(asked)
        : await provider.client.refundPayment(
            row.razorpayPaymentId,
            { amount: row.amountPaise, notes: { orderId: row.orderId, reason: row.reason.slice(0, 200) } },
            refundAttemptKey(row.idempotencyKey, row.attempts),
          );
    } catch (error) {
      // Only a refusal of the request that makes a refund is sure to have made none; a lookup that fails says nothing.
      if (!asked && refusedForSure(error)) {
        metrics?.refunds.inc({ state: 'failed' });
        log.error({ err: error, orderId: row.orderId, attempt: row.attempts }, 'Razorpay refused a refund');
        const lastError = error.error?.description ?? error.message;
        const after = await recordRefundTry(db, row.id, { status: 'failed', lastError, nextAttemptAt: maySendAgain ? later : null });
        return { outcome: 'failed', row: after, error };
      }
      log.error({ err: error, orderId: row.orderId }, 'Razorpay did not answer about a refund; it is asked again');
      return { outcome: 'unknown', row: await recordRefundTry(db, row.id, { status: 'pending', nextAttemptAt: later }), error };
    }
    if (!asked) metrics?.refunds.inc({ state: 'requested' });
    if (answer.status === 'failed') {
      metrics?.refunds.inc({ state: 'failed' });
      const lastError = `Razorpay refund ${answer.id} failed.`;
      const after = await recordRefundTry(db, row.id, {
        razorpayRefundId: answer.id,
        status: 'failed',
        lastError,
        nextAttemptAt: maySendAgain ? later : null,
      });
      return { outcome: 'failed', row: after };
    }
    // 'processed' is written by refundProcessed (with its time), once, whichever report comes first; until then the
    // job looks it up again.
    const after = await recordRefundTry(db, row.id, { razorpayRefundId: answer.id, status: 'pending', nextAttemptAt: later });
    if (answer.status !== 'processed') return { outcome: 'pending', row: after };
    await refundProcessed(answer.id, 'razorpay');
    return { outcome: 'processed', row: after };
  }

  /**
   * Sends the refund recorded under `key` unless someone else holds it: a repeat (a second cancel, a capture
   * reported again) asks again under the same key and never pays twice. A refund Razorpay refused is left to the
   * job and the owner (its next key is theirs to open).
   */
  async function sendRefund(
    key: string,
  ): Promise<RefundTry | { outcome: 'processed' | 'failed' | 'held'; row?: RefundRow; error?: undefined }> {
    const at = now();
    const claimed = await claimPendingRefund(db, key, at, lease(at));
    if (claimed) return tryRefund(claimed, { nextKey: false });
    const row = await refundByKey(db, key);
    if (!row || row.status === 'processed') return { outcome: 'processed', row };
    return { outcome: row.status === 'failed' ? 'failed' : 'held', row };
  }

  /** Records a refund (once per key) and sends it; see sendRefund. */
  async function refund(order: OrderRow, paymentId: string, amount: number, key: string, reason: string) {
    await recordRefund(db, {
      orderId: order.id,
      razorpayPaymentId: paymentId,
      idempotencyKey: key,
      amountPaise: amount,
      status: 'pending',
      reason,
      createdAt: now(),
    });
    return sendRefund(key);
  }

  /** Razorpay confirmed a refund: the payment and, when it was the whole amount, the order say so. */
  async function refundProcessed(razorpayRefundId: string, actor: 'razorpay' | 'system'): Promise<void> {
    // The first confirmation marks it (and counts it); a repeat (the webhook after the API's answer) finds it marked
    // and still finishes what follows, which is idempotent.
    const first = await markRefundProcessed(db, razorpayRefundId, now());
    if (first) metrics?.refunds.inc({ state: 'processed' });
    const row = first ?? (await refundByRazorpayId(db, razorpayRefundId));
    if (!row) return;
    await markPaymentRefunded(db, row.razorpayPaymentId);
    const order = await orders.findById(row.orderId);
    if (!order) return;
    // A late payment refunded on a cancelled order that was never paid stays cancelled; its notice went already.
    // The order's own notice is written with its move to refunded (orders/notices.ts).
    if (order.paidAt && (order.status === 'cancelled' || order.status === 'returned' || order.status === 'returned_to_origin'))
      await orders.markRefunded(order.id, actor, row.amountPaise);
  }

  /**
   * Razorpay gave up on a refund it had accepted (refund.failed: the bank returned it): the refund is failed, as
   * when Razorpay refuses one, so the refund job sends it again under its next key, or the owner does once the job's
   * tries are spent. A report of a refund already processed or failed, or of one not ours, changes nothing.
   */
  async function refundFailed(razorpayRefundId: string): Promise<void> {
    const row = await refundByRazorpayId(db, razorpayRefundId);
    if (!row) {
      log.info({ razorpayRefundId }, 'refund.failed for a refund the shop does not know; ignored');
      return;
    }
    const failed = await markRefundFailed(db, razorpayRefundId, {
      lastError: `Razorpay refund ${razorpayRefundId} failed.`,
      nextAttemptAt: row.attempts < REFUND_RULES.maxAttempts ? now() : null,
    });
    if (!failed) return;
    metrics?.refunds.inc({ state: 'failed' });
    log.error({ orderId: row.orderId, razorpayRefundId, attempt: row.attempts }, 'Razorpay reported a refund failed; it is sent again');
  }

  // Every capture is reported three times at once (the shopper's page, payment.captured, order.paid). Reports of
  // one payment take turns in this process, so the second and third find it settled with one read instead of
  // queueing on the order's lock for a transaction of their own. The lock still decides between instances.
  const settling = new Map<string, Promise<void>>();
  async function oneAtATime(razorpayPaymentId: string, task: () => Promise<void>): Promise<void> {
    const before = settling.get(razorpayPaymentId);
    const mine = (before ? before.catch(() => {}) : Promise.resolve()).then(task);
    settling.set(razorpayPaymentId, mine);
    try {
      await mine;
    } finally {
      if (settling.get(razorpayPaymentId) === mine) settling.delete(razorpayPaymentId);
    }
  }

  /** One path for every captured payment: verify, webhook and reconciliation all come here; markPaid decides under the order's lock. */
  async function settle(captured: CapturedPayment, actor: 'shopper' | 'razorpay' | 'system'): Promise<void> {
    // The notices ('placed', or the late payment's refund) are written inside markPaid's transaction.
    const outcome = await orders.markPaid(captured, actor);
    if (outcome.kind === 'paid') metrics?.payments.inc({ outcome: 'captured' });
    if (outcome.kind === 'refund') {
      log.info({ orderId: outcome.order.id, paymentId: captured.razorpayPaymentId }, `refunding payment: ${outcome.reason}`);
      const key = latePaymentRefundKey(captured.razorpayPaymentId);
      const sent = await refund(outcome.order, captured.razorpayPaymentId, captured.amount, key, outcome.reason);
      // Razorpay unreachable: the report fails, so Razorpay delivers it again (the job asks again too). A refusal
      // does not fail it: the job sends the refund again under a new key, and a webhook refused for a day is
      // switched off by Razorpay.
      if (sent.outcome === 'unknown') throw sent.error;
    }
  }

  /**
   * The shopper's page reports a payment whose signature checked out. Usually a webhook settled it already: the
   * payment is recorded for this order, nothing to ask Razorpay.
   */
  async function verifiedCapture(order: OrderRow, razorpayPaymentId: string): Promise<void> {
    if ((await orders.settledBefore({ razorpayOrderId: order.razorpayOrderId!, razorpayPaymentId })).settled) return;
    // The signature proves Razorpay took this payment for this order; its details (order, method, amount) come
    // from Razorpay itself. Unreachable, the signed pair stands on its own with the order total (and markPaid
    // still refuses a payment recorded for another order).
    let captured: CapturedPayment = {
      razorpayOrderId: order.razorpayOrderId!,
      razorpayPaymentId,
      amount: order.totalPaise,
      method: 'online',
      paidAt: now(),
    };
    let payment: Awaited<ReturnType<typeof provider.client.fetchPayment>> | null = null;
    try {
      payment = await provider.client.fetchPayment(razorpayPaymentId);
    } catch (error) {
      log.error({ err: error, orderId: order.id }, 'payment details could not be read; using the order total');
    }
    if (payment) {
      if (payment.order_id !== order.razorpayOrderId) throw paymentOfAnotherOrder();
      captured = { ...captured, amount: payment.amount, method: payment.method, paidAt: new Date(payment.created_at * 1000) };
    }
    await settle(captured, 'shopper');
  }

  /** A captured payment of a Razorpay order, if there is one (the shopper may have paid and closed the tab). */
  async function capturedPaymentOf(razorpayOrderId: string): Promise<CapturedPayment | null> {
    const { items } = await provider.client.fetchOrderPayments(razorpayOrderId);
    const paid = items.find((payment) => payment.status === 'captured');
    if (!paid) return null;
    return {
      razorpayOrderId,
      razorpayPaymentId: paid.id,
      amount: paid.amount,
      method: paid.method,
      paidAt: new Date(paid.created_at * 1000),
    };
  }

  return {
    keyId: provider.keyId,
    checkoutScriptUrl: provider.checkoutScriptUrl,

    /**
     * How she may pay for her bag, delivered to `addressId`: online always; cash on delivery when the owner offers it
     * and the bag, her open COD orders and the pincode allow it (the reason in words when not).
     */
    async paymentOptions(userId: string, addressId: string): Promise<PaymentOptions> {
      return { online: true, cod: await orders.codOption(userId, addressId, await codPlacement()) };
    },

    /**
     * Places the order (server prices, stock reserved) and opens a Razorpay order for its total. If Razorpay
     * fails or does not answer in time, the order is withdrawn and its stock returns. With `paymentMethod: 'cod'`
     * (issue 41) the order waits for her e-mailed code instead, its total with the COD fee, and Razorpay is not asked.
     */
    async createPayment(userId: string, input: CreatePaymentInput): Promise<CreatedPayment> {
      await deps.settings.assertTakingOrders('checkout');
      await deps.assertDeliverable?.(userId, input.address);
      if (input.paymentMethod === 'cod') {
        const { order } = await orders.place(userId, {
          products: input.products,
          addressId: input.address,
          buyer: businessBuyerOf(input),
          cod: await codPlacement(),
        });
        return {
          razorpay: null,
          orderId: order.id,
          orderNumber: order.orderNumber,
          keyId: provider.keyId,
          paymentMethod: 'cod',
          amount: order.totalPaise,
          codFee: order.codFeePaise,
          confirmBy: order.reservedUntil!.toISOString(),
        };
      }
      const { order, reused } = await orders.place(userId, {
        products: input.products,
        addressId: input.address,
        buyer: businessBuyerOf(input),
      });
      let razorpay: { id: string; amount: number; currency: string };
      if (reused && order.razorpayOrderId) {
        razorpay = { id: order.razorpayOrderId, amount: order.totalPaise, currency: 'INR' };
      } else {
        try {
          const created = await provider.client.createOrder({
            amount: order.totalPaise,
            currency: 'INR',
            receipt: order.orderNumber,
            notes: { orderId: order.id, orderNumber: order.orderNumber },
          });
          razorpay = { id: created.id, amount: created.amount, currency: created.currency };
        } catch (error) {
          log.error({ err: error, orderId: order.id }, 'Razorpay order could not be created; the reservation is released');
          await orders.withdraw(order.id);
          throw new AppError('UNAVAILABLE', PAYMENT_FAILED_TO_INITIATE);
        }
        await orders.attachRazorpayOrder(order.id, razorpay.id);
      }
      return {
        razorpay,
        orderId: order.id,
        orderNumber: order.orderNumber,
        keyId: provider.keyId,
        paymentMethod: 'online',
        amount: order.totalPaise,
        codFee: 0,
        confirmBy: null,
      };
    },

    /**
     * Checks Razorpay's signature on what Checkout handed the page and that the payment is this order's (as
     * Razorpay tells it), then marks the order paid (once). Another order's payment is refused before anything
     * moves.
     */
    async verifyPayment(userId: string, input: VerifyPaymentInput): Promise<{ order: OrderDetail }> {
      const order = await orders.findByRazorpayOrder(input.razorpayOrderId);
      if (!order || order.userId !== userId) throw new AppError('NOT_FOUND', 'Order not found');
      const genuine = verifyPaymentSignature(
        { orderId: order.razorpayOrderId!, paymentId: input.razorpayPaymentId, signature: input.razorpaySignature },
        provider.keySecret,
      );
      if (!genuine) throw new AppError('INVALID_DATA', PAYMENT_VERIFICATION_FAILED, { razorpaySignature: 'does not match' });
      await oneAtATime(input.razorpayPaymentId, () => verifiedCapture(order, input.razorpayPaymentId));
      return { order: await orders.getMine(userId, order.id) };
    },

    /**
     * Razorpay's webhooks: the signature over the raw body is checked, a delivery seen before (same event id)
     * is acknowledged and ignored, and payments go through the same path as verify.
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined, eventId: string | undefined): Promise<'handled' | 'repeat'> {
      if (!verifyWebhookSignature(rawBody, signature, provider.webhookSecret)) {
        throw new WebhookSignatureError(signature ? 'mismatch' : 'missing');
      }
      let parsed: z.infer<typeof webhookSchema>;
      try {
        parsed = webhookSchema.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new AppError('INVALID_DATA', 'Unreadable webhook body');
      }
      const { event, payload } = parsed;
      const payment = payload.payment?.entity;
      const capturedOrderId =
        (event === 'payment.captured' || event === 'order.paid') && payment ? (payment.order_id ?? payload.order?.entity.id) : undefined;
      if (payment && capturedOrderId) {
        const captured: CapturedPayment = {
          razorpayOrderId: capturedOrderId,
          razorpayPaymentId: payment.id,
          amount: payment.amount,
          method: payment.method ?? 'online',
          paidAt: payment.created_at ? new Date(payment.created_at * 1000) : now(),
        };
        // Its turn among the reports of this payment, then one read answers both a delivery seen before and a capture
        // settled before; a payment for an order that is not ours is ignored (markPaid: unknown).
        let repeat = false;
        await oneAtATime(payment.id, async () => {
          const before = await orders.settledBefore(captured, eventId);
          repeat = before.eventSeen;
          if (!before.eventSeen && !before.settled) await settle(captured, 'razorpay');
        });
        if (repeat) return 'repeat';
      } else {
        if (eventId && (await webhookSeen(db, eventId))) return 'repeat';
        if (event === 'payment.failed' && payment?.order_id) {
          await orders.recordFailedPayment({
            razorpayOrderId: payment.order_id,
            razorpayPaymentId: payment.id,
            amount: payment.amount,
            method: payment.method ?? 'online',
            errorCode: payment.error_code ?? null,
            errorDescription: payment.error_description ?? null,
          });
          metrics?.payments.inc({ outcome: 'failed' });
        } else if (event === 'refund.processed' && payload.refund) {
          await refundProcessed(payload.refund.entity.id, 'razorpay');
        } else if (event === 'refund.failed' && payload.refund) {
          await refundFailed(payload.refund.entity.id);
        }
      }
      if (eventId) await recordWebhook(db, eventId, event, now());
      return 'handled';
    },

    /**
     * For each unpaid order whose reservation ran out: asks Razorpay whether it was paid after all (the shopper
     * who paid and closed the tab still gets her order); otherwise cancels it and its stock returns.
     */
    async reconcile(): Promise<{ paid: number; expired: number; skipped: number }> {
      const tally = { paid: 0, expired: 0, skipped: 0 };
      for (const order of await orders.dueForExpiry()) {
        try {
          const captured = order.razorpayOrderId ? await capturedPaymentOf(order.razorpayOrderId) : null;
          if (captured) {
            await settle(captured, 'system');
            tally.paid += 1;
          } else if (await orders.expire(order.id)) {
            tally.expired += 1;
          }
        } catch (error) {
          // Razorpay unreachable, or the database: keep the reservation and ask again next round rather than cancel a
          // paid order. The line names which (a database outage is not Razorpay's).
          const what = error instanceof RazorpayError ? 'reconciliation could not reach Razorpay' : 'reconciliation of an order failed';
          log.error({ err: error, orderId: order.id }, `${what} (${causeOf(error)}); will retry`);
          tally.skipped += 1;
        }
      }
      for (const [action, count] of Object.entries(tally)) if (count > 0) metrics?.reconciliationActions.inc({ action }, count);
      return tally;
    },

    /**
     * The shopper (or the back-office) cancels before shipping: the stock returns and a paid order is refunded in
     * full, once. `inTransaction` runs in the cancellation's own transaction (the back-office's audit entry).
     * Answers the refund and whether Razorpay took it; one it refused or did not answer stays recorded and the
     * refund job sends it again (the order pages say so).
     */
    async cancelOrder(
      userId: string,
      orderId: string,
      reason: string,
      actor: 'shopper' | 'admin' = 'shopper',
      inTransaction?: InTransaction,
      /** The back-office admin who cancels, for the stock ledger and the timeline. */
      admin?: AdminRef,
    ): Promise<CancelOutcome> {
      await deps.beforeCancel?.(orderId);
      // The cancellation's notice is written with the move itself, so ten parallel cancels tell her once.
      const { order, refundDue } = await orders.cancel(
        orderId,
        reason,
        actor,
        actor === 'shopper' ? userId : undefined,
        inTransaction,
        admin,
      );
      if (!refundDue) return { refund: null };
      const sent = await refund(order, refundDue.paymentId, refundDue.amount, refundDue.key, refundDue.reason);
      return { refund: { amount: refundDue.amount, started: tookIt(sent.outcome) }, trouble: troubleOf(sent) };
    },

    /**
     * The back-office refunds a received return through Razorpay: `amount` (paise) when the owner chose one, else the
     * received pieces' share; never more than is refundable (what was paid less what was refunded: a 400 naming
     * `amount`). The refund is recorded (once per return, under its key, with `inTransaction` in the same transaction)
     * before Razorpay is asked, and the order becomes refunded when Razorpay confirms. Asking again retries the refund
     * recorded and never pays twice; asking again for another amount is a CONFLICT.
     */
    async refundReturned(
      orderId: string,
      inTransaction?: (tx: Db, order: OrderRow, refund: { amount: number; refundedBefore: number; paid: number }) => Promise<void>,
      amount?: number,
      /**
       * A cash-on-delivery order's refund, sent by hand to the shopper's UPI ID (issue 41): its UPI transaction
       * reference and the owner who recorded it. Required for a COD order, refused for an online one.
       */
      byHand?: { reference: string; admin: AdminRef },
    ): Promise<void> {
      const due = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, { id: orderId });
        if (!order) throw new AppError('NOT_FOUND', 'Order not found');
        const backAtOrigin = order.status === 'returned_to_origin';
        if (order.status !== 'returned' && order.status !== 'refunded' && !backAtOrigin)
          throw new AppError('CONFLICT', 'Only a returned order can be refunded; approve the return first.');
        const cod = order.paymentMethod === 'cod';
        if (cod && backAtOrigin)
          throw new AppError('CONFLICT', 'Nothing to refund: this cash-on-delivery order came back before anything was paid.');
        const refuseReference = (message: string) => new AppError('INVALID_DATA', `reference: ${message}`, { reference: message });
        if (cod && !byHand) throw refuseReference(REFUND_REFERENCE_MISSING);
        if (!cod && byHand)
          throw refuseReference('This order was paid online: its refund goes through Razorpay, with no reference to enter.');
        const key = `return_${order.id}`;
        // One refund per return (its key): a repeat asks again with the amount first recorded; another amount is refused.
        const asked = await refundByKey(tx, key);
        if (asked && amount !== undefined && amount !== asked.amountPaise)
          throw new AppError('CONFLICT', `A refund of ${formatINR(asked.amountPaise)} is already recorded for this return.`);
        if (order.status === 'refunded') return null;
        if (asked)
          return {
            order,
            key,
            paymentId: asked.razorpayPaymentId,
            amount: asked.amountPaise,
            reference: asked.reference,
            reason: asked.reason,
          };
        const captured = await firstCapturedPayment(tx, order.id);
        if (!captured) throw new AppError('CONFLICT', 'This order has no captured payment to refund.');
        // The refund follows receipt: the pieces are checked before money goes back (issue 40). A parcel back at
        // origin was never opened by the shopper: its pieces went back on sale when it arrived.
        if (!backAtOrigin && !order.returnReceivedAt)
          throw new AppError('CONFLICT', 'Receive the return first: the refund follows once the pieces are checked.');
        const refundedBefore = (await refundsOfOrder(tx, order.id))
          .filter((refund) => refund.razorpayPaymentId === captured.razorpayPaymentId)
          .reduce((sum, refund) => sum + refund.amountPaise, 0);
        const refundable = captured.amountPaise - refundedBefore;
        const share = backAtOrigin ? refundable : await orders.returnRefund(tx, order.id, captured.amountPaise);
        const chosen = amount ?? Math.min(share, refundable);
        if (chosen > refundable || chosen < 1) {
          const message =
            refundable < 1
              ? 'Nothing is left to refund on this order.'
              : `Refund at most ${formatINR(refundable)}: what was paid less what was refunded.`;
          throw new AppError('INVALID_DATA', `amount: ${message}`, { amount: message });
        }
        const reason = backAtOrigin ? 'Returned to origin' : `Return: ${order.returnReason ?? ''}`.trim();
        const refund = { orderId: order.id, idempotencyKey: key, amountPaise: chosen, reason };
        const recorded = byHand
          ? await recordManualRefund(tx, { ...refund, paymentId: captured.razorpayPaymentId, reference: byHand.reference }, now())
          : await recordRefund(tx, { ...refund, razorpayPaymentId: captured.razorpayPaymentId, status: 'pending', createdAt: now() });
        // The refund of a return is a credit note against the invoice, issued with it (issue 43): numbered and dated now.
        // A parcel back at origin is credited whole when its cancellation-like refund is recorded (see orders' RTO).
        if (recorded && !backAtOrigin) await orders.creditReturn(tx, order, chosen, now());
        if (recorded && inTransaction) await inTransaction(tx, order, { amount: chosen, refundedBefore, paid: captured.amountPaise });
        return { order, key, paymentId: captured.razorpayPaymentId, amount: chosen, reference: byHand?.reference ?? null, reason };
      });
      if (!due) return;
      if (due.reference !== null) {
        // Sent by hand and recorded processed: the payment and the order say so now (a repeat finishes the same).
        await markPaymentRefunded(db, due.paymentId);
        const upi = due.order.returnUpiId ? ` to your UPI ID ${due.order.returnUpiId}` : '';
        const note = `Refund of ${formatINR(due.amount)} sent${upi} (UPI reference ${due.reference}).`;
        await orders.markRefunded(due.order.id, 'admin', due.amount, { note, admin: byHand?.admin ?? { id: null, name: 'Admin' } });
        return;
      }
      const sent = await refund(due.order, due.paymentId, due.amount, due.key, due.reason);
      const trouble = troubleOf(sent);
      if (trouble) throw new AppError('UNAVAILABLE', `The refund did not go through: ${trouble}`);
    },

    /**
     * The refund job's round (every instance runs it, refund-retries.ts): claims the refunds due (FOR UPDATE SKIP
     * LOCKED and a lease, so no two holders ask about one refund) and tries each: looks up one Razorpay took, sends
     * again one without an answer under the same key, and one Razorpay refused under the next key, at most
     * REFUND_RULES.maxAttempts times; then it waits for the owner.
     */
    async retryDueRefunds(): Promise<RefundTally> {
      const tally: RefundTally = { processed: 0, pending: 0, failed: 0, unknown: 0 };
      // A refund tried is due again only later (the backoff), so the rounds end; the cap guards against a clock gone wrong.
      for (let round = 0; round < 20; round++) {
        const at = now();
        const claimed = await claimDueRefunds(db, at, lease(at), REFUND_RULES.batch);
        if (claimed.length === 0) break;
        for (const row of claimed) {
          try {
            tally[(await tryRefund(row, { nextKey: row.attempts < REFUND_RULES.maxAttempts })).outcome] += 1;
          } catch (error) {
            // Its lease runs out and a later round tries it again.
            log.error({ err: error, orderId: row.orderId }, 'refund retry failed');
            tally.unknown += 1;
          }
        }
      }
      return tally;
    },

    /**
     * The owner's Retry refund: every refund of the order not processed yet that nobody is sending right now is
     * claimed (with `inTransaction`, the audit entry, in the claim's transaction) and tried at once: a refused one
     * under the next key, past the job's cap too. CONFLICT when there is none, or while the job is sending it;
     * UNAVAILABLE when Razorpay refuses it again or does not answer (it stays for the job).
     */
    async retryRefund(orderId: string, inTransaction?: (tx: Db, order: OrderRow, claimed: RefundRow[]) => Promise<void>): Promise<void> {
      const at = now();
      const claimed = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, { id: orderId });
        if (!order) throw new AppError('NOT_FOUND', 'Order not found');
        const rows = await claimRefundsOfOrder(tx, orderId, at, lease(at));
        if (rows.length > 0 && inTransaction) await inTransaction(tx, order, rows);
        return rows;
      });
      if (claimed.length === 0) {
        const waiting = (await refundsOfOrder(db, orderId)).some((row) => row.status !== 'processed');
        throw new AppError(
          'CONFLICT',
          waiting
            ? 'This refund is being sent to Razorpay right now. Look again in a minute.'
            : 'This order has no refund waiting to go through.',
        );
      }
      const troubles: string[] = [];
      for (const row of claimed) {
        const trouble = troubleOf(await tryRefund(row, { nextKey: true }));
        if (trouble) troubles.push(trouble);
      }
      if (troubles.length > 0) throw new AppError('UNAVAILABLE', `The refund did not go through: ${troubles.join(' ')}`);
    },
  };
}

/** Razorpay took the refund (or someone else is sending it right now). */
const tookIt = (outcome: RefundTry['outcome'] | 'held') => outcome === 'processed' || outcome === 'pending' || outcome === 'held';

/** What the back-office is told of a refund that did not go through, and what happens next; null when it did. */
function troubleOf(sent: { outcome: RefundTry['outcome'] | 'held'; row?: RefundRow }): string | null {
  if (tookIt(sent.outcome)) return null;
  const next = sent.row?.nextAttemptAt
    ? 'The shop asks Razorpay again by itself; Retry refund asks now.'
    : 'Automatic retries have stopped: use Retry refund once the cause is fixed.';
  if (sent.outcome === 'unknown') return `Razorpay did not answer. ${next}`;
  return `Razorpay refused it${sent.row?.lastError ? ` (${sent.row.lastError.replace(/\.$/, '')})` : ''}. ${next}`;
}

/** What one try of a refund found, the refund as it stands after it, and Razorpay's error when there was one. */
export interface RefundTry {
  outcome: 'processed' | 'pending' | 'failed' | 'unknown';
  row: RefundRow;
  error?: unknown;
}

/** A cancellation's refund: how much, and whether Razorpay took it (else the job sends it again); `trouble` says why not. */
export interface CancelOutcome {
  refund: { amount: number; started: boolean } | null;
  trouble?: string | null;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
