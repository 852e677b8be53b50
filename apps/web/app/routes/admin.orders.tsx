import { adminOrderQuerySchema } from '@shop/core';
import { servicesOf } from '../context';
import { AdminPageError } from '../features/admin/admin-error';
import { adminPaths } from '../features/admin/admin-paths';
import { OrdersList } from '../features/admin-orders/orders-list';
import { readListQuery } from '../lib/list-query';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.orders';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Orders · Admin Panel', matches);

/** The orders of the URL's filters (status, search, India days, page), 50 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, failure } = readListQuery(request, adminOrderQuerySchema);
  return { ...(await loaderCall(servicesOf(context).adminOrders.list(query))), failure };
}

/** /admin/orders: orders by status, search and dates (issue 10 orders management). */
export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  return <OrdersList {...loaderData} orderHref={adminPaths.order} />;
}

export { AdminPageError as ErrorBoundary };
