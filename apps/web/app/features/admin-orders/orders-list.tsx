import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '@shop/core';
import { ChevronRight } from 'lucide-react';
import { Form, Link, useSearchParams } from 'react-router';
import { formatDateTime, rupees } from '../../lib/order-format';
import { StatusChip } from '../../components/status-chip';
import { apiQuery } from '../../lib/list-query';
import { Pager } from '../../components/pager';
import { useLoad } from '../../lib/use-load';
import { listOrders } from './api';

export const ORDER_QUERY_NAMES = ['status', 'q', 'from', 'to', 'page'] as const;
export const adminOrderPath = (orderId: string) => `/admin/orders/${orderId}`;

const control = 'min-h-11 w-full rounded-xl border border-line bg-white px-3 text-sm text-ink';

function Filters() {
  const [search] = useSearchParams();
  return (
    <Form
      method="get"
      role="search"
      key={search.toString()}
      className="grid gap-2 sm:grid-cols-2 lg:grid-cols-[1.5fr_1fr_auto_auto_auto] lg:items-end"
    >
      <div>
        <label htmlFor="orders-q" className="text-xs font-medium text-muted">
          Search
        </label>
        <input
          id="orders-q"
          name="q"
          type="search"
          defaultValue={search.get('q') ?? ''}
          placeholder="Order number, customer or phone"
          className={control}
        />
      </div>
      <div>
        <label htmlFor="orders-status" className="text-xs font-medium text-muted">
          Status
        </label>
        <select id="orders-status" name="status" defaultValue={search.get('status') ?? ''} className={control}>
          <option value="">Any status</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="orders-from" className="text-xs font-medium text-muted">
          From
        </label>
        <input id="orders-from" name="from" type="date" defaultValue={search.get('from') ?? ''} className={control} />
      </div>
      <div>
        <label htmlFor="orders-to" className="text-xs font-medium text-muted">
          To
        </label>
        <input id="orders-to" name="to" type="date" defaultValue={search.get('to') ?? ''} className={control} />
      </div>
      <button type="submit" className="btn btn-primary sm:col-span-2 lg:col-span-1">
        Apply
      </button>
    </Form>
  );
}

/** Orders newest first, filtered by status, search and dates; every filter and the page live in the URL. */
export function OrdersList() {
  const [search] = useSearchParams();
  const list = useLoad(listOrders, apiQuery(search, ORDER_QUERY_NAMES));
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold sm:text-3xl">Orders</h1>
      <Filters />
      {list.error ? (
        <p role="alert" className="rounded-xl bg-wine-50 p-4 text-sm text-wine-700">
          {list.error}
        </p>
      ) : !list.data ? (
        <p className="py-10 text-center text-muted">Loading...</p>
      ) : list.data.orders.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-white p-10 text-center text-muted">No orders match these filters.</p>
      ) : (
        <ul
          className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white"
          aria-label="Orders"
          aria-busy={list.loading}
        >
          {list.data.orders.map((order) => (
            <li key={order._id}>
              <Link
                to={adminOrderPath(order._id)}
                className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-ivory md:grid-cols-[10rem_1fr_9rem_8rem_7rem_auto]"
              >
                <span className="font-semibold">{order.orderNumber}</span>
                <span className="md:order-last">
                  <ChevronRight aria-hidden="true" className="h-5 w-5 text-muted" />
                </span>
                <span className="min-w-0 text-sm">
                  <span className="block truncate">{order.customer.name}</span>
                  <span className="block truncate text-xs text-muted">{order.customer.phone || order.customer.email}</span>
                </span>
                <span className="text-xs text-muted md:text-sm">{formatDateTime(order.createdAt)}</span>
                <span>
                  <StatusChip status={order.status} />
                </span>
                <span className="text-right font-semibold tabular-nums">
                  {rupees(order.total)}
                  <span className="block text-xs font-normal text-muted">
                    {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pager total={list.data.total} page={list.data.page} limit={list.data.limit} noun="orders" />}
    </div>
  );
}
