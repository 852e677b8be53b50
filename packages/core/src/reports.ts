import { z } from 'zod';
import { dayParam } from './admin.js';
import { csvRow } from './csv.js';
import { istTimestamp } from './india-time.js';
import { paiseToDecimal } from './money.js';
import { addDays, inShopYears, monthLabel, mondayOf, shopYearsMessage, weekLabel } from './calendar-days.js';
import { ORDER_STATUSES } from './order-states.js';

// Contracts of the sales reports (issue 11): revenue is paid online orders (by payment time, net of refunds)
// plus in-store bills, by day in India time; amounts in paise.

export const periodSummarySchema = z.object({
  revenue: z.number().int(),
  orders: z.number().int(),
  bills: z.number().int(),
  units: z.number().int(),
  /** Revenue ÷ (orders + bills), rounded to the paisa; 0 when there were none. */
  averageOrderValue: z.number().int(),
});
export type PeriodSummary = z.infer<typeof periodSummarySchema>;

/** A best seller of a period: by pieces, then revenue. */
export const topProductSchema = z.object({ productId: z.string(), name: z.string(), units: z.number().int(), revenue: z.number().int() });

export const dashboardSchema = z.object({
  today: periodSummarySchema,
  last7Days: periodSummarySchema,
  last30Days: periodSummarySchema,
  /** The counter's takings today per payment mode (issue 26), for closing the till: cash is what the till should hold. */
  counterToday: z.object({ cash: z.number().int(), upi: z.number().int(), card: z.number().int() }),
  ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int() })),
  topProducts: z.array(topProductSchema),
  lowStock: z.array(
    z.object({
      productId: z.string(),
      variantId: z.string().nullable(),
      name: z.string(),
      variantName: z.string().nullable(),
      sku: z.string().nullable(),
      stock: z.number().int(),
    }),
  ),
  recentOrders: z.array(
    z.object({
      _id: z.string(),
      orderNumber: z.string(),
      status: z.enum(ORDER_STATUSES),
      total: z.number().int(),
      createdAt: z.string(),
      customerName: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const salesDaySchema = z.object({
  date: z.string(),
  /** 'Mon' … 'Sun'. */
  day: z.string(),
  revenue: z.number().int(),
  units: z.number().int(),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

export const categorySalesSchema = z.object({ category: z.string(), revenue: z.number().int(), units: z.number().int() });

const bestDaySchema = z.object({ date: z.string(), day: z.string(), revenue: z.number().int() }).nullable();

export const weeklyReportSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  /** 'March 10-16, 2025'. */
  label: z.string(),
  isCurrentWeek: z.boolean(),
  days: z.array(salesDaySchema),
  categories: z.array(categorySalesSchema),
  totalRevenue: z.number().int(),
  totalUnits: z.number().int(),
  bestDay: bestDaySchema,
  /** Total ÷ 7 rounded to whole rupees (spec §2.13), in paise. */
  avgDailySales: z.number().int(),
});
export type WeeklyReport = z.infer<typeof weeklyReportSchema>;

export const monthlyReportSchema = z.object({
  month: z.string(),
  monthStart: z.string(),
  monthEnd: z.string(),
  /** 'March 2025'. */
  label: z.string(),
  isCurrentMonth: z.boolean(),
  days: z.array(salesDaySchema),
  weeks: z.array(z.object({ weekStart: z.string(), weekEnd: z.string(), revenue: z.number().int(), units: z.number().int() })),
  categories: z.array(categorySalesSchema),
  totalRevenue: z.number().int(),
  totalUnits: z.number().int(),
  bestDay: bestDaySchema,
  /** Total ÷ days of the month rounded to whole rupees, in paise. */
  avgDailySales: z.number().int(),
  previous: z.object({ month: z.string(), totalRevenue: z.number().int(), totalUnits: z.number().int() }),
  /** Percent change against the previous month, one decimal; null when the previous month sold nothing. */
  change: z.object({ revenue: z.number().nullable(), units: z.number().nullable() }),
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

const isMonday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1;

export const weeklyQuerySchema = z.object({
  weekStart: z.iso
    .date('weekStart must be a date like 2025-03-10')
    .refine(inShopYears, { message: shopYearsMessage('weekStart'), abort: true })
    .refine(isMonday, 'weekStart must be a Monday')
    .optional(),
});

export const monthlyQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be like 2025-03')
    .refine(inShopYears, shopYearsMessage('month'))
    .optional(),
});

/**
 * The weekly page's address: ?weekStart (a Monday, the page's own links and the API's parameter) or ?weekOf (any
 * day, the page's 'Week of' picker, which works in every browser where `<input type="week">` does not): the page
 * shows the week of that day's Monday.
 */
export const weeklyPageQuerySchema = weeklyQuerySchema.extend({ weekOf: dayParam('weekOf') });

// Sales of any range of India days (issue 26): GET /api/admin/report/range?from=YYYY-MM-DD&to=YYYY-MM-DD.

/** The longest range a report covers, both ends counted: a year, or a financial year with a 29 February in it. */
export const MAX_RANGE_DAYS = 366;

/** The days from `from` to `to`, both counted: 1 for a single day. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Why a range of days is refused, naming the field to change, or null when it is a range a report covers. */
export function salesRangeRefusal(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (from > to) return { field: 'from', message: `from must be on or before to (${to})` };
  if (daysInRange(from, to) > MAX_RANGE_DAYS)
    return {
      field: 'to',
      message: `to must be on or before ${addDays(from, MAX_RANGE_DAYS - 1)}: a range covers at most ${MAX_RANGE_DAYS} days`,
    };
  return null;
}

/**
 * The range's days, both included (India calendar days). Left out, `to` is today and `from` the first of `to`'s
 * month: no parameters is this month to today. The service checks the range once both ends are known.
 */
export const salesRangeQuerySchema = z.object({ from: dayParam('from'), to: dayParam('to') }).superRefine((query, context) => {
  const refusal = query.from && query.to ? salesRangeRefusal(query.from, query.to) : null;
  if (refusal) context.addIssue({ code: 'custom', path: [refusal.field], message: refusal.message });
});
export type SalesRangeQuery = z.infer<typeof salesRangeQuerySchema>;

/**
 * Cash on delivery in a sales report (issue 41): the cash still to collect (COD orders shipped and not delivered,
 * as they stand now), the cash collected per India day of the range, and how many COD orders shipped in the range
 * came back to origin (refused at the door, undeliverable).
 */
export const codReportSchema = z.object({
  toCollect: z.object({ orders: z.number().int(), amount: z.number().int() }),
  /** Days of the range with cash collected, oldest first. */
  collected: z.array(z.object({ date: z.string(), orders: z.number().int(), amount: z.number().int() })),
  collectedTotal: z.number().int(),
  /** COD orders shipped in the range, and of those how many are back at the shop. */
  shipped: z.number().int(),
  returnedToOrigin: z.number().int(),
  /** returnedToOrigin ÷ shipped, in percent to one decimal; 0 when none shipped. */
  returnedToOriginRate: z.number(),
});
export type CodReport = z.infer<typeof codReportSchema>;

export const salesRangeReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** 'March 10-16, 2025'; 'March 15, 2025' for a single day. */
  label: z.string(),
  /** Every day of the range, 0 when nothing sold. */
  days: z.array(salesDaySchema),
  categories: z.array(categorySalesSchema),
  /** The 10 best sellers of the range. */
  topProducts: z.array(topProductSchema),
  /** Net: what the sales were charged, after order-level discounts and net of refunds. */
  totalRevenue: z.number().int(),
  /**
   * Issue 41: the order-level discounts (offers, coupons) of what the range's sales kept, and gross = net + them: what
   * those pieces came to at selling prices (with shipping and COD fees) before the order's discounts.
   */
  totalDiscounts: z.number().int(),
  grossRevenue: z.number().int(),
  totalUnits: z.number().int(),
  /** Online orders paid in the range (not reversed). */
  orders: z.number().int(),
  /** In-store bills made in the range (not voided). */
  bills: z.number().int(),
  /** Revenue ÷ (orders + bills), rounded to the paisa; 0 when there were none. */
  averageSale: z.number().int(),
  /** Cash on delivery (issue 41). */
  cashOnDelivery: codReportSchema,
});
export type SalesRangeReport = z.infer<typeof salesRangeReportSchema>;

/** 'March 10-16, 2025' of a range; 'March 15, 2025' of a single day. */
export function rangeLabel(from: string, to: string): string {
  if (from !== to) return weekLabel(from, to);
  const [month, year] = monthLabel(from.slice(0, 7)).split(' ');
  return `${month} ${Number(from.slice(8))}, ${year}`;
}

export const RANGE_PRESET_KEYS = ['today', 'this-week', 'this-month', 'last-month', 'this-fy'] as const;
export type RangePresetKey = (typeof RANGE_PRESET_KEYS)[number];

export interface RangePreset {
  key: RangePresetKey;
  label: string;
  from: string;
  to: string;
}

/**
 * The ranges the owner asks for most, of `today` (an India day, YYYY-MM-DD): today; this week (from its Monday,
 * as mondayOf); this month; last month, whole; this financial year (from 1 April, as financialYearOf). A period
 * still running ends today: the days after it have no sales yet, and 'this month' is what the report shows
 * when no range is given.
 */
export function rangePresets(today: string): RangePreset[] {
  const monthStart = `${today.slice(0, 7)}-01`;
  const lastMonthEnd = addDays(monthStart, -1);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const financialYearStart = `${month >= 4 ? year : year - 1}-04-01`;
  return [
    { key: 'today', label: 'Today', from: today, to: today },
    { key: 'this-week', label: 'This week', from: mondayOf(today), to: today },
    { key: 'this-month', label: 'This month', from: monthStart, to: today },
    { key: 'last-month', label: 'Last month', from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd },
    { key: 'this-fy', label: 'This financial year', from: financialYearStart, to: today },
  ];
}

/** Paise rounded to whole rupees, half up. */
export const roundToRupee = (paise: number) => Math.round(paise / 100) * 100;

/** The columns of a report's CSV (issue 40): one table a spreadsheet can filter by `section`. */
export const SALES_CSV_COLUMNS = ['section', 'date', 'name', 'revenue_rupees', 'units', 'orders', 'bills'] as const;

/**
 * A sales report as the rows of its CSV: every day, then each category and best seller, then the total and when it
 * was made (India time, as every CSV of the back-office). Amounts in rupees with paise; text cells through csvRow.
 */
export function salesReportCsvRows(report: SalesRangeReport, madeAt: Date): Array<Array<string | number>> {
  const money = (paise: number) => paiseToDecimal(paise);
  return [
    ...report.days.map((day) => csvRow(['day', day.date, day.day, money(day.revenue), day.units, '', ''])),
    ...report.categories.map((row) => csvRow(['category', '', row.category, money(row.revenue), row.units, '', ''])),
    ...report.topProducts.map((row) => csvRow(['product', '', row.name, money(row.revenue), row.units, '', ''])),
    csvRow([
      'total',
      `${report.from} to ${report.to}`,
      report.label,
      money(report.totalRevenue),
      report.totalUnits,
      report.orders,
      report.bills,
    ]),
    csvRow(['made', istTimestamp(madeAt), 'India time', '', '', '', '']),
  ];
}
