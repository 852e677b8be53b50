import { paymentStatusesBefore } from '@shop/core';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { sqlStatement, statement, tableRow } from '../db/statements.js';
import { payments, refunds, webhookEvents } from './tables.js';

// The SQL of payments, refunds and webhook deliveries. The orders module records payments and refunds in its own
// transactions through these functions; the payments service sends the money and follows Razorpay's reports.

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
type NewRefund = Omit<typeof refunds.$inferInsert, 'id' | 'razorpayRefundId' | 'processedAt'>;

/** A payment by Razorpay's id, locked for a change in the caller's transaction when `lock`. */
export async function paymentByRazorpayId(
  db: Db,
  razorpayPaymentId: string,
  options: { lock?: boolean } = {},
): Promise<PaymentRow | undefined> {
  const [row] = options.lock ? await lockPaymentStatement(db, { razorpayPaymentId }) : await paymentStatement(db, { razorpayPaymentId });
  return row;
}

// The statements every paid order runs are built once (db/statements.ts).
const paymentStatement = statement('payment_by_razorpay_id', (db, name) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.razorpayPaymentId, sql.placeholder('razorpayPaymentId')))
    .prepare(name),
);
const lockPaymentStatement = statement('payment_by_razorpay_id_locked', (db, name) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.razorpayPaymentId, sql.placeholder('razorpayPaymentId')))
    .for('update')
    .prepare(name),
);
interface RecordedPayment {
  razorpayOrderId: string;
  status: string;
  refundRecorded: boolean;
}

// One row even for a payment not recorded yet (the left join from an empty select), so that the webhook delivery's
// question is answered either way.
const recordedPaymentStatement = sqlStatement<
  { razorpayOrderId: string | null; status: string | null; refundRecorded: boolean; eventSeen: boolean },
  { razorpayPaymentId: string; refundKey: string; eventId: string | null }
>(
  'payment_recorded',
  sql`select ${payments.razorpayOrderId} as "razorpayOrderId", ${payments.status} as "status",
      exists (select 1 from ${refunds} where ${refunds.idempotencyKey} = ${sql.placeholder('refundKey')}) as "refundRecorded",
      exists (select 1 from ${webhookEvents} where ${webhookEvents.eventId} = ${sql.placeholder('eventId')}) as "eventSeen"
    from (select) as one
    left join ${payments} on ${payments.razorpayPaymentId} = ${sql.placeholder('razorpayPaymentId')}`,
);

/**
 * What a payment already recorded says, read without a lock in one statement (one snapshot): its Razorpay order,
 * its status, and whether a refund under `refundKey` was recorded for it (`payment` undefined for a payment not seen
 * yet); and whether the webhook delivery `eventId` was handled before, which a report of the capture asks too.
 */
export async function recordedPayment(
  db: Db,
  razorpayPaymentId: string,
  refundKey: string,
  eventId: string | null = null,
): Promise<{ payment: RecordedPayment | undefined; eventSeen: boolean }> {
  const [row] = await recordedPaymentStatement(db, { razorpayPaymentId, refundKey, eventId });
  const { razorpayOrderId, status, refundRecorded, eventSeen } = row!;
  return {
    payment: razorpayOrderId !== null && status !== null ? { razorpayOrderId, status, refundRecorded } : undefined,
    eventSeen,
  };
}

/** A captured payment, only ever forward (created or failed → captured), also against a refund recorded meanwhile. */
export async function recordCapturedPayment(
  tx: Db,
  payment: { orderId: string; razorpayOrderId: string; razorpayPaymentId: string; amountPaise: number; method: string; paidAt: Date },
  at: Date,
): Promise<void> {
  await capturedStatement(tx, { ...payment, at });
}

const capturedStatement = statement('payment_captured', (db, name) =>
  db
    .insert(payments)
    .values({
      orderId: sql.placeholder('orderId'),
      razorpayOrderId: sql.placeholder('razorpayOrderId'),
      razorpayPaymentId: sql.placeholder('razorpayPaymentId'),
      amountPaise: sql.placeholder('amountPaise'),
      method: sql.placeholder('method'),
      paidAt: sql.placeholder('paidAt'),
      status: 'captured',
      createdAt: sql.placeholder('at'),
    })
    .onConflictDoUpdate({
      target: payments.razorpayPaymentId,
      // What this capture says, for an attempt recorded before (created or failed).
      set: { status: 'captured', paidAt: sql`excluded.paid_at`, amountPaise: sql`excluded.amount_paise`, method: sql`excluded.method` },
      setWhere: inArray(payments.status, paymentStatusesBefore('captured')),
    })
    .prepare(name),
);

/** A failed attempt; the same attempt reported again changes nothing. */
export async function recordFailedPayment(
  db: Db,
  payment: {
    orderId: string;
    razorpayOrderId: string;
    razorpayPaymentId: string;
    amountPaise: number;
    method: string;
    errorCode: string | null;
    errorDescription: string | null;
  },
  at: Date,
): Promise<void> {
  await db
    .insert(payments)
    .values({ ...payment, status: 'failed', createdAt: at })
    .onConflictDoNothing();
}

