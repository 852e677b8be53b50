import {
  AppError,
  addDays,
  daysInRange,
  invalidInput,
  istDay,
  rangeLabel,
  salesRangeQuerySchema,
  salesRangeRefusal,
  type SalesRangeReport,
} from '@shop/core';
import type { Db } from '../db/database.js';
import { codReport } from './cod.js';
import { salesByCategory, salesByDay, salesInPeriod, topProducts } from './queries.js';
import { dayList } from './weekly.js';

const TOP_PRODUCTS = 10;

/** A refusal of the range, naming its field as the API's validation does ('from: …'). */
const refused = (field: string, message: string) => new AppError('INVALID_DATA', `${field}: ${message}`, { [field]: message });

/**
 * Sales of the India days `from` to `to`, both included (issue 26). Left out, `to` is today and `from` the first
 * of `to`'s month, so no range at all is this month to today. Refused (INVALID_DATA, naming the field) when a day
 * is malformed, `from` is after `to`, or the range is longer than MAX_RANGE_DAYS.
 */
export async function salesRangeReport(db: Db, now: Date, from?: string, to?: string): Promise<SalesRangeReport> {
  // The API has checked its query already; a page calls the service directly.
  const parsed = salesRangeQuerySchema.safeParse({ from, to });
  if (!parsed.success) {
    throw invalidInput(parsed.error.issues, 'from');
  }
  const last = to ?? istDay(now);
  const first = from ?? `${last.slice(0, 7)}-01`;
  const refusal = salesRangeRefusal(first, last);
  if (refusal) throw refused(refusal.field, refusal.message);

  // The rollups' ranges include their start and exclude their end: the day after `to`.
  const end = addDays(last, 1);
  const [sales, period, categories, top, cashOnDelivery] = await Promise.all([
    salesByDay(db, first, end),
    salesInPeriod(db, first, end),
    salesByCategory(db, first, end),
    topProducts(db, first, end, TOP_PRODUCTS),
    codReport(db, first, end),
  ]);
  const made = period.orders + period.bills;
  return {
    from: first,
    to: last,
    label: rangeLabel(first, last),
    days: dayList(first, daysInRange(first, last), sales),
    categories,
    topProducts: top,
    totalRevenue: period.revenue,
    totalDiscounts: period.discounts,
    grossRevenue: period.revenue + period.discounts,
    totalUnits: period.units,
    orders: period.orders,
    bills: period.bills,
    averageSale: made === 0 ? 0 : Math.round(period.revenue / made),
    cashOnDelivery,
  };
}
