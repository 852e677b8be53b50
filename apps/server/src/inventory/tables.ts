import { STOCK_REASONS, type StockReason } from '@shop/core';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Why a shelf quantity changed (core's STOCK_REASONS): one value per kind of caller of the inventory service. */
export { STOCK_REASONS, type StockReason };

/**
 * The stock ledger (issue 25, ADR 023): one row per change of a variant's quantity or of a variant-less product's
 * stock, written by inventory/service.ts in the transaction of the change, so the ledger and the shelf never
 * disagree. No foreign keys: the history outlives products, variants, withdrawn orders and admins.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    // A running number: movements of one transaction share created_at and keep their order by id.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: uuid('product_id').notNull(),
    /** Null for a product sold without variants, whose stock sits on the product row. */
    variantId: uuid('variant_id'),
    /** Signed pieces: -2 when two were taken, +5 when five were put back or counted in. */
    change: integer('change').notNull(),
    /** The shelf quantity right after this change. */
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason', { enum: STOCK_REASONS }).notNull(),
    orderId: uuid('order_id'),
    billId: uuid('bill_id'),
    /** One CSV import run: every row it changed carries the same id. */
    importId: uuid('import_id'),
    /** 'admin:<id>', 'shopper:<id>', 'system' or 'razorpay' (inventory/service.ts stockActor). */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_movements_variant_idx').on(table.variantId, table.createdAt.desc(), table.id.desc()),
    index('stock_movements_product_idx').on(table.productId, table.createdAt.desc(), table.id.desc()),
    // A piece written off is recorded without changing the shelf (issue 40).
    check('stock_movements_change_check', sql`${table.change} <> 0 OR ${table.reason} = 'return_written_off'`),
    check('stock_movements_quantity_after_check', sql`${table.quantityAfter} >= 0`),
    check(
      'stock_movements_reason_check',
      sql`${table.reason} in ('order_reserved', 'order_released', 'order_retaken', 'bill', 'bill_void', 'bill_return', 'return_restocked', 'return_written_off', 'returned_to_origin', 'csv_import', 'admin_edit', 'seed')`,
    ),
  ],
);
