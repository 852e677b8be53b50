import { AdminPageError } from '../features/admin/admin-error';
import { ProductsList } from '../features/admin-products/products-list';
import type { Route } from './+types/admin.products';

export const meta: Route.MetaFunction = () => [{ title: 'Products · Admin Panel' }, { name: 'robots', content: 'noindex' }];

/** /admin/products: the catalogue with filters in the URL, new product, archive and CSV (issue 10). */
export default function AdminProductsPage() {
  return <ProductsList />;
}

export { AdminPageError as ErrorBoundary };
