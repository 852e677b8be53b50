import { wishlistEntrySchema, type WishlistEntry } from '@shop/core';
import { useCallback } from 'react';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useApiData } from '../../../lib/use-api-data';
import { removeFromWishlist } from './remove-from-wishlist';

const answer = z.object({ wishlist: z.array(wishlistEntrySchema) });

/** The saved products, newest first. */
export const getWishlist = async (): Promise<WishlistEntry[]> => answer.parse(await api.get('/api/user/profile/getMyWishlist')).wishlist;

/** The wishlist, loaded after the page shows, with a remove that refreshes it. */
export function useWishlist() {
  const state = useApiData(getWishlist);
  const { reload } = state;
  const remove = useCallback(
    async (productId: string) => {
      await removeFromWishlist(productId);
      await reload();
    },
    [reload],
  );
  return { items: state.data ?? [], loading: state.loading, error: state.error, remove };
}
