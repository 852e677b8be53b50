import { z } from 'zod';
import { inShopYears, shopYearsMessage } from './calendar-days.js';
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

export const dashboardSchema = z.object({
  today: periodSummarySchema,
  last7Days: periodSummarySchema,
  last30Days: periodSummarySchema,
  /** The counter's takings today per payment mode (issue 26), for closing the till: cash is what the till should hold. */
  counterToday: z.object({ cash: z.number().int(), upi: z.number().int(), card: z.number().int() }),
  ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int() })),
  topProducts: z.array(z.object({ productId: z.string(), name: z.string(), units: z.number().int(), revenue: z.number().int() })),
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

/** Paise rounded to whole rupees, half up. */
export const roundToRupee = (paise: number) => Math.round(paise / 100) * 100;
