import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { advisoryLock } from '../../db/statements.js';

// The Razorpay emulator's own state (see emulator.ts), kept in the shop's database so that it survives a
// restart and every instance sees the same orders. Nothing of the shop refers to these rows: they stand for
// what lives on Razorpay's side. They sit in a schema of their own that the emulator creates when it starts
// (ensureEmulatorSchema); the shop's migrations never create it, so a shop with real keys has none of it.
// These tables are not in db/schema.ts: drizzle-kit never sees them.

export const EMULATOR_SCHEMA = 'razorpay_emulator';
const emulatorSchema = pgSchema(EMULATOR_SCHEMA);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull();

/** Razorpay orders (`order_…`). */
export const razorpayEmulatorOrders = emulatorSchema.table('orders', {
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
export const razorpayEmulatorPayments = emulatorSchema.table('payments', {
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
});

/** Refunds (`rfnd_…`); a key sent as X-Refund-Idempotency makes a retry answer the same refund. */
export const razorpayEmulatorRefunds = emulatorSchema.table('refunds', {
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
});

// The tables above as DDL (emulator.test.ts checks that the two agree). The emulator's state is a stand-in for
// Razorpay's and may be thrown away: a change here adds an idempotent statement (ADD COLUMN IF NOT EXISTS) or,
// simpler, a DROP SCHEMA ... CASCADE before these, rather than a migration of the shop's.
const DDL = [
  `create schema if not exists ${EMULATOR_SCHEMA}`,
  `create table if not exists ${EMULATOR_SCHEMA}.orders (
    id text primary key,
    amount integer not null,
    amount_paid integer not null default 0,
    currency text not null,
    receipt text,
    status text not null default 'created',
    attempts integer not null default 0,
    notes jsonb not null default '{}'::jsonb,
    created_at timestamp with time zone not null
  )`,
  `create table if not exists ${EMULATOR_SCHEMA}.payments (
    id text primary key,
    order_id text not null references ${EMULATOR_SCHEMA}.orders (id),
    amount integer not null,
    currency text not null,
    status text not null,
    method text not null,
    captured boolean not null,
    vpa text,
    bank text,
    card_id text,
    email text,
    contact text,
    notes jsonb not null default '{}'::jsonb,
    amount_refunded integer not null default 0,
    error_code text,
    error_description text,
    error_source text,
    error_step text,
    error_reason text,
    created_at timestamp with time zone not null
  )`,
  `create index if not exists payments_order_id_idx on ${EMULATOR_SCHEMA}.payments (order_id, created_at)`,
  `create table if not exists ${EMULATOR_SCHEMA}.refunds (
    id text primary key,
    payment_id text not null references ${EMULATOR_SCHEMA}.payments (id),
    amount integer not null,
    currency text not null,
    notes jsonb not null default '{}'::jsonb,
    receipt text,
    status text not null,
    speed_requested text not null,
    idempotency_key text,
    request_fingerprint text,
    created_at timestamp with time zone not null
  )`,
  `create unique index if not exists refunds_idempotency_key_idx on ${EMULATOR_SCHEMA}.refunds (idempotency_key)
    where idempotency_key is not null`,
  `create index if not exists refunds_payment_id_idx on ${EMULATOR_SCHEMA}.refunds (payment_id)`,
];

/** Creates the emulator's schema and tables when they are missing (PGlite and PostgreSQL alike); a no-op after. */
export async function ensureEmulatorSchema(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL: IF NOT EXISTS alone still races in the catalogue.
    await advisoryLock(tx, 'razorpay-emulator-schema');
    for (const statement of DDL) await tx.execute(sql.raw(statement));
  });
}
