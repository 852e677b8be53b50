import { LOW_STOCK_THRESHOLD, istDay, istDayEnd, istDayStart, type DashboardCounts } from '@shop/core';
import { sql } from 'drizzle-orm';
import { products, variants } from '../catalogue/tables.js';
import { selectRows, type Db } from '../db/database.js';
import { orders } from '../orders/tables.js';

/** The dashboard's live counts: three indexed counts in one round trip, read fresh on every visit. */
export function createReportCounts(db: Db, now: () => Date) {
  return {
    async counts(): Promise<DashboardCounts> {
      const today = istDay(now());
      const [row] = await selectRows<{ to_pack: number; low_stock: number; placed_today: number }>(
        db,
        sql`select
          (select count(*)::int from ${orders} o where o.status = 'paid') as to_pack,
          (select count(*)::int from ${variants} v join ${products} p on p.id = v.product_id
             where v.archived_at is null and p.status <> 'archived' and v.quantity <= ${LOW_STOCK_THRESHOLD}) as low_stock,
          (select count(*)::int from ${orders} o
             where o.paid_at is not null and o.created_at >= ${istDayStart(today)} and o.created_at < ${istDayEnd(today)}) as placed_today`,
      );
      return {
        ordersToPack: Number(row?.to_pack ?? 0),
        lowStockVariants: Number(row?.low_stock ?? 0),
        todaysOrders: Number(row?.placed_today ?? 0),
        today,
      };
    },
  };
}
export type ReportCounts = ReturnType<typeof createReportCounts>;
