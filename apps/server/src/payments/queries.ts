import { paymentStatusesBefore } from '@shop/core';
import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/database.js';
import { sqlStatement, statement, tableRow } from '../db/statements.js';
import { REFUND_RULES } from './refund-retries.js';
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

// The order page and the answer to a payment show the order's payments, what was refunded of it and the refunds not
// confirmed yet: one statement.
const paymentsAndRefundedStatement = sqlStatement<
  { payments: Array<Record<string, unknown>>; refunded: number; unconfirmed: Array<Record<string, unknown>> },
  { orderId: string }
>(
  'payments_and_refunded_of_order',
  sql`
    select
      coalesce((select json_agg(p order by p.created_at) from ${payments} p where p.order_id = ${sql.placeholder('orderId')}), '[]') as payments,
      (select coalesce(sum(r.amount_paise), 0)::int from ${refunds} r
        where r.order_id = ${sql.placeholder('orderId')} and r.status = 'processed') as refunded,
      coalesce((select json_agg(r order by r.created_at) from ${refunds} r
        where r.order_id = ${sql.placeholder('orderId')} and r.status <> 'processed'), '[]') as unconfirmed`,
);

/**
 * Every payment attempt of an order (oldest first), the paise of its refunds Razorpay confirmed, and its refunds not
 * confirmed yet (oldest first).
 */
export async function paymentsAndRefundedOf(
  db: Db,
  orderId: string,
): Promise<{ payments: PaymentRow[]; refundedPaise: number; unconfirmedRefunds: RefundRow[] }> {
  const [row] = await paymentsAndRefundedStatement(db, { orderId });
  return {
    payments: row!.payments.map((payment) => tableRow(payments, payment)),
    refundedPaise: row!.refunded,
    unconfirmedRefunds: row!.unconfirmed.map((refund) => tableRow(refunds, refund)),
  };
}

/** How each order's captured payment was made ('upi', 'card', … as Razorpay names it), per order; unpaid left out. */
export async function capturedMethodsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: payments.orderId, method: payments.method })
    .from(payments)
    .where(and(inArray(payments.orderId, [...orderIds]), inArray(payments.status, ['captured', 'refunded'])))
    .orderBy(asc(payments.createdAt));
  const methods = new Map<string, string>();
  for (const row of rows) if (!methods.has(row.orderId)) methods.set(row.orderId, row.method);
  return methods;
}

/** The paise Razorpay confirmed refunded, per order (orders with none are left out). */
export async function processedRefundsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: refunds.orderId, refunded: sql<string>`sum(${refunds.amountPaise})` })
    .from(refunds)
    .where(and(inArray(refunds.orderId, [...orderIds]), eq(refunds.status, 'processed')))
    .groupBy(refunds.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.refunded)]));
}

/** A payment whose money went back: refunded, unless it is already. */
export async function markPaymentRefunded(db: Db, razorpayPaymentId: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'refunded' })
    .where(and(eq(payments.razorpayPaymentId, razorpayPaymentId), inArray(payments.status, paymentStatusesBefore('refunded'))));
}

/**
 * Records a refund to ask Razorpay for, once per idempotency key: whether this call recorded it. The request that
 * records it sends it; the refund job sends it after REFUND_RULES.firstLookMs should that request not get to it.
 */
export async function recordRefund(tx: Db, refund: NewRefund): Promise<boolean> {
  const at = refund.createdAt ?? new Date();
  const nextAttemptAt = refund.nextAttemptAt ?? new Date(at.getTime() + REFUND_RULES.firstLookMs);
  const recorded = await tx
    .insert(refunds)
    .values({ ...refund, createdAt: at, nextAttemptAt })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
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

// A refund is claimed before Razorpay is asked about it, by one holder at a time: the request that recorded it, the
// refund job of any instance, or the owner's Retry refund. The claim is one statement, atomic on its own.
const unclaimedBy = (at: Date) => or(isNull(refunds.claimedUntil), lt(refunds.claimedUntil, at));

/** Claims the refund recorded under `idempotencyKey` until `until`, while it is pending and nobody holds it. */
export async function claimPendingRefund(db: Db, idempotencyKey: string, at: Date, until: Date): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ claimedUntil: until })
    .where(and(eq(refunds.idempotencyKey, idempotencyKey), eq(refunds.status, 'pending'), unclaimedBy(at)))
    .returning();
  return row;
}

/** Claims every refund of the order that is not processed and that nobody holds (the owner's Retry refund). */
export async function claimRefundsOfOrder(db: Db, orderId: string, at: Date, until: Date): Promise<RefundRow[]> {
  return db
    .update(refunds)
    .set({ claimedUntil: until })
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'processed'), unclaimedBy(at)))
    .returning();
}

/**
 * The refund job's claim: up to `limit` refunds due by `at`, soonest due first. The rows picked are locked (SKIP
 * LOCKED: another instance's claim passes them by) until their lease is set, in the same statement.
 */
