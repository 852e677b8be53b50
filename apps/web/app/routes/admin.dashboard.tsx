import { LOW_STOCK_THRESHOLD, type DashboardCounts } from '@shop/core';
import { AlertTriangle, CalendarCheck, ChevronRight, PackageOpen, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { adminLoad } from '../features/admin/admin-api.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { PageHeader } from '../features/admin/ui/page-header';
import { useAdmin } from '../features/admin/use-admin';
import type { Route } from './+types/admin.dashboard';

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad<{ counts: DashboardCounts }>(request, context, '/api/admin/report/counts');
}

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard · Admin Panel' }, { name: 'robots', content: 'noindex' }];

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00+05:30`).toLocaleDateString('en-IN', {
    timeZone: 'Asia/Kolkata',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });

function CountTile({
  label,
  count,
  note,
  to,
  icon: Icon,
  alert,
}: {
  label: string;
  count: number;
  note: string;
  to: string;
  icon: LucideIcon;
  alert: boolean;
}) {
  return (
    <Link
      to={to}
      className={`group flex items-center gap-4 rounded-2xl border bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md ${alert ? 'border-wine-100' : 'border-line'}`}
    >
      <span
        className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl ${alert ? 'bg-wine-50 text-wine-700' : 'bg-sand text-gold-600'}`}
      >
        <Icon aria-hidden="true" className="h-6 w-6" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-muted">{label}</span>
        <span className="block text-3xl font-bold tabular-nums text-ink">{count.toLocaleString('en-IN')}</span>
        <span className="block text-xs text-muted">{note}</span>
      </span>
      <ChevronRight
        aria-hidden="true"
        className="h-5 w-5 shrink-0 text-muted transition group-hover:translate-x-0.5 group-hover:text-wine-700"
      />
    </Link>
  );
}

/** Spec §2.11 dashboard: the live counts the owner checks first, each a link to its list. */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  const admin = useAdmin();
  return (
    <>
      <PageHeader title={admin ? `Hello, ${admin.adminName.split(' ')[0]}` : 'Dashboard'} description={dayLabel(counts.today)} />
      <h2 className="sr-only">Today at a glance</h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <CountTile
          label="Orders to pack"
          count={counts.ordersToPack}
          note="Paid, waiting to be packed"
          to={`${adminPaths.orders}?status=paid`}
          icon={PackageOpen}
          alert={counts.ordersToPack > 0}
        />
        <CountTile
          label="Low-stock variants"
          count={counts.lowStockVariants}
          note={`${LOW_STOCK_THRESHOLD} pieces or fewer left`}
          to={`${adminPaths.products}?sort=stock_asc`}
          icon={AlertTriangle}
          alert={counts.lowStockVariants > 0}
        />
        <CountTile
          label="Today's orders"
          count={counts.todaysOrders}
          note="Paid today (India time)"
          to={`${adminPaths.orders}?from=${counts.today}&to=${counts.today}`}
          icon={CalendarCheck}
          alert={false}
        />
      </div>
    </>
  );
}

export { AdminPageError as ErrorBoundary };
