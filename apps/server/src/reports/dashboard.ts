import { addDays, istDay, istDayStart, ORDER_STATUSES, type Dashboard, type PeriodSummary } from '@shop/core';
import { usersByIds } from '../accounts/queries.js';
import { takingsByMode } from '../billing/queries.js';
import { lowStockShelves } from '../catalogue/queries.js';
import type { Db } from '../db/database.js';
import { orderListPage, orderStatusTotals } from '../orders/queries.js';
import { salesFromEach, topProducts, type PeriodSales } from './queries.js';
import { defaultStockThreshold, type StockThreshold } from './stock-threshold.js';

const TOP_PRODUCTS = 5;
const LOW_STOCK_ROWS = 10;
const RECENT_ORDERS = 5;

const summaryOf = (period: PeriodSales): PeriodSummary => {
  const sales = period.orders + period.bills;
  return { ...period, averageOrderValue: sales === 0 ? 0 : Math.round(period.revenue / sales) };
};

/** The back-office's front page: sales of today, the last 7 and 30 days (India time), orders by status, best sellers, low stock, latest orders. */
export async function dashboardReport(db: Db, now: Date, stockThreshold: StockThreshold = defaultStockThreshold): Promise<Dashboard> {
  const today = istDay(now);
  const tomorrow = addDays(today, 1);
  const monthStart = addDays(today, -29);
  const threshold = await stockThreshold();
  const [[todaySales, weekSales, monthSales], counterToday, counts, top, lowStock, recent] = await Promise.all([
    salesFromEach(db, [today, addDays(today, -6), monthStart], tomorrow),
    takingsByMode(db, istDayStart(today), istDayStart(tomorrow)),
    orderStatusTotals(db),
    topProducts(db, monthStart, tomorrow, TOP_PRODUCTS),
    lowStockShelves(db, threshold, LOW_STOCK_ROWS),
    orderListPage(db, {}, RECENT_ORDERS, 0),
  ]);
  const customers = await usersByIds(
    db,
    recent.rows.map((order) => order.user_id),
  );
  return {
    today: summaryOf(todaySales!),
    last7Days: summaryOf(weekSales!),
    last30Days: summaryOf(monthSales!),
    counterToday,
    ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    topProducts: top,
    lowStock,
    recentOrders: recent.rows.map((order) => ({
      _id: order.id,
      orderNumber: order.order_number,
      status: order.status,
      total: Number(order.total_paise),
      createdAt: new Date(order.created_at).toISOString(),
      customerName: customers.get(order.user_id)?.name ?? '',
    })),
  };
}
