import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

// Sales rolled up by India day, so a report reads at most a few hundred small rows instead of every order and
// bill of the period. PostgreSQL keeps them: triggers on orders, order_items, order_return_items, refunds, bills,
// bill_items, credit_notes and credit_note_items call sales_recount() (migrations 0011, 0019, 0035) in the writing
// transaction, so the rollups can never disagree with what was committed. queries.ts has the definition of a sale they follow.

/**
 * What each sale put into the rollups, so a later change (paid, cancelled, refunded) takes out exactly what went
 * in and adds its new figures. One total row per sale (`line` false) and one row per line while it counts.
 */
export const saleCounts = pgTable(
  'sale_counts',
  {
    sourceId: uuid('source_id').notNull(),
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    line: boolean('line').notNull(),
    category: text('category'),
    productId: uuid('product_id'),
    productName: text('product_name'),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull(),
    units: integer('units').notNull(),
    /** On a total row: 1 for a sale that counts (not a void bill, a reversed order or a credit note), else 0. */
    sales: integer('sales').notNull().default(0),
  },
  (table) => [index('sale_counts_source_idx').on(table.sourceId), check('sale_counts_kind_check', sql`${table.kind} in ('order', 'bill')`)],
);

/** Revenue, number of sales and pieces per India day and kind (online order or in-store bill). */
export const salesDays = pgTable(
  'sales_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull(),
    sales: integer('sales').notNull(),
    units: integer('units').notNull(),
    /**
     * The order-level discounts (offer, coupon) of the day's sales, for what each kept (migration 0045): revenue is
     * net of them, gross = revenue + discounts.
     */
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.kind] })],
);

/** What each sale put into sales_days' discounts (sale_discount_rows(), migration 0045), to take out on a recount. */
export const saleDiscountCounts = pgTable(
  'sale_discount_counts',
  {
    sourceId: uuid('source_id').notNull(),
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('sale_discount_counts_source_idx').on(table.sourceId),
    check('sale_discount_counts_kind_check', sql`${table.kind} in ('order', 'bill')`),
  ],
);

/** Revenue and pieces per India day and top-level category. */
export const salesDayCategories = pgTable(
  'sales_day_categories',
  {
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull(),
    units: integer('units').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.category] })],
);

/** Revenue and pieces per India day and catalogue product (free-text bill lines have none). */
export const salesDayProducts = pgTable(
  'sales_day_products',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    /** The product's name on its latest sale, for products since deleted. */
    productName: text('product_name').notNull(),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull(),
    units: integer('units').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.productId] })],
);
