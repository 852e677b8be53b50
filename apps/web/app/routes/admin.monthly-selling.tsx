import { formatINR, monthlyQuerySchema } from '@shop/core';
import { ArrowDownRight, ArrowUpRight, CalendarDays, IndianRupee, Package, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { servicesOf } from '../context';
import { loaderCall } from '../lib/service-call.server';
import { reportPeriod, weekReportHref } from '../features/reports/report-query';
import { AdminPageError } from '../features/admin/admin-error';
import { PageHeader } from '../components/page-header';
import { CategoryChart, RevenueBarChart, UnitsLineChart } from '../features/reports/sales-charts';
import { MetricTile, PeriodLabel, PeriodNav, PeriodPicker, PeriodTable, ReportActions, shortDate } from '../features/reports/report-ui';
import type { Route } from './+types/admin.monthly-selling';
import { privatePageMeta } from '../lib/meta';
import { requireOwner } from '../features/admin/admin-actor.server';

/**
 * The month of ?month (YYYY-MM: the month picker and the previous and next links; this month without it). A refused
 * one is shown on the picker, with this month.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Revenue is the owner's: staff get the API's refusal as the page.
  requireOwner(context);
  const url = new URL(request.url);
  const { query, failure } = reportPeriod(url, monthlyQuerySchema, ['month']);
  const month = await loaderCall(servicesOf(context).salesReports.monthly(query.month));
  // A refused month stays in the field as typed (a text box where the browser has no month picker).
  return { ...month, picker: { month: failure ? (url.searchParams.get('month') ?? '') : month.month, failure } };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  privatePageMeta(`Monthly Sales${data ? ` · ${data.label}` : ''} · Admin Panel`, matches);

const shift = (month: string, by: number) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + by, 1));
  return date.toISOString().slice(0, 7);
};

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
        description={<PeriodLabel label={month.label} badge={month.isCurrentMonth ? 'Current Month' : null} />}
        actions={
          <>
            <ReportActions from={month.monthStart} to={month.monthEnd} />
            <PeriodNav
              unit="month"
              previousHref={`?month=${shift(month.month, -1)}`}
              nextHref={`?month=${shift(month.month, 1)}`}
              isCurrent={month.isCurrentMonth}
            />
          </>
        }
      />
      <PeriodPicker
        title="Choose a month"
        label="Month"
        name="month"
        type="month"
        value={month.picker.month}
        placeholder="2025-03"
        button="Show month"
        failure={month.picker.failure}
      />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <MetricTile
          label="Total Revenue"
          value={formatINR(month.totalRevenue)}
          note={`${formatINR(month.previous.totalRevenue)} the month before`}
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
          note={month.bestDay ? `${month.bestDay.day} · ${formatINR(month.bestDay.revenue)}` : 'No sales this month'}
          icon={Trophy}
        />
        <MetricTile
          label="Avg. Daily Sales"
          value={formatINR(month.avgDailySales)}
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
        <PeriodTable
          title="Week by week"
          column="Week"
          rows={month.weeks.map((week) => ({
            key: week.weekStart,
            label: (
              <Link to={weekReportHref(week.weekStart)} className="hover:text-wine-700 hover:underline">
                {shortDate(week.weekStart)} – {shortDate(week.weekEnd)}
              </Link>
            ),
            revenue: week.revenue,
            units: week.units,
          }))}
        />
      </div>
    </>
  );
}

export { AdminPageError as ErrorBoundary };
