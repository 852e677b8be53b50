import { AUDIT_ENTITIES, auditQuerySchema } from '@shop/core';
import { servicesOf } from '../context';
import { requireOwner } from '../features/admin/admin-actor.server';
import { AdminPageError } from '../features/admin/admin-error';
import { AuditChange } from '../features/admin/audit-change';
import { readListQuery } from '../lib/list-query';
import { Chip } from '../components/chip';
import { FilterBar, FilterField, filterInputClass } from '../components/filter-bar';
import { EmptyState, PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { fieldError } from '../lib/failure';
import { formatDateTime } from '../lib/order-format';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.audit';
import { privatePageMeta } from '../lib/meta';

const FILTERS = ['entity', 'actor', 'from', 'to'] as const;

/** Owners only: staff get the API's refusal (403, in its words) as the page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireOwner(context);
  const { query, failure } = readListQuery(request, auditQuerySchema);
  const services = servicesOf(context);
  const [log, accounts] = await loaderCall(Promise.all([services.audit.list(query), services.admins.listAccounts()]));
  const params = new URL(request.url).searchParams;
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  return { ...log, accounts, filters, failure };
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Audit log · Admin Panel', matches);

const ENTITY_LABEL: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  product: 'Product',
  variant: 'Variant',
  photo: 'Photo',
  category: 'Category',
  order: 'Order',
  refund: 'Refund',
  invite: 'Invite',
  admin: 'Admin account',
  user: 'Shopper',
  bill: 'Bill',
  review: 'Review',
  announcement: 'Announcement',
  contact_message: 'Contact message',
  session: 'Sessions',
  settings: 'Shop settings',
  coupon: 'Coupon',
  offer: 'Offer',
};

/** 'product.update' → 'Update'; 'user.block' → 'Block'. */
const actionLabel = (action: string) => {
  const verb = (action.split('.').at(-1) ?? action).replace(/_/g, ' ');
  return verb.charAt(0).toUpperCase() + verb.slice(1);
};

/** Who changed what and when, with the record before and after; filter by kind, admin and India-time days. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, limit, accounts, filters, failure } = loaderData;
  return (
    <>
      <PageHeader title="Audit log" description="Every change made in the back-office: who, what, when, before and after." />
      <FilterBar label="Filter the audit log" failure={failure}>
        <FilterField label="Kind" name="entity" error={fieldError(failure, 'entity')}>
          <select id="filter-entity" name="entity" defaultValue={filters.entity} className={filterInputClass}>
            <option value="">All kinds</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {ENTITY_LABEL[entity]}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label="Admin" name="actor" error={fieldError(failure, 'actor')}>
          <select id="filter-actor" name="actor" defaultValue={filters.actor} className={filterInputClass}>
            <option value="">Everyone</option>
            {accounts.map((account) => (
              <option key={account._id} value={account._id}>
                {account.adminName}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label="From" name="from" error={fieldError(failure, 'from')}>
          <input id="filter-from" name="from" type="date" defaultValue={filters.from} className={filterInputClass} />
        </FilterField>
        <FilterField label="To" name="to" error={fieldError(failure, 'to')}>
          <input id="filter-to" name="to" type="date" defaultValue={filters.to} className={filterInputClass} />
        </FilterField>
      </FilterBar>
      {entries.length === 0 ? (
        <EmptyState title="No changes found">Try fewer filters or other days.</EmptyState>
      ) : (
        <ol className="space-y-3" aria-label="Changes, newest first">
          {entries.map((entry) => (
            <li key={entry._id} className="rounded-2xl border border-line bg-white p-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Chip tone="info">{ENTITY_LABEL[entry.entity]}</Chip>
                <span className="font-semibold">{actionLabel(entry.action)}</span>
                <span className="font-mono text-xs text-muted">{entry.action}</span>
                <time dateTime={entry.at} className="basis-full text-xs text-muted sm:ml-auto sm:basis-auto">
                  {formatDateTime(entry.at)}
                </time>
              </div>
              <p className="mt-1 text-sm">
                by <span className="font-medium">{entry.actor.label}</span>
                <span className="text-muted"> · record </span>
                <span className="break-all font-mono text-xs text-muted">{entry.entityId}</span>
              </p>
              <div className="mt-3 rounded-xl bg-ivory p-3">
                <AuditChange entry={entry} formatTime={formatDateTime} />
              </div>
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} limit={limit} total={total} noun="entries" />
    </>
  );
}

export { AdminPageError as ErrorBoundary };
