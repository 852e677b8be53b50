import { addDays, istDay, mondayOf, roundToRupee, weekdayOf, weekLabel, type SalesDay, type WeeklyReport } from '@shop/core';
import type { Db } from '../db/database.js';
import { salesByCategory, salesByDay, type DaySales } from './queries.js';

/** Every day from `start` for `count` days, with its sales (0 when none). */
export function dayList(start: string, count: number, sales: DaySales[]): SalesDay[] {
  const byDate = new Map(sales.map((day) => [day.date, day]));
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(start, i);
    const found = byDate.get(date);
    return { date, day: weekdayOf(date), revenue: found?.revenue ?? 0, units: found?.units ?? 0 };
  });
}

/** The day with the highest revenue (the earliest on a tie); null when nothing sold. */
export function bestDayOf(days: SalesDay[]): { date: string; day: string; revenue: number } | null {
  const best = days.reduce<SalesDay | null>((top, day) => (day.revenue > (top?.revenue ?? 0) ? day : top), null);
  return best ? { date: best.date, day: best.day, revenue: best.revenue } : null;
}

/** Spec §2.13 from real sales: the week (Monday to Sunday, India time) starting `weekStart`, default this week. */
export async function weeklyReport(db: Db, now: Date, weekStart?: string): Promise<WeeklyReport> {
  const thisWeek = mondayOf(istDay(now));
  const start = weekStart ?? thisWeek;
  const end = addDays(start, 6);
  const to = addDays(start, 7);
  const [sales, categories] = await Promise.all([salesByDay(db, start, to), salesByCategory(db, start, to)]);
  const days = dayList(start, 7, sales);
  const totalRevenue = sales.reduce((sum, day) => sum + day.revenue, 0);
  return {
    weekStart: start,
    weekEnd: end,
    label: weekLabel(start, end),
    isCurrentWeek: start === thisWeek,
    days,
    categories,
    totalRevenue,
    totalUnits: sales.reduce((sum, day) => sum + day.units, 0),
    bestDay: bestDayOf(days),
    avgDailySales: roundToRupee(totalRevenue / 7),
  };
}
