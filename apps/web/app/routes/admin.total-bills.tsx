import { billQuerySchema, formatINR, istDateTime, BILL_PAYMENT_MODE_LABELS, BILL_PAYMENT_MODES } from '@shop/core';
import { Download, FileText, Undo2 } from 'lucide-react';
import { Link, useNavigation } from 'react-router';
import { adminOf, servicesOf } from '../context';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { Chip } from '../components/chip';
import { FilterBar, FilterField, filterInputClass } from '../components/filter-bar';
import { EmptyState, PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { billInvoicePath } from '../features/billing/invoice-path';
import { PrintLink } from '../components/print-link';
import { fieldError } from '../lib/failure';
import { apiQuery, readListQuery } from '../lib/list-query';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.total-bills';
import { privatePageMeta } from '../lib/meta';

/** The filters of the bill history (issue 40: phone, bill number, payment mode and void besides the name and days). */
const FILTERS = ['customer', 'phone', 'invoice', 'mode', 'status', 'from', 'to'] as const;

/** Bills of the URL's filters (FILTERS, IST days, page), 50 a page; the CSV export asks the API for the same filters. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { query, failure } = readListQuery(url, billQuerySchema);
  const page = await loaderCall(servicesOf(context).billing.list(query));
  // Exports are the owner's (issue 40; the API refuses staff): staff get no export link.
  const isOwner = adminOf(context).role === 'owner';
  const exportQuery = new URLSearchParams(apiQuery(url.searchParams, [...FILTERS]));
  // Only what the list could read: a refused filter is left out of the export too.
  for (const name of Object.keys(failure?.fields ?? {})) exportQuery.delete(name);
  return {
    ...page,
    failure,
    filters: Object.fromEntries(FILTERS.map((name) => [name, url.searchParams.get(name) ?? ''])) as Record<
      (typeof FILTERS)[number],
      string
    >,
    exportUrl: isOwner ? `/api/admin/bill/exportBills${exportQuery.size > 0 ? `?${exportQuery.toString()}` : ''}` : null,
  };
}

/** A void bill has nothing left to do but read; a paid one takes returns (and, for an owner on its day, a void). */
const billLinkText = (bill: { status: 'paid' | 'void' }) => (bill.status === 'void' ? 'Open bill' : 'Returns & void');

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('All Bills · Admin Panel', matches);

/** Spec §2.17: bills newest first with their items, filtered by customer and IST days, CSV export, 50 a page. */
export default function TotalBillsPage({ loaderData }: Route.ComponentProps) {
  const { bills, total, page, limit, filters, exportUrl, failure } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/totalBills';

  return (
    <>
      <PageHeader
        title="All Bills"
        description={`${total.toLocaleString('en-IN')} ${total === 1 ? 'bill' : 'bills'}`}
        actions={
          exportUrl && (
            <a href={exportUrl} className="btn btn-outline" download>
              <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
            </a>
          )
        }
      />
      <FilterBar label="Filter bills" failure={failure}>
        <FilterField label="Customer name" name="customer" error={fieldError(failure, 'customer')}>
          <input id="filter-customer" name="customer" defaultValue={filters.customer} className={filterInputClass} autoComplete="off" />
        </FilterField>
        <FilterField label="Phone" name="phone" error={fieldError(failure, 'phone')}>
          <input
            id="filter-phone"
            name="phone"
            type="tel"
            inputMode="tel"
            defaultValue={filters.phone}
            className={filterInputClass}
            autoComplete="off"
          />
        </FilterField>
        <FilterField label="Bill number" name="invoice" error={fieldError(failure, 'invoice')}>
          <input
            id="filter-invoice"
            name="invoice"
            defaultValue={filters.invoice}
            placeholder="e.g. 00135"
            className={filterInputClass}
            autoComplete="off"
          />
        </FilterField>
        <FilterField label="Paid by" name="mode" error={fieldError(failure, 'mode')}>
          <select id="filter-mode" name="mode" defaultValue={filters.mode} className={filterInputClass}>
            <option value="">Any mode</option>
            {BILL_PAYMENT_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {BILL_PAYMENT_MODE_LABELS[mode]}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label="Status" name="status" error={fieldError(failure, 'status')}>
          <select id="filter-status" name="status" defaultValue={filters.status} className={filterInputClass}>
            <option value="">Paid and void</option>
            <option value="paid">Paid</option>
            <option value="void">Void</option>
          </select>
        </FilterField>
        <FilterField label="Start date" name="from" error={fieldError(failure, 'from')}>
          <input id="filter-from" name="from" type="date" defaultValue={filters.from} className={filterInputClass} />
        </FilterField>
        <FilterField label="End date" name="to" error={fieldError(failure, 'to')}>
          <input id="filter-to" name="to" type="date" defaultValue={filters.to} className={filterInputClass} />
        </FilterField>
      </FilterBar>

      {loading ? (
        <p role="status" className="py-10 text-center text-muted">
          Loading bills...
        </p>
      ) : bills.length === 0 ? (
        <EmptyState title="No matching bills found." />
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2" aria-label="Bills">
          {bills.map((bill) => (
            <li key={bill._id} className="flex flex-col rounded-2xl border border-line bg-white p-4 sm:p-5">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <div className="flex min-w-0 items-center gap-2">
                    <h2 className="truncate font-sans text-lg font-semibold">{bill.customerName || 'Unknown'}</h2>
                    {bill.status === 'void' && <Chip tone="bad">Void</Chip>}
                  </div>
                  <p className="text-sm text-muted">
                    <time dateTime={bill.createdAt}>{istDateTime(new Date(bill.createdAt))}</time>
                    {' · '}
                    <span className="font-mono">{bill.invoiceNumber}</span>
                  </p>
                  <p className="text-sm text-muted">Phone: {bill.customerPhone || '—'}</p>
                </div>
                <div className="text-right">
                  {bill.status === 'void' ? (
                    <p className="text-xl font-bold tabular-nums text-muted">
                      <s>{formatINR(bill.totalPrice)}</s>
                      <span className="sr-only"> (void, not counted)</span>
                    </p>
                  ) : (
                    <p className="text-xl font-bold tabular-nums">{formatINR(bill.totalPrice)}</p>
                  )}
                  <p className="text-sm text-muted">Discount: {bill.discount}%</p>
                  {bill.payments.length > 0 && (
                    <p className="text-sm text-muted">
                      Paid by {bill.payments.map((payment) => BILL_PAYMENT_MODE_LABELS[payment.mode]).join(' + ')}
                    </p>
                  )}
                </div>
              </div>
              <table className="mt-3 w-full text-sm">
                <thead>
                  <tr className="border-b border-line text-left text-muted">
                    <th scope="col" className="py-1.5 pr-2 font-medium">
                      Item
                    </th>
                    <th scope="col" className="py-1.5 pr-2 text-right font-medium">
                      Qty
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {bill.items.map((item) => (
                    <tr key={item._id} className="border-b border-line align-top last:border-0">
                      <td className="py-1.5 pr-2">{item.name}</td>
                      <td className="py-1.5 pr-2 text-right tabular-nums">
                        {item.quantity}
                        {item.returnedQuantity > 0 && (
                          <span className="block whitespace-nowrap text-xs text-wine-700">{item.returnedQuantity} returned</span>
                        )}
                      </td>
                      <td className="py-1.5 text-right tabular-nums">{formatINR(item.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {bill.creditNotes.length > 0 && (
                <div className="mt-3 rounded-xl bg-sand/60 px-3 py-2 text-sm">
                  <p className="font-medium">Credit notes</p>
                  <ul aria-label={`Credit notes of ${bill.invoiceNumber}`}>
                    {bill.creditNotes.map((note) => (
                      <li key={note._id} className="flex flex-wrap justify-between gap-x-3">
                        <span className="font-mono">{note.creditNoteNumber}</span>
                        <span className="tabular-nums text-wine-700">−{formatINR(note.total)}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {/* Stacked across the card on a phone (two buttons side by side do not fit), in a row from a small screen up. */}
              <div className="mt-auto flex flex-col gap-2 pt-3 sm:flex-row sm:flex-wrap sm:justify-end">
                {/* The bill's own page: its returns (credit notes) and, for an owner on its day, its void. */}
                <Link
                  to={adminPaths.bill(bill._id)}
                  className="btn btn-outline"
                  aria-label={`${billLinkText(bill)}: ${bill.invoiceNumber}`}
                >
                  {bill.status === 'void' ? (
                    <FileText aria-hidden="true" className="h-4 w-4" />
                  ) : (
                    <Undo2 aria-hidden="true" className="h-4 w-4" />
                  )}{' '}
                  {billLinkText(bill)}
                </Link>
                {/* A link to the invoice without scripts; with them, its own 800×600 window that prints (spec §2.18). */}
                <PrintLink path={billInvoicePath(bill._id)}>Print Invoice</PrintLink>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} limit={limit} total={total} noun="bills" />
    </>
  );
}

export { AdminPageError as ErrorBoundary };
