import { addDays, type WeeklyReport } from '@shop/core';
import { CalendarDays, ChevronLeft, ChevronRight, IndianRupee, Package, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { adminLoad } from '../features/admin/admin-api.server';
import { AdminPageError } from '../features/admin/admin-error';
import { PageHeader } from '../features/admin/ui/page-header';
import { CategoryChart, RevenueBarChart, UnitsLineChart } from '../features/reports/sales-charts';
import { MetricTile, money } from '../features/reports/report-ui';
import type { Route } from './+types/admin.weekly-selling';
import { privatePageMeta } from '../lib/meta';

export async function loader({ request, context }: Route.LoaderArgs) {
  const weekStart = new URL(request.url).searchParams.get('weekStart');
  const query = weekStart ? `?weekStart=${encodeURIComponent(weekStart)}` : '';
  return adminLoad<WeeklyReport>(request, context, `/api/admin/report/weekly${query}`);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  privatePageMeta(`Weekly Sales${data ? ` · ${data.label}` : ''} · Admin Panel`, matches);

const shortDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Spec §2.13 from real sales: the week's revenue, units and categories, with the previous and next weeks. */
export default function WeeklySellingPage({ loaderData: week }: Route.ComponentProps) {
  const weekLink = (start: string) => `?weekStart=${start}`;
  return (
    <>
      <PageHeader
        title="Weekly Sales Dashboard"
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="text-base font-semibold text-ink">{week.label}</span>
            {week.isCurrentWeek && (
              <span className="rounded-full bg-wine-700 px-2.5 py-0.5 text-xs font-semibold text-white">Current Week</span>
            )}
          </span>
        }
        actions={
          <nav aria-label="Weeks" className="flex gap-2">
            <Link to={weekLink(addDays(week.weekStart, -7))} className="btn btn-outline px-4">
              <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous week
            </Link>
            <Link
              to={weekLink(addDays(week.weekStart, 7))}
              className="btn btn-outline px-4 aria-disabled:pointer-events-none aria-disabled:opacity-40"
              aria-disabled={week.isCurrentWeek || undefined}
              tabIndex={week.isCurrentWeek ? -1 : undefined}
            >
              Next week <ChevronRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </nav>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <MetricTile label="Total Revenue" value={money(week.totalRevenue)} note="Online orders and bills" icon={IndianRupee} />
        <MetricTile label="Total Units" value={week.totalUnits.toLocaleString('en-IN')} note="Pieces sold" icon={Package} />
        <MetricTile
          label="Best Day"
          value={week.bestDay ? week.bestDay.day : '—'}
          note={week.bestDay ? `${money(week.bestDay.revenue)} on ${shortDate(week.bestDay.date)}` : 'No sales this week'}
          icon={Trophy}
        />
        <MetricTile label="Avg. Daily Sales" value={money(week.avgDailySales)} note="Total ÷ 7, whole rupees" icon={CalendarDays} />
      </div>
      <div className="mt-6 grid gap-4 xl:grid-cols-2">
        <RevenueBarChart days={week.days} label={(day) => day.day} />
        <UnitsLineChart days={week.days} label={(day) => day.day} />
      </div>
      <div className="mt-4 grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <CategoryChart categories={week.categories} />
        <section aria-labelledby="days-title" className="rounded-2xl border border-line bg-white p-4 sm:p-5">
          <h2 id="days-title" className="mb-3 font-sans text-base font-semibold">
            Day by day
          </h2>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line text-left text-muted">
                <th scope="col" className="py-2 pr-2 font-medium">
                  Day
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">
                  Sales
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Units
                </th>
              </tr>
            </thead>
            <tbody>
              {week.days.map((day) => (
                <tr key={day.date} className="border-b border-line last:border-0">
                  <th scope="row" className="py-2 pr-2 text-left font-medium">
                    {day.day} <span className="font-normal text-muted">{shortDate(day.date)}</span>
                  </th>
                  <td className="py-2 pr-2 text-right tabular-nums">{money(day.revenue)}</td>
                  <td className="py-2 text-right tabular-nums">{day.units}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </>
  );
}

export { AdminPageError as ErrorBoundary };
