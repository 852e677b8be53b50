import { SALES_CSV_COLUMNS, salesReportCsvRows, UTF8_BOM } from '@shop/core';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../db/database.js';
import { dashboardReport } from './dashboard.js';
import { monthlyReport } from './monthly.js';
import { salesRangeReport } from './range.js';
import { defaultStockThreshold, type StockThreshold } from './stock-threshold.js';
import { weeklyReport } from './weekly.js';

/** The sales reports on the shop's clock. */
export function createSalesReportsService(db: Db, now: () => Date, stockThreshold: StockThreshold = defaultStockThreshold) {
  return {
    dashboard: () => dashboardReport(db, now(), stockThreshold),
    weekly: (weekStart?: string) => weeklyReport(db, now(), weekStart),
    monthly: (month?: string) => monthlyReport(db, now(), month),
    range: (from?: string, to?: string) => salesRangeReport(db, now(), from, to),
    /** The range's report as CSV for Excel (issue 40): a UTF-8 BOM, amounts in rupees, the time it was made in India time. */
    async rangeCsv(from?: string, to?: string): Promise<string> {
      const at = now();
      const report = await salesRangeReport(db, at, from, to);
      return UTF8_BOM + stringify(salesReportCsvRows(report, at), { header: true, columns: [...SALES_CSV_COLUMNS] });
    },
  };
}

export type SalesReportsService = ReturnType<typeof createSalesReportsService>;
