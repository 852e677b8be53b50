import { AdminPageError } from '../features/admin/admin-error';
import { OrderDetailView } from '../features/admin-orders/order-detail';
import type { Route } from './+types/admin.order';
import { privatePageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Order · Admin Panel', matches);

/** /admin/orders/{orderId}: items, address, payment, timeline, the next moves and the packing slip. */
export default function AdminOrderPage({ params }: Route.ComponentProps) {
  return <OrderDetailView key={params.orderId} orderId={params.orderId} />;
}

export { AdminPageError as ErrorBoundary };
