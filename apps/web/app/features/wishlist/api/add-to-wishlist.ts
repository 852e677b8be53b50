import type { addToWishlistSchema } from '@shop/core';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type AddToWishlistInput = z.output<typeof addToWishlistSchema>;

/** Saves a product to the signed-in shopper's wishlist (saving it twice changes nothing). */
export const addToWishlist = (input: AddToWishlistInput) => api.post('/api/user/profile/addToWishlist', input);
