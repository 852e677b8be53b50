import { eq, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/database.js';
import { orderItems, orderNumberCounters } from './tables.js';

// Order numbering: SQL that must stay right under concurrency (stock moves live in inventory/).

/** The next running number of the month, from a counter row bumped in the caller's transaction (never max()+1). */
export async function nextOrderSequence(tx: Db, yearMonth: string): Promise<number> {
  const rows = await selectRows<{ last: number }>(
    tx,
    sql`insert into ${orderNumberCounters} (year_month, last) values (${yearMonth}, 1)
        on conflict (year_month) do update set last = ${orderNumberCounters}.last + 1 returning last`,
  );
  return Number(rows[0]!.last);
}

/** Whether any order (of any status) holds a line of the variant: such a variant is archived, never deleted. */
export async function variantWasOrdered(db: Db, variantId: string): Promise<boolean> {
  const rows = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.variantId, variantId)).limit(1);
  return rows.length > 0;
}
