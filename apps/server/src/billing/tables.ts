import { BILL_PAYMENT_MODES, BILL_STATUSES, type Seller } from '@shop/core';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from '../admin/tables.js';
import { orderItems, orders } from '../orders/tables.js';

/**
 * An in-store bill (spec §3 Bill): money in paise computed by @shop/core's billTotals; the discount in
 * hundredths of a percent (1250 = 12.5 %), so two decimals are stored exactly.
 */
export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'INV/26-27/00042': financial year and its running number (from bill_invoice_counters). */
    invoiceNumber: text('invoice_number').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    /** '' for a walk-in customer. */
    customerName: text('customer_name').notNull().default(''),
    customerPhone: text('customer_phone').notNull().default(''),
    discountBasisPoints: integer('discount_basis_points').notNull().default(0),
    subtotalPaise: integer('subtotal_paise').notNull(),
    /** A flat ₹ discount after the percentage (issue 40, migration 0034). */
    discountFlatPaise: integer('discount_flat_paise').notNull().default(0),
    /** Total less what the goods were sold for: the rounding to the nearest rupee, its own line, not taxed. */
    roundOffPaise: integer('round_off_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    /** The shop's state when the bill was made: the place of supply of a counter sale. */
    placeOfSupply: text('place_of_supply').notNull(),
    /** The seller as the bill was issued: set when it is written (migration 0032's trigger). */
    seller: jsonb('seller').$type<Seller>(),
    /** A business buyer's GSTIN, the name it is registered under and her state by its code (issue 43); all null for none. */
    buyerGstin: text('buyer_gstin'),
    buyerName: text('buyer_name'),
    buyerState: text('buyer_state'),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdByLabel: text('created_by_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'void' once an owner voided it on the day it was made: its number stays in the series, its sale goes. */
    status: text('status', { enum: BILL_STATUSES }).notNull().default('paid'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    voidedBy: uuid('voided_by').references(() => admins.id, { onDelete: 'set null' }),
    voidedByLabel: text('voided_by_label'),
    /**
     * The counter's Idempotency-Key for this bill, one per admin (created_by): a retry with it answers this bill
     * instead of making another (ADR 033). Null for a bill saved without one.
     */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request that came with the key: the same key with another bill is refused. */
    requestHash: text('request_hash'),
  },
  (table) => [
    uniqueIndex('bills_invoice_number_unique').on(table.invoiceNumber),
    uniqueIndex('bills_financial_year_sequence_unique').on(table.financialYear, table.sequence),
    // Bill history newest first, date filters, and the reports' day sums.
    index('bills_created_idx').on(table.createdAt),
    index('bills_customer_name_idx').using('gin', sql`lower(${table.customerName}) gin_trgm_ops`),
    check('bills_discount_check', sql`${table.discountBasisPoints} between 0 and 10000`),
    check(
      'bills_amounts_check',
      sql`${table.subtotalPaise} >= 0 and ${table.totalPaise} >= 0 and ${table.totalPaise} - ${table.roundOffPaise} between 0 and ${table.subtotalPaise}`,
    ),
    check('bills_discount_flat_check', sql`${table.discountFlatPaise} >= 0`),
    check('bills_round_off_check', sql`${table.roundOffPaise} between -49 and 50`),
    check('bills_invoice_number_length_check', sql`length(${table.invoiceNumber}) <= 16`),
    check(
      'bills_business_buyer_check',
      sql`(${table.buyerGstin} is null and ${table.buyerName} is null and ${table.buyerState} is null) or (length(${table.buyerGstin}) = 15 and length(${table.buyerName}) between 1 and 120 and ${table.buyerState} is not null)`,
    ),
    check('bills_status_check', sql`${table.status} in ('paid', 'void')`),
    check('bills_void_check', sql`(${table.status} = 'void') = (${table.voidedAt} is not null and ${table.voidReason} is not null)`),
    // A key belongs to one admin's bills; bills without one (null) never meet.
    uniqueIndex('bills_idempotency_key_unique').on(table.createdBy, table.idempotencyKey),
    check(
      'bills_idempotency_check',
      sql`(${table.idempotencyKey} is null and ${table.requestHash} is null) or (length(${table.idempotencyKey}) between 1 and 100 and ${table.requestHash} is not null)`,
    ),
  ],
);

/** A line of a bill: a catalogue piece (copied as it was sold) or a free-text item. */
export const billItems = pgTable(
  'bill_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    // No foreign keys to the catalogue: history outlives products and variants.
    productId: uuid('product_id'),
    variantId: uuid('variant_id'),
    name: text('name').notNull(),
    sku: text('sku'),
    /** Top-level category name as it was (reports group by it); null for a free-text line. */
    categoryName: text('category_name'),
    hsnCode: text('hsn_code').notNull().default(''),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalPaise: integer('line_total_paise').notNull(),
    /** The line's own discount (issue 40): percent in hundredths, and what it took off the line total. */
    discountBasisPoints: integer('discount_basis_points').notNull().default(0),
    discountPaise: integer('discount_paise').notNull().default(0),
    /** A typed-in line's chosen GST rate in hundredths of a percent; null: the rule of its HSN (catalogue lines). */
    gstRateBasisPoints: integer('gst_rate_basis_points'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('bill_items_bill_idx').on(table.billId, table.position),
    index('bill_items_product_idx').on(table.productId),
    check('bill_items_quantity_check', sql`${table.quantity} >= 1`),
    check(
      'bill_items_total_check',
      sql`${table.unitPricePaise} >= 0 and ${table.lineTotalPaise} = ${table.unitPricePaise} * ${table.quantity}`,
    ),
    check(
      'bill_items_discount_check',
      sql`${table.discountBasisPoints} between 0 and 10000 and ${table.discountPaise} between 0 and ${table.lineTotalPaise}`,
    ),
    check('bill_items_gst_rate_check', sql`${table.gstRateBasisPoints} is null or ${table.gstRateBasisPoints} between 0 and 2800`),
  ],
);

/**
 * How a bill was paid (issue 26): one row per mode, amounts adding up to the bill's total (checked by @shop/core's
 * billPayments before the bill is written); for cash, what the customer handed over. The till is closed from the
 * day's sums per mode.
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: BILL_PAYMENT_MODES }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    tenderedPaise: integer('tendered_paise'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('bill_payments_bill_mode_unique').on(table.billId, table.mode),
    check('bill_payments_mode_check', sql`${table.mode} in ('cash', 'upi', 'card')`),
    check('bill_payments_amount_check', sql`${table.amountPaise} > 0`),
    check(
      'bill_payments_tendered_check',
      sql`${table.tenderedPaise} is null or (${table.mode} = 'cash' and ${table.tenderedPaise} >= ${table.amountPaise})`,
    ),
  ],
);

/** Running invoice numbers per financial year: a row per year, bumped in the bill's own transaction. */
export const billInvoiceCounters = pgTable('bill_invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * A credit note (issues 26, 43): pieces of a counter bill brought back, or an online order cancelled or returned after
 * its tax invoice, and the money returned; every one numbered in one series per financial year ('CN/26-27/00001',
 * from credit_note_counters, ADR 038). It reduces the day it was issued in the sales rollups (migration 0038's
 * sale_rows), not the sale's day. Against a bill (refunded by cash, UPI or card) or an order (through Razorpay).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creditNoteNumber: text('credit_note_number').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    billId: uuid('bill_id').references(() => bills.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** Refunded in all, GST included: the sum of its lines. */
    totalPaise: integer('total_paise').notNull(),
    /** How a counter note was refunded; null for an online one (Razorpay refunds the payment). */
    refundMode: text('refund_mode', { enum: BILL_PAYMENT_MODES }),
    reason: text('reason').notNull(),
    /** The seller as the credit note was issued: set when it is written (migration 0032's trigger). */
    seller: jsonb('seller').$type<Seller>(),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdByLabel: text('created_by_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_notes_number_unique').on(table.creditNoteNumber),
    uniqueIndex('credit_notes_financial_year_sequence_unique').on(table.financialYear, table.sequence),
    index('credit_notes_bill_idx').on(table.billId, table.createdAt),
    index('credit_notes_order_idx')
      .on(table.orderId, table.createdAt)
      .where(sql`${table.orderId} is not null`),
    check(
      'credit_notes_against_check',
      sql`(${table.billId} is null) <> (${table.orderId} is null) and (${table.billId} is null) = (${table.refundMode} is null)`,
    ),
    // The till's refunds of a day.
    index('credit_notes_created_idx').on(table.createdAt),
    check('credit_notes_total_check', sql`${table.totalPaise} >= 0`),
    check('credit_notes_refund_mode_check', sql`${table.refundMode} in ('cash', 'upi', 'card')`),
    check('credit_notes_number_length_check', sql`length(${table.creditNoteNumber}) <= 16`),
  ],
);

