import { addDays, istDay, LOW_STOCK_THRESHOLD, ORDER_STATUSES, type Dashboard, type OrderStatus, type PeriodSummary } from '@shop/core';
import { sql } from 'drizzle-orm';
import { users } from '../accounts/tables.js';
import { istDayStart } from '../audit/service.js';
import { billItems, bills } from '../billing/tables.js';
import { products, variants } from '../catalogue/tables.js';
import { selectRows, type Db } from '../db/database.js';
import { orderItems, orders } from '../orders/tables.js';
import { REVERSED_STATUSES, salesBetween } from './sales.js';

const TOP_PRODUCTS = 5;
const LOW_STOCK_ROWS = 10;
const RECENT_ORDERS = 5;

interface SummaryRow {
  revenue: string | null;
  orders: string;
  bills: string;
  units: string | null;
}

const summaryOf = (row: SummaryRow | undefined): PeriodSummary => {
  const revenue = Number(row?.revenue ?? 0);
  const ordersCount = Number(row?.orders ?? 0);
  const billsCount = Number(row?.bills ?? 0);
  const sales = ordersCount + billsCount;
  return {
    revenue,
    orders: ordersCount,
    bills: billsCount,
    units: Number(row?.units ?? 0),
    averageOrderValue: sales === 0 ? 0 : Math.round(revenue / sales),
  };
};

/** The back-office's front page: sales of today, the last 7 and 30 days (India time), orders by status, best sellers, low stock, latest orders. */
export async function dashboardReport(db: Db, now: Date): Promise<Dashboard> {
  const today = istDay(now);
  const tomorrow = istDayStart(addDays(today, 1));
  const starts = { month: istDayStart(addDays(today, -29)) };
  // Four sums per period, named with its prefix; salesBetween's rows carry their India day as YYYY-MM-DD text.
  const period = (prefix: 'today_' | 'week_' | 'month_', from: string) => {
    const name = (column: string) => sql.raw(`${prefix}${column}`);
    return sql`sum(revenue) filter (where day >= ${from})::bigint as ${name('revenue')},
      count(*) filter (where day >= ${from} and kind = 'order') as ${name('orders')},
      count(*) filter (where day >= ${from} and kind = 'bill') as ${name('bills')},
      sum(units) filter (where day >= ${from})::bigint as ${name('units')}`;
  };
  const [summaries, statuses, top, low, recent] = await Promise.all([
    selectRows<Record<string, string | null>>(
      db,
      sql`select ${period('today_', today)}, ${period('week_', addDays(today, -6))}, ${period('month_', addDays(today, -29))}
          from (${salesBetween(starts.month, tomorrow)}) s`,
    ),
    selectRows<{ status: OrderStatus; count: string }>(db, sql`select status, count(*) as count from ${orders} group by status`),
    selectRows<{ product_id: string; name: string; units: string; revenue: string }>(
      db,
      sql`select s.product_id, coalesce(p.name, max(s.name)) as name, sum(s.units)::bigint as units, sum(s.revenue)::bigint as revenue
          from (
            select i.product_id, i.product_name as name, i.quantity as units, i.line_total_paise as revenue
            from ${orders} o join ${orderItems} i on i.order_id = o.id
            where o.paid_at >= ${starts.month} and o.paid_at < ${tomorrow} and o.status not in (${REVERSED_STATUSES})
            union all
            select i.product_id, i.name, i.quantity, round(i.line_total_paise::numeric * b.total_paise / nullif(b.subtotal_paise, 0))::bigint
            from ${bills} b join ${billItems} i on i.bill_id = b.id
            where b.created_at >= ${starts.month} and b.created_at < ${tomorrow} and i.product_id is not null
          ) s
          left join ${products} p on p.id = s.product_id
          group by s.product_id, p.name
          order by sum(s.units) desc, sum(s.revenue) desc
          limit ${TOP_PRODUCTS}`,
    ),
    selectRows<{
      product_id: string;
      variant_id: string | null;
      name: string;
      variant_name: string | null;
      sku: string | null;
      stock: number;
    }>(
      db,
      sql`select * from (
            select p.id as product_id, v.id as variant_id, p.name, v.variant_name, v.sku, v.quantity as stock
            from ${variants} v join ${products} p on p.id = v.product_id
            where v.archived_at is null and p.status = 'active' and v.quantity <= ${LOW_STOCK_THRESHOLD}
            union all
            select p.id, null, p.name, null, null, p.stock
            from ${products} p
            where p.status = 'active' and p.stock <= ${LOW_STOCK_THRESHOLD}
              and not exists (select 1 from ${variants} v where v.product_id = p.id and v.archived_at is null)
          ) s order by stock, name, variant_name limit ${LOW_STOCK_ROWS}`,
    ),
    selectRows<{
      id: string;
      order_number: string;
      status: OrderStatus;
      total_paise: number;
      created_at: string | Date;
      first_name: string;
      last_name: string;
    }>(
      db,
      sql`select o.id, o.order_number, o.status, o.total_paise, o.created_at, u.first_name, u.last_name
          from ${orders} o join ${users} u on u.id = o.user_id
          order by o.created_at desc, o.id limit ${RECENT_ORDERS}`,
    ),
  ]);
  const row = summaries[0] ?? {};
  const pick = (prefix: string): SummaryRow => ({
    revenue: row[`${prefix}revenue`] ?? null,
    orders: row[`${prefix}orders`] ?? '0',
    bills: row[`${prefix}bills`] ?? '0',
    units: row[`${prefix}units`] ?? null,
  });
  const counts = new Map(statuses.map((status) => [status.status, Number(status.count)]));
  return {
    today: summaryOf(pick('today_')),
    last7Days: summaryOf(pick('week_')),
    last30Days: summaryOf(pick('month_')),
    ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    topProducts: top.map((product) => ({
      productId: product.product_id,
      name: product.name,
      units: Number(product.units),
      revenue: Number(product.revenue),
    })),
    lowStock: low.map((item) => ({
      productId: item.product_id,
      variantId: item.variant_id,
      name: item.name,
      variantName: item.variant_name,
      sku: item.sku,
      stock: Number(item.stock),
    })),
    recentOrders: recent.map((order) => ({
      _id: order.id,
      orderNumber: order.order_number,
      status: order.status,
      total: Number(order.total_paise),
      createdAt: new Date(order.created_at).toISOString(),
      customerName: `${order.first_name} ${order.last_name}`,
    })),
  };
}
