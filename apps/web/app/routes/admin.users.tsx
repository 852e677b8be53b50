import { formatINR, type AdminUserRow } from '@shop/core';
import { Link } from 'react-router';
import { adminLoad, adminSubmit, formFields } from '../features/admin/admin-api.server';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { BlockUserButton, blockIntent, shopperName } from '../features/admin/block-user-button';
import { listQuery } from '../lib/list-query';
import { Chip } from '../components/chip';
import { DataTable } from '../components/data-table';
import { FilterBar, FilterField, filterInputClass } from '../components/filter-bar';
import { EmptyState, PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { useAdmin } from '../features/admin/use-admin';
import { formatDate } from '../lib/order-format';
import type { Route } from './+types/admin.users';
import { privatePageMeta } from '../lib/meta';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = listQuery(request, ['q', 'blocked', 'page']);
  const page = await adminLoad<{ users: AdminUserRow[]; total: number; page: number; limit: number }>(
    request,
    context,
    `/api/admin/user/getAllUsers${query}`,
  );
  const params = new URL(request.url).searchParams;
  return { ...page, q: params.get('q') ?? '', blocked: params.get('blocked') ?? '' };
}

/** Owners: block or unblock (the API refuses staff). */
export async function action({ request, context }: Route.ActionArgs) {
  const target = blockIntent(formFields(await request.formData()));
  if (!target) return { ok: false as const, error: 'Unknown action.', fields: {} };
  return adminSubmit(request, context, 'POST', target.path);
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Users · Admin Panel', matches);

/** Shoppers, newest first: search by name, e-mail or phone; sign-up date, orders, total spent; block and unblock (owners). */
export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, total, page, limit, q, blocked } = loaderData;
  const isOwner = useAdmin()?.role === 'owner';
  return (
    <>
      <PageHeader title="Users" description={`${total.toLocaleString('en-IN')} ${total === 1 ? 'shopper' : 'shoppers'}`} />
      <FilterBar label="Search shoppers">
        <FilterField label="Search" name="q" wide>
          <input id="filter-q" name="q" type="search" defaultValue={q} placeholder="Name, e-mail or phone" className={filterInputClass} />
        </FilterField>
        <FilterField label="Show" name="blocked">
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
