import { sql, type SQL } from 'drizzle-orm';
import { billItems, bills } from '../billing/tables.js';
import { categories } from '../catalogue/tables.js';
import { selectRows, type Db } from '../db/database.js';
import { orderItems, orders } from '../orders/tables.js';
import { refunds } from '../payments/tables.js';

// The one definition of a sale that every report sums, in SQL: a paid online order counts on the day (India
// time) it was paid, for its total net of processed refunds, and its pieces unless it was cancelled, returned
// or refunded; an in-store bill counts on the day it was made, for its total and its pieces.

/** Orders whose goods came back (or never left): their pieces are not sold. */
export const REVERSED_STATUSES = sql.raw(`'cancelled', 'returned', 'refunded'`);

/** India's calendar day of a timestamp, as the reports group it. */
export const istDate = (column: SQL) => sql`date_trunc('day', ${column} at time zone 'Asia/Kolkata')`;

/** One row per sale in [from, to): kind, day (YYYY-MM-DD in India), revenue and units. The indexes on orders.paid_at and bills.created_at serve the ranges. */
export const salesBetween = (from: Date, to: Date) => sql`
  select 'order' as kind, to_char(${istDate(sql`o.paid_at`)}, 'YYYY-MM-DD') as day,
    o.total_paise - coalesce((select sum(r.amount_paise) from ${refunds} r where r.order_id = o.id and r.status = 'processed'), 0) as revenue,
    case when o.status in (${REVERSED_STATUSES}) then 0
      else (select coalesce(sum(i.quantity), 0) from ${orderItems} i where i.order_id = o.id) end as units
  from ${orders} o
  where o.paid_at >= ${from} and o.paid_at < ${to}
  union all
  select 'bill', to_char(${istDate(sql`b.created_at`)}, 'YYYY-MM-DD'), b.total_paise,
    (select coalesce(sum(i.quantity), 0) from ${billItems} i where i.bill_id = b.id)
  from ${bills} b
  where b.created_at >= ${from} and b.created_at < ${to}`;

export interface DaySales {
  date: string;
  revenue: number;
  units: number;
}

/** Revenue and pieces per India day in [from, to); days without sales are left out. */
export async function salesByDay(db: Db, from: Date, to: Date): Promise<DaySales[]> {
  const rows = await selectRows<{ day: string; revenue: string; units: string }>(
    db,
    sql`select day, sum(revenue)::bigint as revenue, sum(units)::bigint as units from (${salesBetween(from, to)}) s group by day order by day`,
  );
  return rows.map((row) => ({ date: row.day, revenue: Number(row.revenue), units: Number(row.units) }));
}

/**
 * Revenue and pieces per top-level category in [from, to): order lines of orders not reversed, and bill lines
 * with their share of the bill discount; free-text bill lines and uncategorised products are 'Other'.
 */
export async function salesByCategory(db: Db, from: Date, to: Date): Promise<Array<{ category: string; revenue: number; units: number }>> {
  const rows = await selectRows<{ category: string; revenue: string; units: string }>(
    db,
    sql`
    select category, sum(revenue)::bigint as revenue, sum(units)::bigint as units from (
      select coalesce(parent.name, c.name, i.category_name, 'Other') as category, i.line_total_paise as revenue, i.quantity as units
      from ${orders} o
      join ${orderItems} i on i.order_id = o.id
      left join ${categories} c on c.id = i.category_id
      left join ${categories} parent on parent.id = c.parent_id
      where o.paid_at >= ${from} and o.paid_at < ${to} and o.status not in (${REVERSED_STATUSES})
      union all
      select coalesce(i.category_name, 'Other'),
        round(i.line_total_paise::numeric * b.total_paise / nullif(b.subtotal_paise, 0))::bigint, i.quantity
      from ${bills} b
      join ${billItems} i on i.bill_id = b.id
      where b.created_at >= ${from} and b.created_at < ${to}
    ) s
    group by category
    order by sum(revenue) desc, category`,
  );
  return rows.map((row) => ({ category: row.category, revenue: Number(row.revenue ?? 0), units: Number(row.units) }));
}
