import { AdminPageError } from '../features/admin/admin-error';
import { OrdersList } from '../features/admin-orders/orders-list';
import type { Route } from './+types/admin.orders';

export const meta: Route.MetaFunction = () => [{ title: 'Orders · Admin Panel' }, { name: 'robots', content: 'noindex' }];

/** /admin/orders: orders by status, search and dates (issue 10 orders management). */
export default function AdminOrdersPage() {
  return <OrdersList />;
}

export { AdminPageError as ErrorBoundary };
