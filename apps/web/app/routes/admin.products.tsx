import { AdminPageError } from '../features/admin/admin-error';
import { ProductsList } from '../features/admin-products/products-list';
import type { Route } from './+types/admin.products';
import { privatePageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Products · Admin Panel', matches);

/** /admin/products: the catalogue with filters in the URL, new product, archive and CSV (issue 10). */
export default function AdminProductsPage() {
  return <ProductsList />;
}

export { AdminPageError as ErrorBoundary };
