import { isUuid } from '@shop/core';
import { data } from 'react-router';
import { servicesOf } from '../context';
import { AdminPageError } from '../features/admin/admin-error';
import { productViewAction, withCataloguePost } from '../features/admin-products/catalogue-actions.server';
import { ProductView } from '../features/admin-products/product-view';
import { stockHistoryOf } from '../features/admin-products/stock-history.server';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/admin.product-view';

const notFound = () => data({ error: 'Product not found' }, { status: 404 });

/** The product with its photos and variants, the categories for its form, and `?history=<id>`'s stock changes. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isUuid(params.productId)) throw notFound();
  const services = servicesOf(context);
  const [product, categories] = await Promise.all([
    loaderCall(services.adminProducts.detail(params.productId)),
    loaderCall(services.adminCategories.list()),
  ]);
  const history = await loaderCall(stockHistoryOf(services.inventory, product, new URL(request.url).searchParams.get('history')));
  return { product, categories, history };
}

/** The product's fields, its variants and its photos (features/admin-products/catalogue-actions.server.ts). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isUuid(params.productId)) throw notFound();
  return withCataloguePost(request, context, (post) => productViewAction(post, params.productId));
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Product · Admin Panel', matches);

/** Spec §2.14: /admin/productView/{productId}, the product's details, images and variants. */
export default function AdminProductViewPage({ loaderData }: Route.ComponentProps) {
  // The key starts afresh when another product opens in the same page.
  return <ProductView key={loaderData.product._id} data={loaderData} />;
}

export { AdminPageError as ErrorBoundary };