/**
 * A returned line: pieces of one bill line or order line (or, with neither, an order's shipping), refunded at its share
 * of what was charged, at its invoice line's rate.
 */
export const creditNoteItems = pgTable(
  'credit_note_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creditNoteId: uuid('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    billItemId: uuid('bill_item_id').references(() => billItems.id, { onDelete: 'restrict' }),
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** What this line refunds, GST included. */
    amountPaise: integer('amount_paise').notNull(),
    /**
     * The invoice line's GST rate in hundredths of a percent (500 = 5 %). Null only on an online note written by
     * migration 0038 from the past: read at the rate of the order's invoice line.
     */
    gstRateBasisPoints: integer('gst_rate_basis_points'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('credit_note_items_note_idx').on(table.creditNoteId, table.position),
    index('credit_note_items_bill_item_idx').on(table.billItemId),
    index('credit_note_items_order_item_idx')
      .on(table.orderItemId)
      .where(sql`${table.orderItemId} is not null`),
    check(
      'credit_note_items_line_check',
      sql`(${table.billItemId} is null or ${table.orderItemId} is null) and (${table.billItemId} is null or ${table.gstRateBasisPoints} is not null)`,
    ),
    check('credit_note_items_quantity_check', sql`${table.quantity} >= 1`),
    check('credit_note_items_amount_check', sql`${table.amountPaise} >= 0`),
  ],
);

/** Running credit-note numbers per financial year, bumped in the return's own transaction. */
export const creditNoteCounters = pgTable('credit_note_counters', {
  financialYear: text('financial_year').primaryKey(),
  last: integer('last').notNull(),
});
