import { LOW_STOCK_THRESHOLD, istDay, istDayEnd, istDayStart, type DashboardCounts } from '@shop/core';
import { lowStockVariantCount } from '../catalogue/queries.js';
import type { Db } from '../db/database.js';
import { orderCounts } from '../orders/queries.js';

/** The dashboard's live counts: indexed counts asked of orders and the catalogue, read fresh on every visit. */
export function createReportCounts(db: Db, now: () => Date) {
  return {
    async counts(): Promise<DashboardCounts> {
      const today = istDay(now());
      const [orders, lowStockVariants] = await Promise.all([
        orderCounts(db, istDayStart(today), istDayEnd(today)),
        lowStockVariantCount(db, LOW_STOCK_THRESHOLD),
      ]);
      return { ordersToPack: orders.toPack, lowStockVariants, todaysOrders: orders.placed, today };
    },
  };
}

export type ReportCounts = ReturnType<typeof createReportCounts>;
