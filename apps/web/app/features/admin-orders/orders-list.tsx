import { ORDER_STATUS_LABELS, ORDER_STATUSES, rupeesCompact, type AdminOrderRow } from '@shop/core';
import { ChevronRight, Download } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
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

/** Orders newest first, filtered by status, payment method, search and dates; every filter and the page live in the URL. */
export function OrdersList({
  orders,
  total,
  page,
  limit,
  failure,
  orderHref,
  exportUrl = null,
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
}) {
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
      {orders.length === 0 ? (
        <EmptyState title="No orders match these filters." />
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white" aria-label="Orders">
          {orders.map((order) => (
            <li key={order._id}>
              <Link to={orderHref(order._id)} className="flex items-center gap-3 px-4 py-3 hover:bg-ivory sm:gap-4">
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
