import { sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { admins } from '../admin/tables.js';
import { users } from '../accounts/tables.js';
import { bills } from '../billing/tables.js';
import { products, variants } from '../catalogue/tables.js';
import { pgArray, selectRows, type Db } from '../db/database.js';
import { orders } from '../orders/tables.js';
import { stockMovements } from './tables.js';

// The SQL that changes shelf quantities: the only code that writes variants.quantity and products.stock
// (stock-writes.test.ts keeps it so). It must stay right under concurrency.

/** Where pieces sit: a variant, or a product sold without variants (variantId null). */
export interface StockTarget {
  productId: string;
  variantId: string | null;
}

export interface StockItem extends StockTarget {
  quantity: number;
}

/** Locks rows in one global order (variant or product id) so two orders over the same pieces cannot deadlock. */
export const stockOrder = (a: StockTarget, b: StockTarget) => (a.variantId ?? a.productId).localeCompare(b.variantId ?? b.productId);

/**
 * Takes pieces off the shelf with one conditional update that can never go below zero: answers the quantity
 * left, or null, changing nothing, when fewer are left. Concurrent buyers queue on the row and re-check.
 */
export async function takeRow(tx: Db, item: StockItem): Promise<number | null> {
  const rows = item.variantId
    ? await selectRows<{ left: number }>(
        tx,
        sql`update ${variants} set quantity = quantity - ${item.quantity}
            where id = ${item.variantId} and product_id = ${item.productId} and quantity >= ${item.quantity} and archived_at is null
            returning quantity as left`,
      )
    : await selectRows<{ left: number }>(
        tx,
        sql`update ${products} set stock = stock - ${item.quantity}, updated_at = now()
            where id = ${item.productId} and stock >= ${item.quantity} returning stock as left`,
      );
  return rows[0] ? Number(rows[0].left) : null;
}

/** Puts pieces back on the shelf: the quantity after, or null when the variant or product is gone or archived. */
export async function putBackRow(tx: Db, item: StockItem): Promise<number | null> {
  const rows = item.variantId
    ? await selectRows<{ left: number }>(
        tx,
        sql`update ${variants} set quantity = quantity + ${item.quantity}
            where id = ${item.variantId} and archived_at is null returning quantity as left`,
      )
    : await selectRows<{ left: number }>(
        tx,
        sql`update ${products} set stock = stock + ${item.quantity}, updated_at = now() where id = ${item.productId} returning stock as left`,
      );
  return rows[0] ? Number(rows[0].left) : null;
}

/** Pieces of a product or variant on the shelf now. */
export async function stockLeft(tx: Db, target: StockTarget): Promise<number> {
  const rows = target.variantId
    ? await selectRows<{ left: number }>(tx, sql`select quantity as left from ${variants} where id = ${target.variantId}`)
    : await selectRows<{ left: number }>(tx, sql`select stock as left from ${products} where id = ${target.productId}`);
  return Number(rows[0]?.left ?? 0);
}

export interface ShelfRow {
  id: string;
  productId: string;
  quantity: number;
}

/** Locks and reads the rows of the given variants (or variant-less products), in id order. */
export async function lockShelves(tx: Db, kind: 'variant' | 'product', ids: readonly string[]): Promise<ShelfRow[]> {
  if (ids.length === 0) return [];
  const rows =
    kind === 'variant'
      ? await selectRows<{ id: string; product_id: string; quantity: number }>(
          tx,
          sql`select id, product_id, quantity from ${variants} where id = any(${pgArray(ids)}::uuid[]) order by id for update`,
        )
      : await selectRows<{ id: string; product_id: string; quantity: number }>(
          tx,
          sql`select id, id as product_id, stock as quantity from ${products} where id = any(${pgArray(ids)}::uuid[]) order by id for update`,
        );
  return rows.map((row) => ({ id: row.id, productId: row.product_id, quantity: Number(row.quantity) }));
}

/** Sets absolute quantities of rows the caller has locked (lockShelves), in one statement per table. */
export async function writeShelves(tx: Db, kind: 'variant' | 'product', wanted: ReadonlyArray<{ id: string; quantity: number }>) {
  if (wanted.length === 0) return;
  const ids = pgArray(wanted.map((row) => row.id));
  const quantities = pgArray(wanted.map((row) => String(row.quantity)));
  await tx.execute(
    kind === 'variant'
      ? sql`update ${variants} v set quantity = w.quantity
            from unnest(${ids}::uuid[], ${quantities}::int[]) as w(id, quantity) where v.id = w.id`
      : sql`update ${products} p set stock = w.quantity
            from unnest(${ids}::uuid[], ${quantities}::int[]) as w(id, quantity) where p.id = w.id`,
  );
}

/** A ledger row to insert (a column may be SQL, such as clock_timestamp()). */
export type NewMovement = PgInsertValue<typeof stockMovements>;

/** Writes ledger rows in the caller's transaction. */
export async function insertMovements(tx: Db, rows: NewMovement[]): Promise<void> {
  if (rows.length > 0) await tx.insert(stockMovements).values(rows);
}

export interface MovementRow {
  change: number;
  quantity_after: number;
  reason: string;
  order_id: string | null;
  order_number: string | null;
  bill_id: string | null;
  invoice_number: string | null;
  import_id: string | null;
  actor: string;
  /** The admin's or shopper's name, when the actor is one and still exists. */
  person: string | null;
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
      sql`select m.change, m.quantity_after, m.reason, m.order_id, o.order_number, m.bill_id, b.invoice_number, m.import_id,
          m.actor, m.created_at,
          case
            when m.actor like 'admin:%' then (select a.name from ${admins} a where a.id = substr(m.actor, 7)::uuid)
            when m.actor like 'shopper:%' then (select u.first_name || ' ' || u.last_name from ${users} u where u.id = substr(m.actor, 9)::uuid)
          end as person
        from ${stockMovements} m
        left join ${orders} o on o.id = m.order_id
        left join ${bills} b on b.id = m.bill_id
        where ${where}
        order by m.created_at desc, m.id desc
        limit ${limit} offset ${offset}`,
    ),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${stockMovements} m where ${where}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** Whether a variant exists (or ever had a ledger row), and a product, by id: what a history request names. */
export async function shelfKind(db: Db, id: string): Promise<{ variant: StockTarget | null; product: boolean }> {
  const [row] = await selectRows<{ variant_product: string | null; ledger_product: string | null; product: boolean }>(
    db,
    sql`select (select product_id from ${variants} where id = ${id}) as variant_product,
               (select product_id from ${stockMovements} where variant_id = ${id} limit 1) as ledger_product,
               exists (select 1 from ${products} where id = ${id}) as product`,
  );
  const productId = row?.variant_product ?? row?.ledger_product ?? null;
  return { variant: productId ? { productId, variantId: id } : null, product: row?.product === true };
}
