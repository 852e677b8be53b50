import { privatePageMeta } from '../lib/meta';
import { Heart } from 'lucide-react';
import { Link, useRouteLoaderData } from 'react-router';
import { toast } from '../lib/toast';
import { paths } from '../config/paths';
import { PageState, UserPage } from '../features/accounts/user-page';
import { useWishlist } from '../features/wishlist/api/get-wishlist';
import { errorMessage } from '../lib/api-client';
import { Price } from '../features/catalogue/price';
import { ProductImage } from '../features/catalogue/product-image';
import { rememberSaved } from '../features/wishlist/saved-products';
import type { RootLoaderData } from '../root';
import type { Route } from './+types/user.wishlist';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('My Wishlist', matches);

const addedOn = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** My Wishlist: saved products with photo and price, newest first. */
export default function WishlistPage() {
  const wishlist = useWishlist();
  const userId = useRouteLoaderData<RootLoaderData>('root')?.user?._id;
  const remove = async (productId: string) => {
    try {
      await wishlist.remove(productId);
      if (userId) rememberSaved(userId, productId, false);
      toast.success('Removed from your wishlist.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <UserPage title="My Wishlist">
      <PageState
        loading={wishlist.loading}
        error={wishlist.error}
        empty={
          wishlist.items.length === 0 && (
            <>
              <Heart aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
              <p className="mt-3 font-semibold">Your wishlist is empty.</p>
              <p className="mt-1 text-sm text-muted">Tap the heart on a product to keep it here.</p>
              <Link to={paths.filter} className="btn btn-primary mt-6">
                Browse products
              </Link>
            </>
          )
        }
      >
        <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
          {wishlist.items.map((item) => (
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
                  Added {addedOn.format(new Date(item.addedAt))}
                  {item.product && !item.product.inStock ? ' · Out of stock' : ''}
                </p>
              </div>
              <div className="col-start-2 flex gap-2 sm:col-start-3">
                {item.product && (
                  <Link to={paths.product(item.productId)} className="btn btn-outline min-h-10 whitespace-nowrap px-4">
                    Open product
                  </Link>
                )}
                <button
                  type="button"
                  className="btn min-h-10 whitespace-nowrap px-4 text-wine-700 hover:bg-wine-50"
                  onClick={() => void remove(item.productId)}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      </PageState>
    </UserPage>
  );
}
