import { adminProductQuerySchema } from '@shop/core';
import { adminOf, servicesOf } from '../context';
import { AdminPageError } from '../features/admin/admin-error';
import { productsListAction, withCataloguePost } from '../features/admin-products/catalogue-actions.server';
import type { ImportAnswer } from '../features/admin-products/csv-tools';
import { ProductsList } from '../features/admin-products/products-list';
import { readListQuery } from '../lib/list-query';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.products';

/** The catalogue, any status: search, category, status and sort from the URL, 50 a page; the categories for the filter and the new-product form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, failure } = readListQuery(request, adminProductQuerySchema);
  const services = servicesOf(context);
  const [page, categories] = await Promise.all([
    loaderCall(services.adminProducts.list(query)),
    loaderCall(services.adminCategories.list()),
  ]);
  return { ...page, categories, failure, canExport: adminOf(context).role === 'owner' };
}

/** New product, archive, CSV import (features/admin-products/catalogue-actions.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return withCataloguePost(request, context, productsListAction);
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Products · Admin Panel', matches);

/** /admin/products: the catalogue with filters in the URL, new product, archive and CSV (issue 10). */
export default function AdminProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const importAnswer = actionData && 'intent' in actionData && actionData.intent === 'import' ? (actionData as ImportAnswer) : null;
  return <ProductsList data={loaderData} importAnswer={importAnswer} />;
}

export { AdminPageError as ErrorBoundary };
