import type { Db } from '../db/database.js';
import { dashboardReport } from './dashboard.js';
import { monthlyReport } from './monthly.js';
import { salesRangeReport } from './range.js';
import { weeklyReport } from './weekly.js';

/** The sales reports on the shop's clock. */
export function createSalesReportsService(db: Db, now: () => Date) {
  return {
    dashboard: () => dashboardReport(db, now()),
    weekly: (weekStart?: string) => weeklyReport(db, now(), weekStart),
    monthly: (month?: string) => monthlyReport(db, now(), month),
    range: (from?: string, to?: string) => salesRangeReport(db, now(), from, to),
  };
}

export type SalesReportsService = ReturnType<typeof createSalesReportsService>;
