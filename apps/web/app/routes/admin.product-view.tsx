import { AdminPageError } from '../features/admin/admin-error';
import { ProductView } from '../features/admin-products/product-view';
import type { Route } from './+types/admin.product-view';
import { privatePageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Product · Admin Panel', matches);

/** Spec §2.14: /admin/productView/{productId}, the product's details, images and variants. */
export default function AdminProductViewPage({ params }: Route.ComponentProps) {
  // The key starts afresh when another product opens in the same page.
  return <ProductView key={params.productId} productId={params.productId} />;
}

export { AdminPageError as ErrorBoundary };
