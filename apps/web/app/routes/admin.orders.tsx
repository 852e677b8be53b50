import { AdminPageError } from '../features/admin/admin-error';
import { OrdersList } from '../features/admin-orders/orders-list';
import type { Route } from './+types/admin.orders';
import { privatePageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Orders · Admin Panel', matches);

/** /admin/orders: orders by status, search and dates (issue 10 orders management). */
export default function AdminOrdersPage() {
  return <OrdersList />;
}

export { AdminPageError as ErrorBoundary };
