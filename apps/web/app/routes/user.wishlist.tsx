import { AppError, isUuid, type WishlistEntry } from '@shop/core';
import { Heart } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useFetcher } from 'react-router';
import { Enhanced } from '../components/enhanced';
import { useAnswerToast } from '../components/flash-message';
import { paths } from '../config/paths';
import { pageOf, signedInShopper } from '../context';
import { UserPage } from '../features/accounts/user-page';
import { Price } from '../features/catalogue/price';
import { ProductImage } from '../features/catalogue/product-image';
import { rememberSaved } from '../features/wishlist/saved-products';
import { buttonCall } from '../lib/button-action.server';
import { formText } from '../lib/form-data';
import { backTo } from '../lib/flash.server';
import { formatDate } from '../lib/order-format';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/user.wishlist';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('My Wishlist', matches);

export async function loader({ context }: Route.LoaderArgs) {
  const userId = signedInShopper(context)._id;
  return { userId, wishlist: await loaderCall(pageOf(context).services.wishlist.list(userId)) };
}

/** A row's 'Remove': takes the product of `productId` off the shopper's wishlist. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const productId = formText(form, 'productId');
  return buttonCall(
    form,
    backTo(request, form, paths.userWishlist),
    async () => {
      if (!isUuid(productId)) throw new AppError('NOT_FOUND', 'This product is not in your wishlist.');
      await pageOf(context).services.wishlist.remove(signedInShopper(context)._id, productId);
    },
    'Removed from your wishlist.',
  );
}

/** 'Remove': a form post of its own (works without scripts), toasted when they run; the hearts elsewhere follow. */
function RemoveButton({ item, userId }: { item: WishlistEntry; userId: string }) {
  const fetcher = useFetcher<typeof action>();
  useAnswerToast(fetcher.data, { failures: true });
  useEffect(() => {
    if (fetcher.data?.ok) rememberSaved(userId, item.productId, false);
  }, [fetcher.data, userId, item.productId]);
  return (
    <fetcher.Form method="post">
      <Enhanced />
      <input type="hidden" name="productId" value={item.productId} />
      <button
        type="submit"
        className="btn min-h-10 whitespace-nowrap px-4 text-wine-700 hover:bg-wine-50"
        aria-label={`Remove ${item.product?.productName ?? 'this product'}`}
        disabled={fetcher.state !== 'idle'}
      >
        Remove
      </button>
    </fetcher.Form>
  );
}

/** My Wishlist: saved products with photo and price, newest first. */
export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { wishlist, userId } = loaderData;
  return (
    <UserPage title="My Wishlist">
      {wishlist.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center">
          <Heart aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
          <p className="mt-3 font-semibold">Your wishlist is empty.</p>
          <p className="mt-1 text-sm text-muted">Tap the heart on a product to keep it here.</p>
          <Link to={paths.filter} className="btn btn-primary mt-6">
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
          {wishlist.map((item) => (
            // Phones: photo, then name (two lines at most), price on one line and the buttons under them; wider
            // screens put the buttons at the end of the row.
            <li
              key={item.productId}
              className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 px-4 py-4 sm:grid-cols-[5rem_minmax(0,1fr)_auto] sm:items-center sm:px-5"
            >
              <div className="row-span-2 overflow-hidden rounded-lg sm:row-span-1">
                <ProductImage image={item.product?.image ?? null} alt={item.product?.productName ?? 'Product'} sizes="80px" />
              </div>
              <div className="min-w-0">
                <p className="line-clamp-2 font-semibold leading-snug">{item.product?.productName ?? 'No longer available'}</p>
                {item.product && (
                  <div className="mt-1 whitespace-nowrap">
                    <Price selling={item.product.sellingPrice} mrp={item.product.productPrice} discount={item.product.productDiscount} />
                  </div>
                )}
                <p className="text-xs text-muted">
                  Added {formatDate(item.addedAt)}
                  {item.product && !item.product.inStock ? ' · Out of stock' : ''}
                </p>
              </div>
              <div className="col-start-2 flex gap-2 sm:col-start-3">
                {item.product && (
                  <Link to={paths.product(item.productId)} className="btn btn-outline min-h-10 whitespace-nowrap px-4">
                    Open product
                  </Link>
                )}
                <RemoveButton item={item} userId={userId} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </UserPage>
  );
}
