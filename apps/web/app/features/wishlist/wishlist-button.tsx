import type { ProductCard } from '@shop/core';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useRouteLoaderData } from 'react-router';
import { toast } from '../../lib/toast';
import { loginThenReturnTo } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import type { RootLoaderData } from '../../root';
import { addToWishlist } from './api/add-to-wishlist';
import { removeFromWishlist } from './api/remove-from-wishlist';
import { rememberSaved, useIsSaved } from './saved-products';

/**
 * 'Add to Wishlist': saves the product for a signed-in shopper, and shows and toggles the saved state on
 * every page (the heart fills; pressing again removes). A signed-out visitor is sent to log in and comes
 * back to this page. `compact` is the heart on product cards.
 */
export function WishlistButton({ productId, productName, compact = false }: { productId: string; productName: string; compact?: boolean }) {
  const user = useRouteLoaderData<RootLoaderData>('root')?.user;
  const location = useLocation();
  const saved = useIsSaved(productId);
  const [busy, setBusy] = useState(false);
  const label = saved ? 'In your wishlist' : 'Add to Wishlist';
  const className = compact
    ? 'relative z-10 flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-wine-700 shadow-sm hover:bg-white'
    : 'btn btn-outline flex-1';
  const content = (
    <>
      <Heart aria-hidden="true" className={`h-4 w-4 ${saved ? 'fill-wine-700' : ''}`} />
      {compact ? <span className="sr-only">{`${label}: ${productName}`}</span> : label}
    </>
  );

  if (!user) {
    return (
      <Link to={loginThenReturnTo(`${location.pathname}${location.search}`)} className={className}>
        {content}
      </Link>
    );
  }
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    const next = !saved;
    rememberSaved(user._id, productId, next);
    try {
      if (next) await addToWishlist({ productId });
      else await removeFromWishlist(productId);
      toast.success(next ? 'Added to your wishlist.' : 'Removed from your wishlist.');
    } catch (error) {
      rememberSaved(user._id, productId, !next);
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={className}
      onClick={() => void toggle()}
      aria-pressed={saved}
      aria-disabled={busy}
      title={saved ? 'Remove from your wishlist' : undefined}
    >
      {content}
    </button>
  );
}

/** The heart in a product card's corner: routes hand it to the catalogue's grids (see CardAction). */
export const wishlistHeart = (product: Pick<ProductCard, '_id' | 'productName'>) => (
  <WishlistButton productId={product._id} productName={product.productName} compact />
);
