import { AppError, formatINR, istDay, rangePresets, salesRangeQuerySchema, type SalesRangeReport } from '@shop/core';
import { Calculator, IndianRupee, Package, ReceiptText, Search, ShoppingBag } from 'lucide-react';
import { useId } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { servicesOf } from '../context';
import { FilterField, filterInputClass } from '../components/filter-bar';
import { FormFailure } from '../components/form-failure';
import { PageHeader } from '../components/page-header';
import { AdminPageError } from '../features/admin/admin-error';
import { requireOwner } from '../features/admin/admin-actor.server';
import { adminPaths } from '../features/admin/admin-paths';
import { CodReportSection } from '../features/reports/cod-report';
import { reportPeriod } from '../features/reports/report-query';
import { MetricTile, PeriodLabel, ReportActions, shortDate } from '../features/reports/report-ui';
import { CategoryChart, RevenueBarChart } from '../features/reports/sales-charts';
import { isFailure, type Failure } from '../lib/failure';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.sales';

/** The range asked for, or the service's refusal of it: the range its defaults make may be refused too (?from after today). */
async function rangeOrRefusal(call: Promise<SalesRangeReport>): Promise<SalesRangeReport | Failure> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_DATA') return { ok: false, error: error.message, fields: error.fields ?? {} };
    throw error;
  }
}

