import type { MonthlyReport } from '@shop/core';
import { ArrowDownRight, ArrowUpRight, CalendarDays, ChevronLeft, ChevronRight, IndianRupee, Package, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { adminLoad } from '../features/admin/admin-api.server';
import { AdminPageError } from '../features/admin/admin-error';
import { PageHeader } from '../features/admin/ui/page-header';
import { CategoryChart, RevenueBarChart, UnitsLineChart } from '../features/reports/sales-charts';
import { MetricTile, money } from '../features/reports/report-ui';
import type { Route } from './+types/admin.monthly-selling';
import { privatePageMeta } from '../lib/meta';

export async function loader({ request, context }: Route.LoaderArgs) {
  const month = new URL(request.url).searchParams.get('month');
  return adminLoad<MonthlyReport>(request, context, `/api/admin/report/monthly${month ? `?month=${encodeURIComponent(month)}` : ''}`);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  privatePageMeta(`Monthly Sales${data ? ` · ${data.label}` : ''} · Admin Panel`, matches);

const shift = (month: string, by: number) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + by, 1));
  return date.toISOString().slice(0, 7);
};
const shortDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function Change({ value, what }: { value: number | null; what: string }) {
  if (value === null) return <span className="text-muted">No sales the month before</span>;
  const up = value >= 0;
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span className={`inline-flex items-center gap-1 font-semibold ${up ? 'text-green-800' : 'text-wine-700'}`}>
      <Icon aria-hidden="true" className="h-4 w-4" />
      {up ? '+' : ''}
      {value}% {what} vs the month before
    </span>
  );
}

/** The month's sales (not the profile, as the spec's page showed): days, weeks, categories and the change. */
export default function MonthlySellingPage({ loaderData: month }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Monthly Sales Dashboard"
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="text-base font-semibold text-ink">{month.label}</span>
            {month.isCurrentMonth && (
              <span className="rounded-full bg-wine-700 px-2.5 py-0.5 text-xs font-semibold text-white">Current Month</span>
            )}
          </span>
        }
        actions={
          <nav aria-label="Months" className="flex gap-2">
            <Link to={`?month=${shift(month.month, -1)}`} className="btn btn-outline px-4">
              <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous month
            </Link>
            <Link
              to={`?month=${shift(month.month, 1)}`}
              className="btn btn-outline px-4 aria-disabled:pointer-events-none aria-disabled:opacity-40"
              aria-disabled={month.isCurrentMonth || undefined}
              tabIndex={month.isCurrentMonth ? -1 : undefined}
            >
              Next month <ChevronRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </nav>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <MetricTile
          label="Total Revenue"
          value={money(month.totalRevenue)}
          note={`${money(month.previous.totalRevenue)} the month before`}
          icon={IndianRupee}
        />
        <MetricTile
          label="Total Units"
          value={month.totalUnits.toLocaleString('en-IN')}
          note={`${month.previous.totalUnits} the month before`}
          icon={Package}
        />
        <MetricTile
          label="Best Day"
          value={month.bestDay ? shortDate(month.bestDay.date) : '—'}
          note={month.bestDay ? `${month.bestDay.day} · ${money(month.bestDay.revenue)}` : 'No sales this month'}
          icon={Trophy}
        />
        <MetricTile
          label="Avg. Daily Sales"
          value={money(month.avgDailySales)}
          note={`Total ÷ ${month.days.length} days`}
          icon={CalendarDays}
        />
      </div>
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <Change value={month.change.revenue} what="revenue" />
        <Change value={month.change.units} what="units" />
      </p>
      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        <RevenueBarChart days={month.days} label={(day) => String(Number(day.date.slice(8)))} />
        <UnitsLineChart days={month.days} label={(day) => String(Number(day.date.slice(8)))} />
      </div>
      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        <CategoryChart categories={month.categories} />
        <section aria-labelledby="weeks-title" className="rounded-2xl border border-line bg-white p-4 sm:p-5">
          <h2 id="weeks-title" className="mb-3 font-sans text-base font-semibold">
            Week by week
          </h2>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line text-left text-muted">
                <th scope="col" className="py-2 pr-2 font-medium">
                  Week
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
              {month.weeks.map((week) => (
                <tr key={week.weekStart} className="border-b border-line last:border-0">
                  <th scope="row" className="py-2 pr-2 text-left font-medium">
                    <Link to={`/admin/weeklySelling?weekStart=${week.weekStart}`} className="hover:text-wine-700 hover:underline">
                      {shortDate(week.weekStart)} – {shortDate(week.weekEnd)}
                    </Link>
                  </th>
                  <td className="py-2 pr-2 text-right tabular-nums">{money(week.revenue)}</td>
                  <td className="py-2 text-right tabular-nums">{week.units}</td>
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
