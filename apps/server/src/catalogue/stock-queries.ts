import { sql } from 'drizzle-orm';
import { pgArray, selectRows, type Db } from '../db/database.js';
import { sqlStatement } from '../db/statements.js';
import { products, variants } from './tables.js';

// The SQL that changes shelf quantities, the catalogue's stock columns (variants.quantity, products.stock of a
// product sold without variants). Only inventory/ calls it, and writes the ledger row of each change in the same
// transaction (ADR 023); inventory/stock-writes.test.ts keeps both so. It must stay right under concurrency.

/** Where pieces sit: a variant, or a product sold without variants (variantId null). */
export interface ShelfTarget {
  productId: string;
  variantId: string | null;
}

export interface ShelfItem extends ShelfTarget {
  quantity: number;
}

// Every order takes its pieces this way: built once (db/statements.ts).
const takeVariantStatement = sqlStatement<{ left: number }, { quantity: number; variantId: string; productId: string }>(
  'stock_take_variant',
  sql`update ${variants} set quantity = quantity - ${sql.placeholder('quantity')}
      where id = ${sql.placeholder('variantId')} and product_id = ${sql.placeholder('productId')}
        and quantity >= ${sql.placeholder('quantity')} and archived_at is null
      returning quantity as left`,
);
const takeProductStatement = sqlStatement<{ left: number }, { quantity: number; productId: string }>(
  'stock_take_product',
  sql`update ${products} set stock = stock - ${sql.placeholder('quantity')}, updated_at = now()
      where id = ${sql.placeholder('productId')} and stock >= ${sql.placeholder('quantity')} returning stock as left`,
);

/**
 * Takes pieces off the shelf with one conditional update that can never go below zero: answers the quantity
 * left, or null, changing nothing, when fewer are left. Concurrent buyers queue on the row and re-check.
 */
export async function takeRow(tx: Db, item: ShelfItem): Promise<number | null> {
  const rows = item.variantId
    ? await takeVariantStatement(tx, { quantity: item.quantity, variantId: item.variantId, productId: item.productId })
    : await takeProductStatement(tx, { quantity: item.quantity, productId: item.productId });
  return rows[0] ? Number(rows[0].left) : null;
}

/** Puts pieces back on the shelf: the quantity after, or null when the variant or product is gone or archived. */
export async function putBackRow(tx: Db, item: ShelfItem): Promise<number | null> {
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
export async function stockLeft(tx: Db, target: ShelfTarget): Promise<number> {
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

/** The product of a variant (archived or not), or undefined; and whether `id` is a product. What a stock history request names. */
export async function shelfOfId(db: Db, id: string): Promise<{ variantProductId: string | undefined; isProduct: boolean }> {
  const [row] = await selectRows<{ variant_product: string | null; product: boolean }>(
    db,
    sql`select (select product_id from ${variants} where id = ${id}) as variant_product,
               exists (select 1 from ${products} where id = ${id}) as product`,
  );
  return { variantProductId: row?.variant_product ?? undefined, isProduct: row?.product === true };
}
