import { isReadyToShip, ORDER_STATUS_LABELS, ORDER_STATUSES, rupeesCompact, type AdminOrderRow } from '@shop/core';
import { ChevronRight, Download, FileText, Truck } from 'lucide-react';
import { Form, Link, useNavigation, useSearchParams } from 'react-router';
import { FilterBar, FilterField, filterInputClass } from '../../components/filter-bar';
import { EmptyState, PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { StatusChip } from '../../components/status-chip';
import { CodLine } from '../../components/cod-line';
import { fieldError, type Failure } from '../../lib/failure';
import { formatDateTime } from '../../lib/order-format';

function Filters({ failure }: { failure: Failure | null }) {
  const [search] = useSearchParams();
  const value = (name: string) => search.get(name) ?? '';
  return (
    <FilterBar label="Filter orders" failure={failure}>
      <FilterField label="Search" name="q" wide error={fieldError(failure, 'q')}>
        <input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={value('q')}
          placeholder="Order number, customer or phone"
          className={filterInputClass}
        />
      </FilterField>
      <FilterField label="Status" name="status" wide error={fieldError(failure, 'status')}>
        <select id="filter-status" name="status" defaultValue={value('status')} className={filterInputClass}>
          <option value="">Any status</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField label="Payment" name="paymentMethod" error={fieldError(failure, 'paymentMethod')}>
        <select id="filter-paymentMethod" name="paymentMethod" defaultValue={value('paymentMethod')} className={filterInputClass}>
          <option value="">Any payment</option>
          <option value="online">Paid online</option>
          <option value="cod">Cash on delivery</option>
        </select>
      </FilterField>
      <FilterField label="From" name="from" error={fieldError(failure, 'from')}>
        <input id="filter-from" name="from" type="date" defaultValue={value('from')} className={filterInputClass} />
      </FilterField>
      <FilterField label="To" name="to" error={fieldError(failure, 'to')}>
        <input id="filter-to" name="to" type="date" defaultValue={value('to')} className={filterInputClass} />
      </FilterField>
    </FilterBar>
  );
}

/** What Ship selected answered: the labels PDF and the manifest of the orders booked, or the refusal in words. */
export type ShipManyAnswer =
  { ok: true; count: number; labelsUrl: string; manifestUrl: string } | { ok: false; error: string | null; fields: Record<string, string> };

const SHIP_FORM = 'ship-selected';

/** The labels and manifest of the orders just booked together: links to print, in a box that is announced. */
function ShippedTogether({ answer }: { answer: Extract<ShipManyAnswer, { ok: true }> }) {
  return (
    <div role="status" className="rounded-2xl border border-gold-400 bg-sand/60 p-4 text-sm text-ink">
      <p className="font-semibold">
        {answer.count} {answer.count === 1 ? 'order' : 'orders'} booked with the courier: print the labels and hand over the manifest at
        pickup.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={answer.labelsUrl} target="_blank" rel="noreferrer" className="btn btn-primary">
          <FileText aria-hidden="true" className="h-4 w-4" /> Labels PDF
        </a>
        <a href={answer.manifestUrl} target="_blank" rel="noreferrer" className="btn btn-outline bg-white">
          <FileText aria-hidden="true" className="h-4 w-4" /> Manifest
        </a>
      </div>
    </div>
  );
}

/**
 * Ship selected (issue 42): the paid orders' checkboxes belong to this form (their `form` attribute), so the list
 * stays a list of links and the post works without scripts.
 */
function ShipSelectedBar() {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'shipMany';
  return (
    <Form
      method="post"
      id={SHIP_FORM}
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-white px-4 py-3"
    >
      <input type="hidden" name="intent" value="shipMany" />
      <p className="text-sm text-muted">
        Tick paid orders to book them together with your default courier: one labels PDF and the manifest.
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        <Truck aria-hidden="true" className="h-4 w-4" /> {busy ? 'Booking...' : 'Ship selected'}
      </button>
    </Form>
  );
}

/** Orders newest first, filtered by status, payment method, search and dates; every filter and the page live in the URL. */
export function OrdersList({
  orders,
  total,
  page,
  limit,
  failure,
  orderHref,
  exportUrl = null,
  canBook = false,
  shipAnswer = null,
}: {
  orders: AdminOrderRow[];
  total: number;
  page: number;
  limit: number;
  failure: Failure | null;
  /** Where an order's row leads (its page). */
  orderHref: (orderId: string) => string;
  /** The paid orders of the same days as CSV (issue 43), the owner's; null for staff. */
  exportUrl?: string | null;
  /** Whether the shop books couriers, so the page's paid orders can be ticked and shipped together (issue 42). */
  canBook?: boolean;
  shipAnswer?: ShipManyAnswer | null;
}) {
  const paidCount = canBook ? orders.filter((order) => isReadyToShip(order.status)).length : 0;
  return (
    <>
      <PageHeader
        title="Orders"
        description={`${total.toLocaleString('en-IN')} ${total === 1 ? 'order' : 'orders'}`}
        actions={
          exportUrl && (
            <a href={exportUrl} className="btn btn-outline" download>
              <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
            </a>
          )
        }
      />
      <Filters failure={failure} />
      {shipAnswer?.ok && <ShippedTogether answer={shipAnswer} />}
      {shipAnswer && !shipAnswer.ok && shipAnswer.error && (
        <p role="alert" className="rounded-xl border border-wine-100 bg-wine-50 px-4 py-3 text-sm font-medium text-wine-800">
          {shipAnswer.error}
        </p>
      )}
      {paidCount > 0 && <ShipSelectedBar />}
      {orders.length === 0 ? (
        <EmptyState title="No orders match these filters." />
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white" aria-label="Orders">
          {orders.map((order) => (
            <li key={order._id} className="flex items-stretch">
              {paidCount > 0 && (
                <span className="flex w-11 shrink-0 items-center justify-center border-r border-line sm:w-12">
                  {isReadyToShip(order.status) && (
                    <input
                      type="checkbox"
                      name="orderIds"
                      value={order._id}
                      form={SHIP_FORM}
                      aria-label={`Select ${order.orderNumber} to ship`}
                      className="h-5 w-5 cursor-pointer accent-wine-700"
                    />
                  )}
                </span>
              )}
              <Link
                to={orderHref(order._id)}
                className={`flex min-w-0 flex-1 items-center gap-3 py-3 pr-4 hover:bg-ivory sm:gap-4 ${paidCount > 0 ? 'pl-3 sm:pl-4' : 'pl-4'}`}
              >
                <span className="grid min-w-0 flex-1 gap-y-0.5 md:grid-cols-[11rem_minmax(0,1fr)_11rem] md:items-center md:gap-x-6">
                  <span className="whitespace-nowrap font-semibold">{order.orderNumber}</span>
                  <span className="min-w-0 truncate text-sm">
                    {order.customer.name}
                    <span className="text-muted"> · {order.customer.phone || order.customer.email}</span>
                  </span>
                  <span className="whitespace-nowrap text-xs text-muted md:text-sm">{formatDateTime(order.createdAt)}</span>
                  {order.paymentMethod === 'cod' && <CodLine order={order} className="text-xs md:col-span-3 md:text-sm" />}
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1 md:w-56 md:flex-row md:items-center md:justify-between md:gap-4">
                  <StatusChip status={order.status} />
                  <span className="text-right font-semibold tabular-nums">
                    {rupeesCompact(order.total)}
                    <span className="block text-xs font-normal text-muted">
                      {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
                    </span>
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager total={total} page={page} limit={limit} noun="orders" />
    </>
  );
}
