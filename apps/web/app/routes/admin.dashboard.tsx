import {
  BILL_PAYMENT_MODE_LABELS,
  BILL_PAYMENT_MODES,
  formatINR,
  istDayInWords,
  ORDER_STATUS_LABELS,
  type Dashboard,
  type PeriodSummary,
} from '@shop/core';
import { AlertTriangle, CalendarCheck, ChevronRight, PackageOpen, PackageX, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { adminOf, servicesOf } from '../context';
import { loaderCall } from '../lib/service-call.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { dashboardSalesHrefs } from '../features/reports/report-query';
import { PageHeader } from '../components/page-header';
import { useAdmin } from '../features/admin/use-admin';
import type { Route } from './+types/admin.dashboard';
import { privatePageMeta } from '../lib/meta';

export async function loader({ context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  // Revenue is the owner's (the invite tells staff so): staff get the counts that lead to their work.
  const owner = adminOf(context).role === 'owner';
  const [counts, report] = await loaderCall(
    Promise.all([services.reportCounts.counts(), owner ? services.salesReports.dashboard() : Promise.resolve(null)]),
  );
  return { counts, report, salesHrefs: dashboardSalesHrefs(counts.today) };
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Dashboard · Admin Panel', matches);

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

/** Revenue of a period with its orders, bills, units and average sale; a link to the report behind it. */
function SalesTile({ label, summary, to }: { label: string; summary: PeriodSummary; to: string }) {
  return (
    <Link
      to={to}
      className="group block rounded-2xl border border-line bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <span className="flex items-center justify-between text-sm font-medium text-muted">
        {label}
        <ChevronRight aria-hidden="true" className="h-5 w-5 text-muted transition group-hover:translate-x-0.5 group-hover:text-wine-700" />
      </span>
      <span className="mt-1 block text-3xl font-bold tabular-nums text-ink">{formatINR(summary.revenue)}</span>
      <span className="mt-2 grid grid-cols-2 gap-x-4 gap-y-0.5 text-xs text-muted">
        <span>
          {summary.orders} online {summary.orders === 1 ? 'order' : 'orders'}
        </span>
        <span>
          {summary.bills} in-store {summary.bills === 1 ? 'bill' : 'bills'}
        </span>
        <span>
          {summary.units} {summary.units === 1 ? 'unit' : 'units'}
        </span>
        <span>Avg. sale {formatINR(summary.averageOrderValue)}</span>
      </span>
    </Link>
  );
}

function ListPanel({ title, to, linkLabel, children }: { title: string; to: string; linkLabel: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-line bg-white p-4 sm:p-5" aria-label={title}>
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 className="font-sans text-base font-semibold">{title}</h2>
        <Link to={to} className="text-sm font-semibold text-wine-700 hover:underline">
          {linkLabel}
        </Link>
      </div>
      {children}
    </section>
  );
}

/** Spec §2.11 dashboard: the live counts the owner checks first, each a link to its list. */
/** The owner's part of the dashboard: sales, the counter's takings by mode, best sellers, low stock and orders. */
function OwnerReport({
  report,
  today,
  salesHrefs,
}: {
  report: Dashboard;
  today: string;
  salesHrefs: ReturnType<typeof dashboardSalesHrefs>;
}) {
  const activeStatuses = report.ordersByStatus.filter((row) => row.count > 0);
  return (
    <>
      <div className="mt-8 mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-sans text-lg font-semibold">Sales</h2>
        {/* Issue 26: any range of days, with presets (last month, this financial year …). */}
        <Link to={adminPaths.sales} className="text-sm font-semibold text-wine-700 hover:underline">
          Sales for any dates
        </Link>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {/* Each to the sales page of the same days, online orders and bills alike (issue 40). */}
        <SalesTile label="Today" summary={report.today} to={salesHrefs.today} />
        <SalesTile label="Last 7 days" summary={report.last7Days} to={salesHrefs.last7Days} />
        <SalesTile label="Last 30 days" summary={report.last30Days} to={salesHrefs.last30Days} />
      </div>

      <section aria-labelledby="till-title" className="mt-4 rounded-2xl border border-line bg-white p-4 sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="till-title" className="font-sans text-base font-semibold">
            Counter today, by payment
          </h2>
          <Link to={`${adminPaths.totalBills}?from=${today}&to=${today}`} className="text-sm font-semibold text-wine-700 hover:underline">
            Today's bills
          </Link>
        </div>
        <dl className="mt-3 grid grid-cols-3 gap-2 sm:gap-3" data-testid="counter-today">
          {BILL_PAYMENT_MODES.map((mode) => (
            <div key={mode} className="min-w-0 rounded-xl bg-ivory px-3 py-2">
              <dt className="text-xs text-muted">{mode === 'cash' ? 'Cash in the till' : BILL_PAYMENT_MODE_LABELS[mode]}</dt>
              <dd className="truncate text-lg font-semibold tabular-nums">{formatINR(report.counterToday[mode])}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        <ListPanel title="Top products (30 days)" to={salesHrefs.last30Days} linkLabel="Sales of these 30 days">
          {report.topProducts.length === 0 ? (
            <p className="text-sm text-muted">No sales in the last 30 days.</p>
          ) : (
            <ol className="divide-y divide-line text-sm">
              {report.topProducts.map((product, index) => (
                <li key={product.productId} className="flex items-center justify-between gap-3 py-2">
                  <Link to={adminPaths.productView(product.productId)} className="min-w-0 truncate hover:text-wine-700 hover:underline">
                    <span className="mr-2 text-muted tabular-nums">{index + 1}.</span>
                    {product.name}
                  </Link>
                  <span className="shrink-0 text-right tabular-nums text-muted">
                    {product.units} units · {formatINR(product.revenue)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </ListPanel>
        <ListPanel title="Low stock" to={`${adminPaths.products}?sort=stock_asc`} linkLabel="Products">
          {report.lowStock.length === 0 ? (
            <p className="text-sm text-muted">Nothing is running low.</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {report.lowStock.map((item) => (
                <li key={`${item.productId}:${item.variantId ?? ''}`} className="flex items-center justify-between gap-3 py-2">
                  <Link to={adminPaths.productView(item.productId)} className="min-w-0 truncate hover:text-wine-700 hover:underline">
                    {item.name}
                    {item.variantName && <span className="text-muted"> · {item.variantName}</span>}
                  </Link>
                  <span className={`shrink-0 font-semibold tabular-nums ${item.stock <= 0 ? 'text-wine-700' : 'text-ink'}`}>
                    {item.stock <= 0 ? 'Sold out' : `${item.stock} left`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </ListPanel>
        <ListPanel title="Recent orders" to={adminPaths.orders} linkLabel="All orders">
          {report.recentOrders.length === 0 ? (
            <p className="text-sm text-muted">No orders yet.</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {report.recentOrders.map((order) => (
                <li key={order._id} className="flex items-center justify-between gap-3 py-2">
                  <Link to={adminPaths.order(order._id)} className="min-w-0 truncate hover:text-wine-700 hover:underline">
                    <span className="font-mono">{order.orderNumber}</span> <span className="text-muted">· {order.customerName}</span>
                  </Link>
                  <span className="shrink-0 text-right tabular-nums">
                    {formatINR(order.total)} <span className="text-muted">· {ORDER_STATUS_LABELS[order.status]}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </ListPanel>
        <ListPanel title="Orders by status" to={adminPaths.orders} linkLabel="All orders">
          {activeStatuses.length === 0 ? (
            <p className="text-sm text-muted">No orders yet.</p>
          ) : (
            <ul className="flex flex-wrap gap-2 text-sm">
              {activeStatuses.map((row) => (
                <li key={row.status}>
                  <Link
                    to={`${adminPaths.orders}?status=${row.status}`}
                    className="inline-flex min-h-10 items-center gap-2 rounded-full border border-line px-3 hover:border-wine-600 hover:text-wine-700"
                  >
                    {ORDER_STATUS_LABELS[row.status]} <strong className="tabular-nums">{row.count}</strong>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </ListPanel>
      </div>
    </>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { counts, report, salesHrefs } = loaderData;
  const admin = useAdmin();
  return (
    <>
      <PageHeader title={admin ? `Hello, ${admin.adminName.split(' ')[0]}` : 'Dashboard'} description={istDayInWords(counts.today)} />
      <h2 className="sr-only">Today at a glance</h2>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <CountTile
          label="Orders to pack"
          count={counts.ordersToPack}
          note="Paid, waiting to be packed"
          to={`${adminPaths.orders}?status=paid`}
          icon={PackageOpen}
          alert={counts.ordersToPack > 0}
        />
        {/* Sold out apart from running low (issue 40): most of a catalogue's "low stock" was sold out. */}
        <CountTile
          label="Sold out"
          count={counts.soldOutVariants}
          note="Variants with no piece left"
          to={`${adminPaths.products}?sort=stock_asc`}
          icon={PackageX}
          alert={counts.soldOutVariants > 0}
        />
        <CountTile
          label="Running low"
          count={counts.runningLowVariants}
          note={`Variants with 1 to ${counts.lowStockThreshold} ${counts.lowStockThreshold === 1 ? 'piece' : 'pieces'} left`}
          to={`${adminPaths.products}?sort=stock_asc`}
          icon={AlertTriangle}
          alert={counts.runningLowVariants > 0}
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

      {report ? (
        <OwnerReport report={report} today={counts.today} salesHrefs={salesHrefs} />
      ) : (
        <p className="mt-8 text-sm text-muted">Sales figures are for the shop owner.</p>
      )}
    </>
  );
}

export { AdminPageError as ErrorBoundary };
