import { formatINR } from '@shop/core';
import { ChevronLeft, ChevronRight, Download, Printer } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { useHydrated } from '../../components/enhanced';
import { FilterField, filterInputClass } from '../../components/filter-bar';
import { FormFailure } from '../../components/form-failure';
import type { Failure } from '../../lib/failure';

// The report tile is shared with the GST returns page (app/components/metric-tile.tsx).
export { MetricTile } from '../../components/metric-tile';

/** '10 Mar': a day of a report (YYYY-MM-DD) in Indian English. */
export const shortDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A report's period under its title: 'March 10-16, 2025' with a badge when it is the current one. */
export function PeriodLabel({ label, badge }: { label: string; badge: string | null }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="text-base font-semibold text-ink">{label}</span>
      {badge && <span className="rounded-full bg-wine-700 px-2.5 py-0.5 text-xs font-semibold text-white">{badge}</span>}
    </span>
  );
}

/** The API's CSV of the same days as a report page: what the page's Download link fetches. */
export const reportCsvHref = (from: string, to: string) => `/api/admin/report/exportRange?from=${from}&to=${to}`;

/**
 * A report's download and print (issue 40): the CSV of its days (a plain link, without scripts too) and, once the
 * scripts run, a Print button (the browser's own print works before); print CSS leaves the frame and forms out.
 */
export function ReportActions({ from, to }: { from: string; to: string }) {
  const hydrated = useHydrated();
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <a href={reportCsvHref(from, to)} download className="btn btn-outline px-4">
        <Download aria-hidden="true" className="h-4 w-4" /> Download CSV
      </a>
      {hydrated && (
        <button type="button" className="btn btn-outline px-4" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="h-4 w-4" /> Print
        </button>
      )}
    </div>
  );
}

/** Links to the period before and after; the one after is disabled for the current period. */
export function PeriodNav({
  unit,
  previousHref,
  nextHref,
  isCurrent,
}: {
  unit: 'week' | 'month';
  previousHref: string;
  nextHref: string;
  isCurrent: boolean;
}) {
  return (
    <nav aria-label={unit === 'week' ? 'Weeks' : 'Months'} className="flex gap-2 print:hidden">
      <Link to={previousHref} className="btn btn-outline whitespace-nowrap px-4">
        <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous {unit}
      </Link>
      <Link
        to={nextHref}
        className="btn btn-outline whitespace-nowrap px-4 aria-disabled:pointer-events-none aria-disabled:opacity-40"
        aria-disabled={isCurrent || undefined}
        tabIndex={isCurrent ? -1 : undefined}
      >
        Next {unit} <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </nav>
  );
}

/** A report's table of periods (days of a week, weeks of a month): sales and units per row. */
export function PeriodTable({
  title,
  column,
  rows,
}: {
  title: string;
  column: string;
  rows: ReadonlyArray<{ key: string; label: ReactNode; revenue: number; units: number }>;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white p-4 sm:p-5 print:break-inside-avoid">
      <h2 id={id} className="mb-3 font-sans text-base font-semibold">
        {title}
      </h2>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-line text-left text-muted">
            <th scope="col" className="py-2 pr-2 font-medium">
              {column}
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
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-line last:border-0">
              <th scope="row" className="py-2 pr-2 text-left font-medium">
                {row.label}
              </th>
              <td className="py-2 pr-2 text-right tabular-nums">{formatINR(row.revenue)}</td>
              <td className="py-2 text-right tabular-nums">{row.units}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A report's jump to any period: a GET form of one labelled field (a date for a week, a month for a month) and a
 * button, so it works without scripts; the loader reads the field (report-query.ts `reportPeriod`) and shows a
 * refusal beside it.
 */
export function PeriodPicker({
  title,
  label,
  name,
  type,
  value,
  placeholder,
  button,
  failure,
}: {
  /** The form's name for screen readers: 'Choose a week'. */
  title: string;
  label: string;
  name: string;
  type: 'date' | 'month';
  value: string;
  /** What to type where the browser has no picker for the type (a month field is a text box in some). */
  placeholder?: string;
  button: string;
  failure: Failure | null;
}) {
  const { search } = useLocation();
  return (
    // Keyed by the address: the field's value follows it (the previous and next links, the back button).
    <Form key={search} method="get" aria-label={title} className="mb-6 rounded-2xl border border-line bg-white p-4 sm:w-fit print:hidden">
      <FormFailure failure={failure} className="mb-3" />
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full min-w-0 sm:w-56">
          <FilterField label={label} name={name} error={failure?.fields[name]}>
            <input
              id={`filter-${name}`}
              name={name}
              type={type}
              defaultValue={value}
              placeholder={placeholder}
              className={filterInputClass}
            />
          </FilterField>
        </div>
        <button type="submit" className="btn btn-outline w-full px-5 sm:w-auto">
          {button}
        </button>
      </div>
    </Form>
  );
}
