import { adminUserQuerySchema, formatINR, type AdminUserRow } from '@shop/core';
import { Link } from 'react-router';
import { servicesOf } from '../context';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { BlockUserButton, shopperName } from '../features/admin/block-user-button';
import { blockUserAction } from '../features/admin/block-user.server';
import { readListQuery } from '../lib/list-query';
import { Chip } from '../components/chip';
import { DataTable } from '../components/data-table';
import { FilterBar, FilterField, filterInputClass } from '../components/filter-bar';
import { EmptyState, PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { useAdmin } from '../features/admin/use-admin';
import { fieldError } from '../lib/failure';
import { formatDate } from '../lib/order-format';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.users';
import { privatePageMeta } from '../lib/meta';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, failure } = readListQuery(request, adminUserQuerySchema);
  const page = await loaderCall(servicesOf(context).adminUsers.list(query));
  const params = new URL(request.url).searchParams;
  return { ...page, q: params.get('q') ?? '', blocked: params.get('blocked') ?? '', failure };
}

/** Owners: block or unblock (staff are refused in the API's words). */
export const action = (args: Route.ActionArgs) => blockUserAction(args, adminPaths.users);

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Users · Admin Panel', matches);

/** Shoppers, newest first: search by name, e-mail or phone; sign-up date, orders, total spent; block and unblock (owners). */
export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, total, page, limit, q, blocked, failure } = loaderData;
  const isOwner = useAdmin()?.role === 'owner';
  return (
    <>
      <PageHeader title="Users" description={`${total.toLocaleString('en-IN')} ${total === 1 ? 'shopper' : 'shoppers'}`} />
      <FilterBar label="Search shoppers" failure={failure}>
        <FilterField label="Search" name="q" wide error={fieldError(failure, 'q')}>
          <input id="filter-q" name="q" type="search" defaultValue={q} placeholder="Name, e-mail or phone" className={filterInputClass} />
        </FilterField>
        <FilterField label="Show" name="blocked" error={fieldError(failure, 'blocked')}>
          <select id="filter-blocked" name="blocked" defaultValue={blocked} className={filterInputClass}>
            <option value="">Everyone</option>
            <option value="false">Active only</option>
            <option value="true">Blocked only</option>
          </select>
        </FilterField>
      </FilterBar>
      {users.length === 0 ? (
        <EmptyState title="No shoppers found">{q ? 'Try another name, e-mail or phone number.' : null}</EmptyState>
      ) : (
        <DataTable
          caption="Shoppers"
          rows={users}
          rowKey={(user) => user._id}
          columns={[
            {
              header: 'Shopper',
              primary: true,
              cell: (user) => (
                <Link to={adminPaths.user(user._id)} className="group block min-w-0">
                  <span className="font-semibold text-wine-700 group-hover:underline">{shopperName(user)}</span>
                  <span className="block break-all text-xs font-normal text-muted">{user.userEmail}</span>
                </Link>
              ),
            },
            { header: 'Phone', cell: (user) => user.userPhone ?? '—' },
            { header: 'Signed up', cell: (user) => formatDate(user.createdAt) },
            { header: 'Orders', numeric: true, cell: (user) => user.ordersCount.toLocaleString('en-IN') },
            { header: 'Total spent', numeric: true, cell: (user) => formatINR(user.totalSpent) },
            { header: 'Status', cell: (user) => (user.blocked ? <Chip tone="bad">Blocked</Chip> : <Chip tone="good">Active</Chip>) },
            ...(isOwner ? [{ header: 'Action', cell: (user: AdminUserRow) => <BlockUserButton user={user} /> }] : []),
          ]}
        />
      )}
      <Pager page={page} limit={limit} total={total} noun="shoppers" />
    </>
  );
}

export { AdminPageError as ErrorBoundary };
