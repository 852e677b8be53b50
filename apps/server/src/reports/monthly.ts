import { addDays, istDay, monthLabel, mondayOf, roundToRupee, type MonthlyReport } from '@shop/core';
import type { Db } from '../db/database.js';
import { salesByCategory, salesByDay, salesInPeriod } from './queries.js';
import { bestDayOf, dayList } from './weekly.js';

const firstOf = (month: string) => `${month}-01`;
const daysIn = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).getUTCDate();
};
const previousMonth = (month: string) => addDays(firstOf(month), -1).slice(0, 7);
const nextMonth = (month: string) => addDays(firstOf(month), daysIn(month)).slice(0, 7);
const percentChange = (now: number, before: number) => (before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10);

/** A calendar month (India time) of sales: days, Monday-based weeks, categories and the change against the month before. */
export async function monthlyReport(db: Db, now: Date, month?: string): Promise<MonthlyReport> {
  const current = istDay(now).slice(0, 7);
  const chosen = month ?? current;
  const count = daysIn(chosen);
  const from = firstOf(chosen);
  const to = firstOf(nextMonth(chosen));
  const before = previousMonth(chosen);
  const [sales, categories, previous] = await Promise.all([
    salesByDay(db, from, to),
    salesByCategory(db, from, to),
    salesInPeriod(db, firstOf(before), from),
  ]);
  const days = dayList(firstOf(chosen), count, sales);
  const totalRevenue = sales.reduce((sum, day) => sum + day.revenue, 0);
  const totalUnits = sales.reduce((sum, day) => sum + day.units, 0);
  const lastDay = addDays(firstOf(chosen), count - 1);
  const mondays: string[] = [];
  for (let monday = mondayOf(firstOf(chosen)); monday <= lastDay; monday = addDays(monday, 7)) mondays.push(monday);
  const previousRevenue = previous.revenue;
  const previousUnits = previous.units;
  return {
    month: chosen,
    monthStart: firstOf(chosen),
    monthEnd: lastDay,
    label: monthLabel(chosen),
    isCurrentMonth: chosen === current,
    days,
    // Weeks Monday to Sunday, cut to the month at either end.
    // The day sums (already added up in SQL, at most 31) grouped into their Monday-to-Sunday weeks.
    weeks: mondays.map((monday) => {
      const inWeek = days.filter((day) => mondayOf(day.date) === monday);
      return {
        weekStart: monday < firstOf(chosen) ? firstOf(chosen) : monday,
        weekEnd: addDays(monday, 6) > lastDay ? lastDay : addDays(monday, 6),
        revenue: inWeek.reduce((sum, day) => sum + day.revenue, 0),
        units: inWeek.reduce((sum, day) => sum + day.units, 0),
      };
    }),
    categories,
    totalRevenue,
    totalUnits,
    bestDay: bestDayOf(days),
    avgDailySales: roundToRupee(totalRevenue / count),
    previous: { month: before, totalRevenue: previousRevenue, totalUnits: previousUnits },
    change: { revenue: percentChange(totalRevenue, previousRevenue), units: percentChange(totalUnits, previousUnits) },
  };
}
