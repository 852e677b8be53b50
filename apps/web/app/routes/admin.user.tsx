import { cityAndDistrict, AppError, formatINR, isUuid } from '@shop/core';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { servicesOf } from '../context';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { BlockUserButton, shopperName } from '../features/admin/block-user-button';
import { blockUserAction } from '../features/admin/block-user.server';
import { Chip } from '../components/chip';
import { DataTable } from '../components/data-table';
import { EmptyState, PageHeader, Panel } from '../components/page-header';
import { useAdmin } from '../features/admin/use-admin';
import { formatDate, formatDateTime } from '../lib/order-format';
import { loaderCall } from '../lib/service-call.server';
import { StatusChip } from '../components/status-chip';
import type { Route } from './+types/admin.user';
import { privatePageMeta } from '../lib/meta';

/** One shopper with her orders and addresses; an address that names no shopper is the admin's not-found page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { userId } = params;
  return loaderCall(
    isUuid(userId) ? servicesOf(context).adminUsers.detail(userId) : Promise.reject(new AppError('NOT_FOUND', 'User not found')),
  );
}

/** Owners: block or unblock her here too. */
export const action = (args: Route.ActionArgs) => blockUserAction(args, adminPaths.user(args.params.userId));

export const meta: Route.MetaFunction = ({ data, matches }) =>
  privatePageMeta(`${data ? shopperName(data.user) : 'Shopper'} · Admin Panel`, matches);

/** One shopper: contact, totals, her orders, counter bills and addresses; owners block or unblock her here too. */
export default function AdminUser({ loaderData }: Route.ComponentProps) {
  const { user, orders, addresses, bills } = loaderData;
  const isOwner = useAdmin()?.role === 'owner';
  return (
    <>
      <PageHeader
        title={shopperName(user)}
        description={
          <>
            <Link to={adminPaths.users} className="font-medium text-wine-700 hover:underline">
              Users
            </Link>{' '}
            · signed up {formatDate(user.createdAt)}
          </>
        }
        actions={isOwner ? <BlockUserButton user={user} /> : undefined}
      />
      <div className="space-y-6">
        <Panel>
          <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-5">
            <div className="min-w-0 lg:col-span-2">
              <dt className="text-muted">Email</dt>
              <dd className="break-all font-semibold">{user.userEmail}</dd>
            </div>
            <div>
              <dt className="text-muted">Phone</dt>
              <dd className="font-semibold">{user.userPhone ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-muted">Orders · total spent</dt>
              <dd className="font-semibold tabular-nums">
                {user.ordersCount.toLocaleString('en-IN')} · {formatINR(user.totalSpent)}
              </dd>
            </div>
            <div>
              <dt className="text-muted">Status</dt>
              <dd>{user.blocked ? <Chip tone="bad">Blocked</Chip> : <Chip tone="good">Active</Chip>}</dd>
            </div>
          </dl>
        </Panel>

        <section aria-labelledby="orders-title">
          <h2 id="orders-title" className="mb-3 text-lg font-semibold">
            Orders
          </h2>
          {orders.length === 0 ? (
            <EmptyState title="No orders yet" />
          ) : (
            <DataTable
              caption="Orders of this shopper"
              rows={orders}
              rowKey={(order) => order._id}
              columns={[
                {
                  header: 'Order',
                  primary: true,
                  cell: (order) => (
                    <Link to={adminPaths.order(order._id)} className="font-semibold text-wine-700 hover:underline">
                      {order.orderNumber}
                    </Link>
                  ),
                },
                { header: 'Placed', cell: (order) => formatDateTime(order.createdAt) },
                { header: 'Items', numeric: true, cell: (order) => order.itemCount },
                { header: 'Total', numeric: true, cell: (order) => formatINR(order.total) },
                { header: 'Status', cell: (order) => <StatusChip status={order.status} /> },
              ]}
            />
          )}
        </section>

        <section aria-labelledby="bills-title">
          <h2 id="bills-title" className="mb-1 text-lg font-semibold">
            Counter bills
          </h2>
          <p className="mb-3 text-sm text-muted">Bills made at the shop to her mobile number (from her profile or addresses).</p>
          {bills.length === 0 ? (
            <EmptyState title="No counter bills" />
          ) : (
            <DataTable
              caption="Counter bills of this shopper"
              rows={bills}
              rowKey={(bill) => bill._id}
              columns={[
                {
                  header: 'Invoice',
                  primary: true,
                  cell: (bill) => (
                    <Link to={adminPaths.bill(bill._id)} className="font-mono font-semibold text-wine-700 hover:underline">
                      {bill.invoiceNumber}
                    </Link>
                  ),
                },
                { header: 'Made', cell: (bill) => formatDateTime(bill.createdAt) },
                { header: 'Items', numeric: true, cell: (bill) => bill.itemCount },
                { header: 'Total', numeric: true, cell: (bill) => formatINR(bill.totalPrice) },
                {
                  header: 'Status',
                  cell: (bill) => (bill.status === 'void' ? <Chip tone="bad">Void</Chip> : <Chip tone="good">Paid</Chip>),
                },
              ]}
            />
          )}
        </section>

        <section aria-labelledby="addresses-title">
          <h2 id="addresses-title" className="mb-3 text-lg font-semibold">
            Addresses
          </h2>
          {addresses.length === 0 ? (
            <EmptyState title="No saved addresses" />
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {addresses.map((address) => (
                <li key={address._id} className="flex gap-3 rounded-2xl border border-line bg-white p-4 text-sm">
                  <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-600" />
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {address.name} {address.isDefault && <Chip tone="info">Default</Chip>}
                    </p>
                    <p className="text-muted">
                      {address.street}, {cityAndDistrict(address)}, {address.state} {address.pincode}
                    </p>
                    <p className="text-muted">Phone {address.phone}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

export { AdminPageError as ErrorBoundary };
