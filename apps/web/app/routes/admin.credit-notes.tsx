import { dayRangeQuerySchema, formatINR, istDateTime, istDay, type CreditNoteRegisterRow } from '@shop/core';
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { adminOf, servicesOf } from '../context';
import { FilterBar, FilterField, filterInputClass } from '../components/filter-bar';
import { EmptyState, PageHeader } from '../components/page-header';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { fieldError } from '../lib/failure';
import { readListQuery } from '../lib/list-query';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.credit-notes';

/** The period the URL asks for; by default this month to today (India), and a missing end from the other. */
function periodOf(query: { from?: string | undefined; to?: string | undefined }, today: string) {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  return { from: query.from ?? `${to.slice(0, 8)}01`, to };
}

/**
 * The credit-note register (issue 43): every credit note issued in the chosen India days, counter returns and
 * online cancellations and returns alike (one CN series), with the invoice each reduces, the buyer and the GST it
 * takes back. Any admin reads it, as the bills; the CSV is the owner's, as the bills' CSV.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { query, failure } = readListQuery(url, dayRangeQuerySchema);
  const period = periodOf(query, istDay(new Date()));
  const register = await loaderCall(servicesOf(context).billing.creditNoteRegister(period));
  const isOwner = adminOf(context).role === 'owner';
  const exportQuery = new URLSearchParams({ from: period.from, to: period.to });
  return {
    ...register,
    period,
    failure,
    exportUrl: isOwner ? `/api/admin/bill/exportCreditNotes?${exportQuery.toString()}` : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Credit Notes · Admin Panel', matches);

/** Where a note's invoice is: the counter bill's page, or the online order's. */
const againstPath = (row: CreditNoteRegisterRow) =>
  row.channel === 'counter' ? adminPaths.bill(row.againstId) : adminPaths.order(row.againstId);

const MONEY = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';

export default function CreditNotesPage({ loaderData }: Route.ComponentProps) {
  const { creditNotes, totals, period, failure, exportUrl } = loaderData;
  const count = creditNotes.length;
  return (
    <>
      <PageHeader
        title="Credit Notes"
        description={`${count.toLocaleString('en-IN')} ${count === 1 ? 'credit note' : 'credit notes'} · ${formatINR(totals.total)} credited`}
        actions={
          exportUrl && (
            <a href={exportUrl} className="btn btn-outline" download>
              <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
            </a>
          )
        }
      />
      <FilterBar label="Choose the period" failure={failure}>
        <FilterField label="Start date" name="from" error={fieldError(failure, 'from')}>
          <input id="filter-from" name="from" type="date" defaultValue={period.from} className={filterInputClass} />
        </FilterField>
        <FilterField label="End date" name="to" error={fieldError(failure, 'to')}>
          <input id="filter-to" name="to" type="date" defaultValue={period.to} className={filterInputClass} />
        </FilterField>
      </FilterBar>

      {count === 0 ? (
        <EmptyState title="No credit notes in these days." />
      ) : (
        // A phone scrolls the register sideways rather than squeezing nine columns.
        <div className="overflow-x-auto rounded-2xl border border-line bg-white" role="region" aria-label="Credit notes" tabIndex={0}>
          <table className="w-full min-w-[56rem] text-sm">
            <caption className="sr-only">
              Credit notes from {period.from} to {period.to}, India time, amounts in rupees
            </caption>
            <thead>
              <tr className="border-b border-line text-left text-muted">
                <th scope="col" className="px-3 py-2 font-medium">
                  Number
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Date
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Against invoice
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Buyer
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Taxable
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  CGST
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  SGST
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  IGST
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {creditNotes.map((row) => (
                <tr key={row._id} className="border-b border-line align-top last:border-0">
                  <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-mono font-medium">
                    {row.creditNoteNumber}
                  </th>
                  <td className="whitespace-nowrap px-3 py-2">
                    <time dateTime={row.createdAt}>{istDateTime(new Date(row.createdAt))}</time>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <Link to={againstPath(row)} className="font-mono underline underline-offset-2">
                      {row.invoiceNumber}
                    </Link>
                    <span className="block text-xs text-muted">{row.channel === 'counter' ? 'Counter' : 'Online'}</span>
                  </td>
                  <td className="px-3 py-2">{row.buyer}</td>
                  <td className={MONEY}>{formatINR(row.taxableValue)}</td>
                  <td className={MONEY}>{formatINR(row.cgst)}</td>
                  <td className={MONEY}>{formatINR(row.sgst)}</td>
                  <td className={MONEY}>{formatINR(row.igst)}</td>
                  <td className={`${MONEY} font-semibold`}>{formatINR(row.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-ink font-semibold">
                <th scope="row" colSpan={4} className="px-3 py-2 text-left">
                  Total
                </th>
                <td className={MONEY}>{formatINR(totals.taxableValue)}</td>
                <td className={MONEY}>{formatINR(totals.cgst)}</td>
                <td className={MONEY}>{formatINR(totals.sgst)}</td>
                <td className={MONEY}>{formatINR(totals.igst)}</td>
                <td className={MONEY}>{formatINR(totals.total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </>
  );
}

export { AdminPageError as ErrorBoundary };
