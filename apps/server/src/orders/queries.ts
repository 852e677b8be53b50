import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/database.js';
import { products, variants } from '../catalogue/tables.js';
import { orderNumberCounters } from './tables.js';

// Stock moves and numbering: the SQL that must stay right under concurrency.

export interface StockItem {
  productId: string;
  variantId: string | null;
  quantity: number;
}

/** Locks rows in one global order (variant or product id) so two orders over the same pieces cannot deadlock. */
export const stockOrder = (a: StockItem, b: StockItem) => (a.variantId ?? a.productId).localeCompare(b.variantId ?? b.productId);

/**
 * Takes pieces off the shelf with one conditional update that can never go below zero: answers false, and
 * changes nothing, when fewer are left. Concurrent buyers queue on the row and re-check the condition.
 */
export async function takeStock(tx: Db, item: StockItem): Promise<boolean> {
  const rows = item.variantId
    ? await selectRows<{ quantity: number }>(
        tx,
        sql`update ${variants} set quantity = quantity - ${item.quantity}
            where id = ${item.variantId} and product_id = ${item.productId} and quantity >= ${item.quantity} and archived_at is null
            returning quantity`,
      )
    : await selectRows<{ stock: number }>(
        tx,
        sql`update ${products} set stock = stock - ${item.quantity}, updated_at = now()
            where id = ${item.productId} and stock >= ${item.quantity} returning stock`,
      );
  return rows.length === 1;
}

/** Puts pieces back on the shelf (a variant or product deleted since, or a variant archived, is skipped). */
export async function putBackStock(tx: Db, item: StockItem): Promise<void> {
  if (item.variantId) {
    await tx.execute(
      sql`update ${variants} set quantity = quantity + ${item.quantity} where id = ${item.variantId} and archived_at is null`,
    );
  } else {
    await tx.execute(sql`update ${products} set stock = stock + ${item.quantity}, updated_at = now() where id = ${item.productId}`);
  }
}

/** Pieces of a product or variant on the shelf now. */
export async function stockLeft(tx: Db, item: Pick<StockItem, 'productId' | 'variantId'>): Promise<number> {
  const rows = item.variantId
    ? await selectRows<{ left: number }>(tx, sql`select quantity as left from ${variants} where id = ${item.variantId}`)
    : await selectRows<{ left: number }>(tx, sql`select stock as left from ${products} where id = ${item.productId}`);
  return Number(rows[0]?.left ?? 0);
}

/** The next running number of the month, from a counter row bumped in the caller's transaction (never max()+1). */
export async function nextOrderSequence(tx: Db, yearMonth: string): Promise<number> {
  const rows = await selectRows<{ last: number }>(
    tx,
    sql`insert into ${orderNumberCounters} (year_month, last) values (${yearMonth}, 1)
        on conflict (year_month) do update set last = ${orderNumberCounters}.last + 1 returning last`,
  );
  return Number(rows[0]!.last);
}
