import type { WishlistEntry } from '@shop/core';
import { useCallback } from 'react';
import { api } from '../../lib/api-client';
import { useApiData } from '../../lib/use-api-data';

/** Adds a product to the signed-in shopper's wishlist (adding it twice changes nothing). */
export const addToWishlist = (productId: string) => api.post('/api/user/profile/addToWishlist', { productId });

export const removeFromWishlist = (productId: string) =>
  api.delete(`/api/user/profile/removeFromWishlist/${encodeURIComponent(productId)}`);

export const fetchWishlist = async () => (await api.get<{ wishlist: WishlistEntry[] }>('/api/user/profile/getMyWishlist')).wishlist;

/** The wishlist with add and remove that refresh it; for the wishlist page and product cards. */
export function useWishlist() {
  const state = useApiData(fetchWishlist);
  const { reload } = state;
  const add = useCallback(
    async (productId: string) => {
      await addToWishlist(productId);
      await reload();
    },
    [reload],
  );
  const remove = useCallback(
    async (productId: string) => {
      await removeFromWishlist(productId);
      await reload();
    },
    [reload],
  );
  return { items: state.data ?? [], loading: state.loading, error: state.error, add, remove, reload };
}
