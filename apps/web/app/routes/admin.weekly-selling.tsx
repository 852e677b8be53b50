import { addDays, formatINR, mondayOf, weeklyPageQuerySchema } from '@shop/core';
import { CalendarDays, IndianRupee, Package, Trophy } from 'lucide-react';
import { servicesOf } from '../context';
import { loaderCall } from '../lib/service-call.server';
import { reportPeriod } from '../features/reports/report-query';
import { AdminPageError } from '../features/admin/admin-error';
import { PageHeader } from '../components/page-header';
import { CategoryChart, RevenueBarChart, UnitsLineChart } from '../features/reports/sales-charts';
import { MetricTile, PeriodLabel, PeriodNav, PeriodPicker, PeriodTable, ReportActions, shortDate } from '../features/reports/report-ui';
import type { Route } from './+types/admin.weekly-selling';
import { privatePageMeta } from '../lib/meta';
import { requireOwner } from '../features/admin/admin-actor.server';

/**
 * The week of ?weekOf (any day: the 'Week of' picker, turned into its Monday) or ?weekStart (a Monday: the previous
 * and next links); this week without either. A refused one is shown on the picker, with this week.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Revenue is the owner's: staff get the API's refusal as the page.
  requireOwner(context);
  const url = new URL(request.url);
  const { query, failure } = reportPeriod(url, weeklyPageQuerySchema, ['weekOf']);
  const week = await loaderCall(servicesOf(context).salesReports.weekly(query.weekOf ? mondayOf(query.weekOf) : query.weekStart));
  // A refused day stays in the field as typed; otherwise the field shows the week's Monday.
  return { ...week, picker: { weekOf: failure ? (url.searchParams.get('weekOf') ?? '') : week.weekStart, failure } };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  privatePageMeta(`Weekly Sales${data ? ` · ${data.label}` : ''} · Admin Panel`, matches);

/**
 * Spec §2.13 from real sales: the week's revenue, units and categories, with the previous and next weeks and any
 * week by a day in it.
 */
export default function WeeklySellingPage({ loaderData: week }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Weekly Sales Dashboard"
        description={<PeriodLabel label={week.label} badge={week.isCurrentWeek ? 'Current Week' : null} />}
        actions={
          <>
            <ReportActions from={week.weekStart} to={week.weekEnd} />
            <PeriodNav
              unit="week"
              previousHref={`?weekStart=${addDays(week.weekStart, -7)}`}
              nextHref={`?weekStart=${addDays(week.weekStart, 7)}`}
              isCurrent={week.isCurrentWeek}
            />
          </>
        }
      />
      <PeriodPicker
        title="Choose a week"
        label="Week of"
        name="weekOf"
        type="date"
        value={week.picker.weekOf}
        button="Show week"
        failure={week.picker.failure}
      />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <MetricTile label="Total Revenue" value={formatINR(week.totalRevenue)} note="Online orders and bills" icon={IndianRupee} />
        <MetricTile label="Total Units" value={week.totalUnits.toLocaleString('en-IN')} note="Pieces sold" icon={Package} />
        <MetricTile
          label="Best Day"
          value={week.bestDay ? week.bestDay.day : '—'}
          note={week.bestDay ? `${formatINR(week.bestDay.revenue)} on ${shortDate(week.bestDay.date)}` : 'No sales this week'}
          icon={Trophy}
        />
        <MetricTile label="Avg. Daily Sales" value={formatINR(week.avgDailySales)} note="Total ÷ 7, whole rupees" icon={CalendarDays} />
      </div>
      <div className="mt-6 grid gap-4 xl:grid-cols-2">
        <RevenueBarChart days={week.days} label={(day) => day.day} />
        <UnitsLineChart days={week.days} label={(day) => day.day} />
      </div>
      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        <CategoryChart categories={week.categories} />
        <PeriodTable
          title="Day by day"
          column="Day"
          rows={week.days.map((day) => ({
            key: day.date,
            label: (
              <>
                {day.day} <span className="font-normal text-muted">{shortDate(day.date)}</span>
              </>
            ),
            revenue: day.revenue,
            units: day.units,
          }))}
        />
      </div>
    </>
  );
}

export { AdminPageError as ErrorBoundary };
