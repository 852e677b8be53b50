import { AppError, gstr1PeriodOf, istDay, type Gstr1Answer } from '@shop/core';
import { FileJson, FileSpreadsheet } from 'lucide-react';
import { data, Form } from 'react-router';
import { servicesOf } from '../context';
import { filterInputClass } from '../components/filter-bar';
import { PageHeader } from '../components/page-header';
import { requireOwner } from '../features/admin/admin-actor.server';
import { AdminPageError } from '../features/admin/admin-error';
import { defaultGstPeriod, gstPeriodChoices, type GstPeriodChoice } from '../features/gst/gst-periods';
import { Gstr1View } from '../features/gst/gstr1-view';
import { privatePageMeta } from '../lib/meta';
import type { Route } from './+types/admin.gst-returns';

/** The API's return of a period: the JSON (the offline tool's) and its CSV sheets in a zip, the owner's both. */
export const gstr1JsonHref = (period: string) => `/api/admin/gst/gstr1.json?period=${encodeURIComponent(period)}`;
export const gstr1ZipHref = (period: string) => `/api/admin/gst/gstr1.zip?period=${encodeURIComponent(period)}`;

/**
 * GST returns (issue 43): GSTR-1 of a month or a quarter of the financial year (`?period=2026-11`, `2026-Q3`; last
 * month by default), as GET /api/admin/gst/gstr1 builds it from the invoices and credit notes issued in it: the
 * summary by table, each table, and the downloads. Owners only (staff get the API's 403 as the page). A period the
 * API refuses (not begun, before the first invoice, issued under two GSTINs) is said in its words, with its status.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireOwner(context);
  const today = istDay(new Date());
  const asked = new URL(request.url).searchParams.get('period')?.trim();
  const period = asked || defaultGstPeriod(today);
  const choices = gstPeriodChoices(today);
  const known = gstr1PeriodOf(period);
  // A period the form does not list (typed in the address) is still offered, chosen, beside the others.
  const offered = [...choices.months, ...choices.quarters].some((choice) => choice.value === period);
  const extra: GstPeriodChoice | null = known && !offered ? { value: period, label: known.label } : null;
  const page = { period, label: known?.label ?? period, choices, extra };
  try {
    const answer: Gstr1Answer = await servicesOf(context).gst.gstr1(period);
    return { ...page, answer, refusal: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ ...page, answer: null, refusal: error.message }, { status: error.status });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  privatePageMeta(loaded ? `GST returns · ${loaded.label} · Admin Panel` : 'GST returns · Admin Panel', matches);

export default function GstReturnsPage({ loaderData }: Route.ComponentProps) {
  const { period, label, choices, extra, answer, refusal } = loaderData;
  const gstin = answer?.gstr1.gstin;
  return (
    <>
      <PageHeader
        title="GST returns"
        description={
          answer ? (
            <>
              GSTR-1 of <strong className="text-ink">{answer.period.label}</strong>
              {gstin && (
                <>
                  {' '}
                  · GSTIN <span className="font-mono">{gstin}</span>
                </>
              )}
            </>
          ) : (
            'GSTR-1 of a month or a quarter, from the invoices and credit notes the shop issued.'
          )
        }
        actions={
          answer && (
            <>
              <a
                href={gstr1JsonHref(period)}
                download={`GSTR1_${gstin || 'GSTIN'}_${answer.gstr1.fp}.json`}
                className="btn btn-outline px-4"
              >
                <FileJson aria-hidden="true" className="h-4 w-4" /> Download JSON
              </a>
              <a href={gstr1ZipHref(period)} download className="btn btn-primary px-4">
                <FileSpreadsheet aria-hidden="true" className="h-4 w-4" /> Download CSV (zip)
              </a>
            </>
          )
        }
      />

      <Form
        key={period}
        method="get"
        role="search"
        aria-label="Choose the return period"
        className="mb-6 flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:flex-row sm:items-end"
      >
        <div className="min-w-0 sm:w-96">
          {/* The label apart from the select: its name is "Period", not "Period" and the chosen option. */}
          <label htmlFor="gst-period" className="block text-sm font-medium">
            Period
          </label>
          <select id="gst-period" name="period" defaultValue={period} className={`${filterInputClass} mt-1`}>
            {extra && <option value={extra.value}>{extra.label}</option>}
            <optgroup label="Months">
              {choices.months.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Quarters (for quarterly filers)">
              {choices.quarters.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <button type="submit" className="btn btn-primary px-5">
          Show return
        </button>
      </Form>

      {refusal ? (
        <div role="alert" className="rounded-2xl border border-wine-100 bg-wine-50 px-5 py-4 text-wine-800">
          <p className="font-semibold">No return for {label}</p>
          <p className="mt-1 text-sm">{refusal}</p>
        </div>
      ) : (
        answer && <Gstr1View answer={answer} />
      )}
    </>
  );
}

export { AdminPageError as ErrorBoundary };
