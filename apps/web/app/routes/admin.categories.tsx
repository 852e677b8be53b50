import { servicesOf } from '../context';
import { AdminPageError } from '../features/admin/admin-error';
import { withCataloguePost } from '../features/admin-products/catalogue-actions.server';
import { CategoriesList } from '../features/admin-products/categories-list';
import { categoriesAction } from '../features/admin-products/category-actions.server';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.categories';

/** Every category with its product count (any status) and sub-categories. */
export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await loaderCall(servicesOf(context).adminCategories.list()) };
}

/** Create, update and delete (features/admin-products/category-actions.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return withCataloguePost(request, context, categoriesAction);
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Categories · Admin Panel', matches);

/** /admin/categories: create, rename, style, HSN code; delete only when empty. */
export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  return <CategoriesList categories={loaderData.categories} />;
}

export { AdminPageError as ErrorBoundary };
