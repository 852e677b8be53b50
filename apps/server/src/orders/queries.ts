import { eq, sql } from 'drizzle-orm';
import { pgArray, selectRows, type Db } from '../db/database.js';
import { orderItems, orderNumberCounters, orders } from './tables.js';

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

/** Orders that count as bought: paid, and neither cancelled nor refunded. */
const SPENT_STATUSES = sql.raw(`'paid', 'packed', 'shipped', 'delivered', 'return_requested', 'returned'`);

/** Per shopper: her paid orders and what she spent on those neither cancelled nor refunded; shoppers with none are left out. */
export async function orderStatsOfUsers(db: Db, userIds: readonly string[]): Promise<Map<string, { orders: number; spent: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await selectRows<{ user_id: string; orders: number; spent: string }>(
    db,
    sql`select user_id, count(*)::int as orders, coalesce(sum(total_paise) filter (where status in (${SPENT_STATUSES})), 0)::bigint as spent
        from ${orders} where user_id = any(${pgArray(userIds)}::uuid[]) and paid_at is not null group by user_id`,
  );
  return new Map(rows.map((row) => [row.user_id, { orders: Number(row.orders), spent: Number(row.spent) }]));
}

/** Order numbers by order id (orders that are gone are left out). */
export async function orderNumbers(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await selectRows<{ id: string; order_number: string }>(
    db,
    sql`select id, order_number from ${orders} where id = any(${pgArray([...new Set(orderIds)])}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, row.order_number]));
}
