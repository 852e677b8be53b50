import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The Razorpay emulator's own state (see emulator.ts), kept in the shop's database so that it survives a
// restart and every instance sees the same orders. Nothing of the shop refers to these rows: they stand for
// what lives on Razorpay's side. The tables stay empty when real keys are set.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull();

/** Razorpay orders (`order_…`). */
export const razorpayEmulatorOrders = pgTable('razorpay_emulator_orders', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  amountPaid: integer('amount_paid').notNull().default(0),
  currency: text('currency').notNull(),
  receipt: text('receipt'),
  /** created → attempted (a payment failed) → paid */
  status: text('status').notNull().default('created'),
  attempts: integer('attempts').notNull().default(0),
  notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
});

/** Payments (`pay_…`) made through the emulator's checkout sheet or its test hooks; captured or failed. */
export const razorpayEmulatorPayments = pgTable(
  'razorpay_emulator_payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => razorpayEmulatorOrders.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** captured | refunded | failed */
    status: text('status').notNull(),
    /** upi | card | netbanking */
    method: text('method').notNull(),
    captured: boolean('captured').notNull(),
    /** What the shopper chose on the sheet: the UPI id, the bank code or the saved card. */
    vpa: text('vpa'),
    bank: text('bank'),
    cardId: text('card_id'),
    email: text('email'),
    contact: text('contact'),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    errorSource: text('error_source'),
    errorStep: text('error_step'),
    errorReason: text('error_reason'),
    createdAt: createdAt(),
  },
  (table) => [index('razorpay_emulator_payments_order_id_idx').on(table.orderId, table.createdAt)],
);

/** Refunds (`rfnd_…`); a key sent as X-Refund-Idempotency makes a retry answer the same refund. */
export const razorpayEmulatorRefunds = pgTable(
  'razorpay_emulator_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => razorpayEmulatorPayments.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    receipt: text('receipt'),
    status: text('status').notNull(),
    /** normal | optimum; the emulator always processes at normal speed. */
    speedRequested: text('speed_requested').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** The payment and body the key was first used with: the same key with another request is refused. */
    requestFingerprint: text('request_fingerprint'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('razorpay_emulator_refunds_idempotency_key_idx')
      .on(table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('razorpay_emulator_refunds_payment_id_idx').on(table.paymentId),
  ],
);
