import { addDays, formatINR, weeklyQuerySchema } from '@shop/core';
import { CalendarDays, IndianRupee, Package, Trophy } from 'lucide-react';
import { servicesOf } from '../context';
import { loaderCall } from '../lib/service-call.server';
import { reportQuery } from '../features/reports/report-query';
import { AdminPageError } from '../features/admin/admin-error';
import { PageHeader } from '../components/page-header';
import { CategoryChart, RevenueBarChart, UnitsLineChart } from '../features/reports/sales-charts';
import { MetricTile, PeriodLabel, PeriodNav, PeriodTable, shortDate } from '../features/reports/report-ui';
import type { Route } from './+types/admin.weekly-selling';
import { privatePageMeta } from '../lib/meta';
import { requireOwner } from '../features/admin/admin-actor.server';

/** The week of ?weekStart (a Monday; this week without it); a malformed one is refused in the API's words (400). */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Revenue is the owner's: staff get the API's refusal as the page.
  requireOwner(context);
  const { weekStart } = reportQuery(request, weeklyQuerySchema);
  return loaderCall(servicesOf(context).salesReports.weekly(weekStart));
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  privatePageMeta(`Weekly Sales${data ? ` · ${data.label}` : ''} · Admin Panel`, matches);

/** Spec §2.13 from real sales: the week's revenue, units and categories, with the previous and next weeks. */
export default function WeeklySellingPage({ loaderData: week }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Weekly Sales Dashboard"
        description={<PeriodLabel label={week.label} badge={week.isCurrentWeek ? 'Current Week' : null} />}
        actions={
          <PeriodNav
            unit="week"
            previousHref={`?weekStart=${addDays(week.weekStart, -7)}`}
            nextHref={`?weekStart=${addDays(week.weekStart, 7)}`}
            isCurrent={week.isCurrentWeek}
          />
        }
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
