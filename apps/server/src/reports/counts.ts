import { istDay, istDayEnd, istDayStart, type DashboardCounts } from '@shop/core';
import { lowStockVariantCount } from '../catalogue/queries.js';
import type { Db } from '../db/database.js';
import { orderCounts } from '../orders/queries.js';
import { defaultStockThreshold, type StockThreshold } from './stock-threshold.js';

/** The dashboard's live counts: indexed counts asked of orders and the catalogue, read fresh on every visit. */
export function createReportCounts(db: Db, now: () => Date, stockThreshold: StockThreshold = defaultStockThreshold) {
  return {
    async counts(): Promise<DashboardCounts> {
      const today = istDay(now());
      const threshold = await stockThreshold();
      const [orders, stock] = await Promise.all([
        orderCounts(db, istDayStart(today), istDayEnd(today)),
        lowStockVariantCount(db, threshold),
      ]);
      return {
        ordersToPack: orders.toPack,
        lowStockVariants: stock.soldOut + stock.runningLow,
        soldOutVariants: stock.soldOut,
        runningLowVariants: stock.runningLow,
        lowStockThreshold: threshold,
        todaysOrders: orders.placed,
        today,
      };
    },
  };
}

export type ReportCounts = ReturnType<typeof createReportCounts>;