/** The order's first captured payment, or undefined. */
export async function firstCapturedPayment(db: Db, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'captured')))
    .orderBy(asc(payments.paidAt))
    .limit(1);
  return row;
}

// The order page and the answer to a payment show the order's payments and what was refunded of it: one statement.
const paymentsAndRefundedStatement = sqlStatement<{ payments: Array<Record<string, unknown>>; refunded: number }, { orderId: string }>(
  'payments_and_refunded_of_order',
  sql`
    select
      coalesce((select json_agg(p order by p.created_at) from ${payments} p where p.order_id = ${sql.placeholder('orderId')}), '[]') as payments,
      (select coalesce(sum(r.amount_paise), 0)::int from ${refunds} r
        where r.order_id = ${sql.placeholder('orderId')} and r.status = 'processed') as refunded`,
);

/** Every payment attempt of an order (oldest first), and the paise of its refunds Razorpay confirmed. */
export async function paymentsAndRefundedOf(db: Db, orderId: string): Promise<{ payments: PaymentRow[]; refundedPaise: number }> {
  const [row] = await paymentsAndRefundedStatement(db, { orderId });
  return { payments: row!.payments.map((payment) => tableRow(payments, payment)), refundedPaise: row!.refunded };
}

/** A payment whose money went back: refunded, unless it is already. */
export async function markPaymentRefunded(db: Db, razorpayPaymentId: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'refunded' })
    .where(and(eq(payments.razorpayPaymentId, razorpayPaymentId), inArray(payments.status, paymentStatusesBefore('refunded'))));
}

/** Records a refund to ask Razorpay for, once per idempotency key: whether this call recorded it. */
export async function recordRefund(tx: Db, refund: NewRefund): Promise<boolean> {
  const recorded = await tx.insert(refunds).values(refund).onConflictDoNothing().returning({ id: refunds.id });
  return recorded.length > 0;
}

const refundByKeyStatement = statement('refund_by_key', (db, name) =>
  db
    .select()
    .from(refunds)
    .where(eq(refunds.idempotencyKey, sql.placeholder('idempotencyKey')))
    .prepare(name),
);

export async function refundByKey(db: Db, idempotencyKey: string): Promise<RefundRow | undefined> {
  const [row] = await refundByKeyStatement(db, { idempotencyKey });
  return row;
}

export async function refundByRazorpayId(db: Db, razorpayRefundId: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.razorpayRefundId, razorpayRefundId));
  return row;
}

/** The first refund asked for a payment, or undefined. */
export async function firstRefundOfPayment(db: Db, razorpayPaymentId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(eq(refunds.razorpayPaymentId, razorpayPaymentId))
    .orderBy(asc(refunds.createdAt))
    .limit(1);
  return row;
}

/** An order's refunds, oldest first. */
export function refundsOfOrder(db: Db, orderId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
}

/**
 * What Razorpay answered to a refund request: the first answer sets its refund id and status (true); a later one
 * only moves a still pending refund to `status` (false).
 */
export async function recordRefundAnswer(
  db: Db,
  refundId: string,
  razorpayRefundId: string,
  status: 'pending' | 'failed',
): Promise<boolean> {
  const first = await db
    .update(refunds)
    .set({ razorpayRefundId, status })
    .where(and(eq(refunds.id, refundId), isNull(refunds.razorpayRefundId)))
    .returning({ id: refunds.id });
  if (first.length > 0) return true;
  await db
    .update(refunds)
    .set({ status })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
  return false;
}

/** Razorpay confirmed a refund: processed, once. Answers the refund when this call marked it. */
export async function markRefundProcessed(db: Db, razorpayRefundId: string, at: Date): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ status: 'processed', processedAt: at })
    .where(and(eq(refunds.razorpayRefundId, razorpayRefundId), ne(refunds.status, 'processed')))
    .returning();
  return row;
}

const webhookSeenStatement = statement('webhook_seen', (db, name) =>
  db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(eq(webhookEvents.eventId, sql.placeholder('eventId')))
    .prepare(name),
);
const recordWebhookStatement = statement('webhook_record', (db, name) =>
  db
    .insert(webhookEvents)
    .values({ eventId: sql.placeholder('eventId'), event: sql.placeholder('event'), receivedAt: sql.placeholder('at') })
    .onConflictDoNothing()
    .prepare(name),
);

/** Whether a webhook delivery with this event id was handled before. */
export async function webhookSeen(db: Db, eventId: string): Promise<boolean> {
  return (await webhookSeenStatement(db, { eventId })).length > 0;
}

export async function recordWebhook(db: Db, eventId: string, event: string, at: Date): Promise<void> {
  await recordWebhookStatement(db, { eventId, event, at });
}
