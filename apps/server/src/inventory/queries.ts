import { sql } from 'drizzle-orm';
import type { ShelfItem, ShelfTarget } from '../catalogue/stock-queries.js';
import { selectRows, type Db } from '../db/database.js';
import { insertRowsStatement } from '../db/statements.js';
import { stockMovements } from './tables.js';

// The ledger's SQL. The shelf quantities themselves are the catalogue's columns, changed through
// catalogue/stock-queries.ts by inventory/service.ts alone.

/** Where pieces sit: a variant, or a product sold without variants (variantId null). */
export type StockTarget = ShelfTarget;
export type StockItem = ShelfItem;

/** Locks rows in one global order (variant or product id) so two orders over the same pieces cannot deadlock. */
export const stockOrder = (a: StockTarget, b: StockTarget) => (a.variantId ?? a.productId).localeCompare(b.variantId ?? b.productId);

/** A ledger row to insert; its time is the database's clock when the row is written (insertMovements). */
export type NewMovement = Pick<
  typeof stockMovements.$inferInsert,
  'productId' | 'variantId' | 'change' | 'quantityAfter' | 'reason' | 'orderId' | 'billId' | 'importId' | 'actor'
>;

// Every order and bill writes its ledger rows: one statement for any number of rows, built once (db/statements.ts).
// created_at is clock_timestamp(), the database's clock when the row is written, under the shelf's row lock: one
// shelf's rows are in the order their changes happened (now() would be the transaction's start, and a later start
// may take the lock first).
const insertMovementsStatement = insertRowsStatement(
  'stock_movements_insert',
  stockMovements,
  ['productId', 'variantId', 'change', 'quantityAfter', 'reason', 'orderId', 'billId', 'importId', 'actor'],
  { createdAt: sql`clock_timestamp()` },
);

/** Writes ledger rows in the caller's transaction. */
export async function insertMovements(tx: Db, rows: NewMovement[]): Promise<void> {
  await insertMovementsStatement(tx, rows);
}

export interface MovementRow {
  change: number;
  quantity_after: number;
  reason: string;
  order_id: string | null;
  bill_id: string | null;
  import_id: string | null;
  actor: string;
  created_at: Date | string;
}

/** One page of a shelf's ledger, newest first: a variant's, or (variantId null) a variant-less product's. */
export async function movementPage(
  db: Db,
  target: StockTarget,
  limit: number,
  offset: number,
): Promise<{ rows: MovementRow[]; total: number }> {
  const where = target.variantId
    ? sql`m.variant_id = ${target.variantId}`
    : sql`m.product_id = ${target.productId} and m.variant_id is null`;
  const [rows, counted] = await Promise.all([
    selectRows<MovementRow>(
      db,
      sql`select m.change, m.quantity_after, m.reason, m.order_id, m.bill_id, m.import_id, m.actor, m.created_at
        from ${stockMovements} m
        where ${where}
        order by m.created_at desc, m.id desc
        limit ${limit} offset ${offset}`,
    ),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${stockMovements} m where ${where}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** The product of a variant that has ledger rows (also one deleted since), or undefined. */
export async function ledgerProductOf(db: Db, variantId: string): Promise<string | undefined> {
  const [row] = await selectRows<{ product_id: string }>(
    db,
    sql`select product_id from ${stockMovements} where variant_id = ${variantId} limit 1`,
  );
  return row?.product_id;
}
