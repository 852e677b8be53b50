import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { paths } from '../config/paths';
import { PageState, UserPage } from '../features/accounts/user-page';
import { useWishlist } from '../features/wishlist/wishlist-api';
import { errorMessage } from '../lib/api-client';

const addedOn = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** My Wishlist. Until the catalogue lands it knows only product ids; names and images join in then. */
export default function WishlistPage() {
  const wishlist = useWishlist();
  const remove = async (productId: string) => {
    try {
      await wishlist.remove(productId);
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
          {wishlist.items.map((item, position) => (
            <li key={item.productId} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
              <div className="min-w-0">
                <p className="font-semibold">Saved product {position + 1}</p>
                <p className="truncate text-xs text-muted">
                  Added {addedOn.format(new Date(item.addedAt))} · <span className="font-mono">{item.productId}</span>
                </p>
              </div>
              <div className="flex gap-2">
                <Link to={paths.product(item.productId)} className="btn btn-outline">
                  Open product
                </Link>
                <button type="button" className="btn text-wine-700 hover:bg-wine-50" onClick={() => void remove(item.productId)}>
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