export async function claimDueRefunds(db: Db, at: Date, until: Date, limit: number): Promise<RefundRow[]> {
  const due = db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(ne(refunds.status, 'processed'), sql`${refunds.nextAttemptAt} <= ${at}`, unclaimedBy(at)))
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(refunds)
    .set({ claimedUntil: until })
    .where(and(inArray(refunds.id, due), unclaimedBy(at)))
    .returning();
}

/**
 * Opens the next request of a refund Razorpay refused for sure: the next attempt (so the next key), pending again,
 * without the refused refund's id. Written before the request goes out, by the refund's holder only.
 */
export async function startNextRefundAttempt(db: Db, refundId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, status: 'pending', razorpayRefundId: null })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'failed')))
    .returning();
  return row;
}

/**
 * What one try of a refund found (Razorpay's refund id, pending or failed, what it said, when to ask next), and
 * the claim let go; `tried` false when Razorpay was not asked. A refund confirmed meanwhile (the webhook) stays
 * processed and is not asked about again.
 */
export async function recordRefundTry(
  db: Db,
  refundId: string,
  found: { razorpayRefundId?: string; status: 'pending' | 'failed'; lastError?: string; nextAttemptAt: Date | null },
  tried = true,
): Promise<RefundRow> {
  const processed = sql`${refunds.status} = 'processed'`;
  const [row] = await db
    .update(refunds)
    .set({
      tries: sql`${refunds.tries} + ${tried ? 1 : 0}`,
      claimedUntil: null,
      ...(found.razorpayRefundId === undefined ? {} : { razorpayRefundId: found.razorpayRefundId }),
      ...(found.lastError === undefined ? {} : { lastError: found.lastError.slice(0, 500) }),
      status: sql`case when ${processed} then ${refunds.status} else ${found.status} end`,
      nextAttemptAt: sql`case when ${processed} then null else ${found.nextAttemptAt}::timestamptz end`,
    })
    .where(eq(refunds.id, refundId))
    .returning();
  return row!;
}

/**
 * Razorpay reported a refund it had accepted failed: failed, due again at `nextAttemptAt`, unless it is processed or
 * already failed (a repeated report). Answers the refund when this call marked it.
 */
export async function markRefundFailed(
  db: Db,
  razorpayRefundId: string,
  found: { lastError: string; nextAttemptAt: Date | null },
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ status: 'failed', lastError: found.lastError.slice(0, 500), nextAttemptAt: found.nextAttemptAt })
    .where(and(eq(refunds.razorpayRefundId, razorpayRefundId), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** Razorpay confirmed a refund: processed, once. Answers the refund when this call marked it. */
export async function markRefundProcessed(db: Db, razorpayRefundId: string, at: Date): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ status: 'processed', processedAt: at, nextAttemptAt: null })
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

/**
 * A cash-on-delivery order's payment is the cash the courier collected (issue 41): recorded as a captured payment
 * under a key of the order's own (`cod_<orderId>`, in place of Razorpay's ids), so refunds, the order pages and the
 * reports read it as they read a Razorpay payment.
 */
export const cashPaymentId = (orderId: string) => `cod_${orderId}`;

export async function recordCashPayment(tx: Db, payment: { orderId: string; amountPaise: number; paidAt: Date }, at: Date): Promise<void> {
  const id = cashPaymentId(payment.orderId);
  await recordCapturedPayment(tx, { ...payment, razorpayOrderId: id, razorpayPaymentId: id, method: 'cod' }, at);
}

/** A refund sent by hand (a COD order's, to her UPI ID) with its UPI transaction reference: processed as recorded, never sent. */
export async function recordManualRefund(
  tx: Db,
  refund: { orderId: string; paymentId: string; idempotencyKey: string; amountPaise: number; reason: string; reference: string },
  at: Date,
): Promise<boolean> {
  const recorded = await tx
    .insert(refunds)
    .values({
      orderId: refund.orderId,
      razorpayPaymentId: refund.paymentId,
      idempotencyKey: refund.idempotencyKey,
      amountPaise: refund.amountPaise,
      status: 'processed',
      reason: refund.reason,
      reference: refund.reference,
      createdAt: at,
      processedAt: at,
      nextAttemptAt: null,
      tries: 0,
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  return recorded.length > 0;
}

/** Cash collected at the door in [start, stop), by India day (issue 41's report): the payments deliveries recorded. */
export async function codCashCollectedByDay(db: Db, start: string, stop: string) {
  return selectRows<{ day: string; orders: string; amount: string }>(
    db,
    sql`select to_char((paid_at at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as day, count(*) as orders, sum(amount_paise) as amount
        from payments where method = 'cod' and status in ('captured', 'refunded') and paid_at >= ${start}::timestamptz and paid_at < ${stop}::timestamptz
        group by 1 order by 1`,
  );
}
