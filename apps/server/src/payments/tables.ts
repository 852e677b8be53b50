import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables.js';

/** One attempt to pay an order through Razorpay; the captured one is the order's payment (spec §3 payment record). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    razorpayOrderId: text('razorpay_order_id').notNull(),
    razorpayPaymentId: text('razorpay_payment_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    method: text('method').notNull().default('online'),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_razorpay_payment_id_unique').on(table.razorpayPaymentId),
    index('payments_order_idx').on(table.orderId),
    index('payments_paid_at_idx').on(table.paidAt),
    check('payments_status_check', sql`${table.status} in ('created', 'captured', 'failed', 'refunded')`),
  ],
);

/**
 * Money sent back through Razorpay, one row per sum owed. The idempotency key makes a retried request the same
 * refund; a refund Razorpay refused for sure is asked again under the next attempt's key (refund-retries.ts).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    razorpayPaymentId: text('razorpay_payment_id').notNull(),
    razorpayRefundId: text('razorpay_refund_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Its requests under a key of their own: 1 under `idempotencyKey`, one more after each sure refusal (refund-retries.ts). */
    attempts: integer('attempts').notNull().default(1),
    /** How often the shop has asked Razorpay about it (sent it, or looked it up): the step of its backoff. */
    tries: integer('tries').notNull().default(0),
    /** When the refund job next asks Razorpay about it; null once processed, or while it waits for the owner. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    /** Until when a worker or a request holds it while talking to Razorpay: nobody else sends it meanwhile. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** What Razorpay said when it last refused it. */
    lastError: text('last_error'),
    /**
     * A refund sent by hand (a cash-on-delivery order's, to the shopper's UPI ID; issue 41): its UPI transaction
     * reference. Recorded processed, never sent to Razorpay.
     */
    reference: text('reference'),
  },
  (table) => [
    uniqueIndex('refunds_idempotency_key_unique').on(table.idempotencyKey),
    index('refunds_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.nextAttemptAt} is not null`),
    uniqueIndex('refunds_razorpay_refund_id_unique').on(table.razorpayRefundId),
    index('refunds_order_idx').on(table.orderId),
    check('refunds_status_check', sql`${table.status} in ('pending', 'processed', 'failed')`),
    check('refunds_amount_check', sql`${table.amountPaise} > 0`),
    check(
      'refunds_reference_check',
      sql`${table.reference} is null or (${table.razorpayRefundId} is null and ${table.status} = 'processed' and length(${table.reference}) <= 35)`,
    ),
  ],
);

/** Razorpay webhook deliveries already handled, by `x-razorpay-event-id`: a repeat is acknowledged and ignored. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
