import { addDays, istDay, LOW_STOCK_THRESHOLD, ORDER_STATUSES, type Dashboard, type OrderStatus, type PeriodSummary } from '@shop/core';
import { sql } from 'drizzle-orm';
import { users } from '../accounts/tables.js';
import { products, variants } from '../catalogue/tables.js';
import { selectRows, type Db } from '../db/database.js';
import { orderStatusCounts, orders } from '../orders/tables.js';
import { salesFromEach, topProducts, type PeriodSales } from './sales.js';

const TOP_PRODUCTS = 5;
const LOW_STOCK_ROWS = 10;
const RECENT_ORDERS = 5;

const summaryOf = (period: PeriodSales): PeriodSummary => {
  const sales = period.orders + period.bills;
  return { ...period, averageOrderValue: sales === 0 ? 0 : Math.round(period.revenue / sales) };
};

/** The back-office's front page: sales of today, the last 7 and 30 days (India time), orders by status, best sellers, low stock, latest orders. */
export async function dashboardReport(db: Db, now: Date): Promise<Dashboard> {
  const today = istDay(now);
  const tomorrow = addDays(today, 1);
  const monthStart = addDays(today, -29);
  const [[todaySales, weekSales, monthSales], statuses, top, low, recent] = await Promise.all([
    salesFromEach(db, [today, addDays(today, -6), monthStart], tomorrow),
    selectRows<{ status: OrderStatus; count: string }>(
      db,
      sql`select status, sum(orders) as count from ${orderStatusCounts} group by status`,
    ),
    topProducts(db, monthStart, tomorrow, TOP_PRODUCTS),
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
  const counts = new Map(statuses.map((status) => [status.status, Number(status.count)]));
  return {
    today: summaryOf(todaySales!),
    last7Days: summaryOf(weekSales!),
    last30Days: summaryOf(monthSales!),
    ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    topProducts: top,
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
