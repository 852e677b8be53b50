import { BILL_PAYMENT_MODES } from '@shop/core';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from '../admin/tables.js';

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
    totalPaise: integer('total_paise').notNull(),
    /** The shop's state when the bill was made: the place of supply of a counter sale. */
    placeOfSupply: text('place_of_supply').notNull(),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdByLabel: text('created_by_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bills_invoice_number_unique').on(table.invoiceNumber),
    uniqueIndex('bills_financial_year_sequence_unique').on(table.financialYear, table.sequence),
    // Bill history newest first, date filters, and the reports' day sums.
    index('bills_created_idx').on(table.createdAt),
    index('bills_customer_name_idx').using('gin', sql`lower(${table.customerName}) gin_trgm_ops`),
    check('bills_discount_check', sql`${table.discountBasisPoints} between 0 and 10000`),
    check('bills_amounts_check', sql`${table.subtotalPaise} >= 0 and ${table.totalPaise} between 0 and ${table.subtotalPaise}`),
    check('bills_invoice_number_length_check', sql`length(${table.invoiceNumber}) <= 16`),
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
