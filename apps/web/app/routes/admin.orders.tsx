import { adminOrderQuerySchema } from '@shop/core';
import { adminOf, servicesOf } from '../context';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { OrdersList } from '../features/admin-orders/orders-list';
import { apiQuery, readListQuery } from '../lib/list-query';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.orders';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Orders · Admin Panel', matches);

/**
 * The orders of the URL's filters (status, search, India days, page), 50 a page. The owner downloads the paid orders
 * of the same days as CSV, one row per invoice line (issue 43; the API refuses staff, who get no link).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, failure } = readListQuery(request, adminOrderQuerySchema);
  const days = new URLSearchParams(apiQuery(new URL(request.url).searchParams, ['from', 'to']));
  for (const name of Object.keys(failure?.fields ?? {})) days.delete(name);
  const exportUrl = adminOf(context).role === 'owner' ? `/api/admin/order/exportOrders${days.size > 0 ? `?${days.toString()}` : ''}` : null;
  return { ...(await loaderCall(servicesOf(context).adminOrders.list(query))), failure, exportUrl };
}

/** /admin/orders: orders by status, search and dates (issue 10 orders management). */
export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  return <OrdersList {...loaderData} orderHref={adminPaths.order} />;
}

export { AdminPageError as ErrorBoundary };