/**
 * Sales of ?from to ?to (India days, both included; this month to today without them). A refused range (a
 * malformed day, from after to, more than a year) is shown beside its field on the form, over this month's sales.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Revenue is the owner's: staff get the API's refusal as the page.
  requireOwner(context);
  const url = new URL(request.url);
  const reports = servicesOf(context).salesReports;
  const read = reportPeriod(url, salesRangeQuerySchema, ['from', 'to']);
  const answer = read.failure ? read.failure : await loaderCall(rangeOrRefusal(reports.range(read.query.from, read.query.to)));
  const failure = isFailure(answer) ? answer : null;
  const report = isFailure(answer) ? await loaderCall(reports.range()) : answer;
  const presets = rangePresets(istDay(new Date())).map((preset) => ({
    ...preset,
    current: preset.from === report.from && preset.to === report.to,
  }));
  // A refused range stays in the fields as typed; otherwise they show the range shown.
  const fields = failure
    ? { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' }
    : { from: report.from, to: report.to };
  return { report, failure, fields, presets };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  privatePageMeta(`Sales${data ? ` · ${data.report.label}` : ''} · Admin Panel`, matches);

const rangeHref = (from: string, to: string) => `${adminPaths.sales}?from=${from}&to=${to}`;

const PRESET_LINK =
  'inline-flex min-h-11 items-center rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-wine-600 hover:text-wine-700 aria-[current=page]:border-wine-700 aria-[current=page]:bg-wine-700 aria-[current=page]:text-white';

/** The presets as plain links and a GET form of two days: both work without scripts. */
function RangeChooser({
  presets,
  fields,
  failure,
}: {
  presets: ReadonlyArray<{ key: string; label: string; from: string; to: string; current: boolean }>;
  fields: { from: string; to: string };
  failure: Failure | null;
}) {
  const { search } = useLocation();
  return (
    <div className="mb-6 rounded-2xl border border-line bg-white p-4 print:hidden">
      <nav aria-label="Date ranges">
        <ul className="flex flex-wrap gap-2">
          {presets.map((preset) => (
            <li key={preset.key}>
              <Link to={rangeHref(preset.from, preset.to)} aria-current={preset.current ? 'page' : undefined} className={PRESET_LINK}>
                {preset.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed by the address: the days follow it (a preset, the back button). */}
      <Form key={search} method="get" aria-label="Choose dates" className="mt-4 border-t border-line pt-4">
        <FormFailure failure={failure} className="mb-3" />
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:flex sm:flex-wrap sm:items-start">
          <div className="min-w-0 sm:w-48">
            <FilterField label="From" name="from" error={failure?.fields.from}>
              <input id="filter-from" name="from" type="date" defaultValue={fields.from} className={filterInputClass} />
            </FilterField>
          </div>
          <div className="min-w-0 sm:w-48">
            <FilterField label="To" name="to" error={failure?.fields.to}>
              <input id="filter-to" name="to" type="date" defaultValue={fields.to} className={filterInputClass} />
            </FilterField>
          </div>
          {/* Level with the fields (under their labels), whatever a message below a field adds. */}
          <button type="submit" className="btn btn-primary px-5 min-[420px]:col-span-2 sm:mt-6">
            <Search aria-hidden="true" className="h-4 w-4" /> Show sales
          </button>
        </div>
      </Form>
    </div>
  );
}

function TopProducts({ products }: { products: SalesRangeReport['topProducts'] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white p-4 sm:p-5 print:break-inside-avoid">
      <h2 id={id} className="mb-3 font-sans text-base font-semibold">
        Top products
      </h2>
      {products.length === 0 ? (
        <p className="text-sm text-muted">Nothing sold in these days.</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-line text-left text-muted">
              <th scope="col" className="py-2 pr-2 font-medium">
                <span className="sr-only">Rank</span>
                <span aria-hidden="true">#</span>
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                Product
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-medium">
                Units
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Sales
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product, index) => (
              <tr key={product.productId} className="border-b border-line align-top last:border-0">
                <td className="py-2 pr-2 tabular-nums text-muted">{index + 1}</td>
                <th scope="row" className="py-2 pr-2 text-left font-medium [overflow-wrap:anywhere]">
                  <Link to={adminPaths.productView(product.productId)} className="hover:text-wine-700 hover:underline">
                    {product.name}
                  </Link>
                </th>
                <td className="py-2 pr-2 text-right tabular-nums">{product.units}</td>
                <td className="whitespace-nowrap py-2 text-right tabular-nums">{formatINR(product.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Issue 26: sales of any range of days, with presets: totals, revenue day by day, categories and best sellers. */
export default function SalesPage({ loaderData }: Route.ComponentProps) {
  const { report, failure, fields, presets } = loaderData;
  const current = presets.find((preset) => preset.current);
  const days = report.days.length;
  return (
    <>
      <PageHeader
        title="Sales"
        description={<PeriodLabel label={report.label} badge={current?.label ?? null} />}
        actions={<ReportActions from={report.from} to={report.to} />}
      />
      <RangeChooser presets={presets} fields={fields} failure={failure} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <MetricTile
          label="Total Revenue"
          value={formatINR(report.totalRevenue)}
          note={`Online orders and bills · ${days} ${days === 1 ? 'day' : 'days'}`}
          icon={IndianRupee}
          className="sm:col-span-2"
        />
        <MetricTile label="Average Sale" value={formatINR(report.averageSale)} note="Revenue ÷ orders and bills" icon={Calculator} />
        <MetricTile label="Online Orders" value={report.orders.toLocaleString('en-IN')} note="Paid online" icon={ShoppingBag} />
        <MetricTile label="In-store Bills" value={report.bills.toLocaleString('en-IN')} note="Made at the counter" icon={ReceiptText} />
        <MetricTile label="Units Sold" value={report.totalUnits.toLocaleString('en-IN')} note="Pieces sold" icon={Package} />
      </div>
      {/* Issue 41: revenue is net of the orders' own discounts (offers, coupons); gross is before them. */}
      <dl
        aria-label="Gross, discounts and net"
        className="mt-4 flex flex-wrap gap-x-6 gap-y-1 rounded-lg border border-line bg-white px-4 py-3 text-sm tabular-nums"
      >
        <div className="flex gap-2">
          <dt className="text-muted">Gross</dt>
          <dd className="font-semibold">{formatINR(report.grossRevenue)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-muted">Discounts (offers and coupons)</dt>
          <dd className="font-semibold">−{formatINR(report.totalDiscounts)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-muted">Net</dt>
          <dd className="font-semibold">{formatINR(report.totalRevenue)}</dd>
        </div>
      </dl>
      <div className="mt-6">
        <RevenueBarChart days={report.days} label={(day) => shortDate(day.date)} />
      </div>
      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        <CategoryChart categories={report.categories} />
        <TopProducts products={report.topProducts} />
      </div>
      <CodReportSection cod={report.cashOnDelivery} />
    </>
  );
}

export { AdminPageError as ErrorBoundary };
