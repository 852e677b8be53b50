import type { OrderStatus } from '@shop/core';
import { eq, sql } from 'drizzle-orm';
import { pgArray, selectRows, type Db } from '../db/database.js';
import { orderItems, orderNumberCounters, orderStatusCounts, orders } from './tables.js';

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

/** Paid orders waiting to be packed, and orders placed in [from, to) and paid. */
export async function orderCounts(db: Db, placedFrom: Date, placedBefore: Date): Promise<{ toPack: number; placed: number }> {
  const [row] = await selectRows<{ to_pack: number; placed: number }>(
    db,
    sql`select (select count(*)::int from ${orders} where status = 'paid') as to_pack,
               (select count(*)::int from ${orders}
                  where paid_at is not null and created_at >= ${placedFrom} and created_at < ${placedBefore}) as placed`,
  );
  return { toPack: Number(row?.to_pack ?? 0), placed: Number(row?.placed ?? 0) };
}

/** Orders by status over all time, from the counts the order triggers keep. */
export async function orderStatusTotals(db: Db): Promise<Map<OrderStatus, number>> {
  const rows = await selectRows<{ status: OrderStatus; count: string }>(
    db,
    sql`select status, sum(orders) as count from ${orderStatusCounts} group by status`,
  );
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

/** The newest orders. */
export async function newestOrders(
  db: Db,
  limit: number,
): Promise<Array<{ id: string; orderNumber: string; status: OrderStatus; total: number; createdAt: Date; userId: string }>> {
  const rows = await selectRows<{
    id: string;
    order_number: string;
    status: OrderStatus;
    total_paise: number;
    created_at: string | Date;
    user_id: string;
  }>(db, sql`select id, order_number, status, total_paise, created_at, user_id from ${orders} order by created_at desc, id limit ${limit}`);
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    total: Number(row.total_paise),
    createdAt: new Date(row.created_at),
    userId: row.user_id,
  }));
}
