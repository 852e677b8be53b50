import type { ProductCard } from '@shop/core';
import { Heart } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useFetcher, useLocation, useRouteLoaderData } from 'react-router';
import { Enhanced } from '../../components/enhanced';
import { useAnswerToast } from '../../components/flash-message';
import { loginThenReturnTo } from '../../config/paths';
import type { RootLoaderData } from '../../root';
import { rememberSaved, useIsSaved } from './saved-products';

/** Where the hearts post (routes/wishlist-actions.ts). */
const wishlistActions = { add: '/wishlist/add', remove: '/wishlist/remove' } as const;

/**
 * 'Add to Wishlist': a form that saves the product for a signed-in shopper, or removes it when it is saved (the
 * heart fills), posted to the wishlist's actions; with scripts the page stays and the heart changes at once,
 * without them the page comes back with the message. A signed-out visitor is sent to log in and comes back to
 * this page with the product saved. `compact` is the heart on product cards.
 */
export function WishlistButton({ productId, productName, compact = false }: { productId: string; productName: string; compact?: boolean }) {
  const user = useRouteLoaderData<RootLoaderData>('root')?.user;
  const location = useLocation();
  const fetcher = useFetcher<{ ok: boolean; saved?: boolean }>();
  useAnswerToast(fetcher.data, { failures: true });
  const savedNow = useIsSaved(productId);
  // While the change is saved, the heart already shows it.
  const pending = fetcher.state !== 'idle' && fetcher.formAction ? fetcher.formAction.endsWith(wishlistActions.add) : undefined;
  const saved = pending ?? savedNow;
  const answered = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    // Every other heart of this product, on this page and the next, agrees.
    if (user && answered?.ok && answered.saved !== undefined) rememberSaved(user._id, productId, answered.saved);
  }, [answered, user, productId]);

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
      // Her tap is carried through the login: once she is in, the product is saved and she is back here.
      <Link to={loginThenReturnTo(`${location.pathname}${location.search}`, productId)} className={className}>
        {content}
      </Link>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={saved ? wishlistActions.remove : wishlistActions.add}
      className={compact ? 'relative z-10' : 'flex flex-1'}
      onSubmit={(event) => fetcher.state !== 'idle' && event.preventDefault()}
    >
      <input type="hidden" name="productId" value={productId} />
      <Enhanced />
      <button
        type="submit"
        className={className}
        aria-pressed={saved}
        aria-disabled={fetcher.state !== 'idle'}
        title={saved ? 'Remove from your wishlist' : undefined}
      >
        {content}
      </button>
    </fetcher.Form>
  );
}

/** The heart in a product card's corner: routes hand it to the catalogue's grids (see CardAction). */
export const wishlistHeart = (product: Pick<ProductCard, '_id' | 'productName'>) => (
  <WishlistButton productId={product._id} productName={product.productName} compact />
);
