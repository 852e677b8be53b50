import { z } from 'zod';
import { productCardSchema } from './catalogue.js';

export const addToWishlistSchema = z.object({ productId: z.uuid('Please give a valid product id.') });

/**
 * POST /api/user/profile/moveWishlistToCart (one piece of the chosen variant into the bag, the product off the
 * wishlist) and POST /api/user/product/moveCartToWishlist (the line out of the bag, the product onto the wishlist).
 */
export const moveBetweenCartAndWishlistSchema = z.object({
  productId: z.uuid('productId must be a product id'),
  variantId: z.uuid('variantId must be a variant id').optional(),
});
export type MoveBetweenCartAndWishlistInput = z.infer<typeof moveBetweenCartAndWishlistSchema>;

/** A saved product, with its card while it is for sale (null once it is archived or back to draft). */
export const wishlistEntrySchema = z.object({ productId: z.string(), addedAt: z.string(), product: productCardSchema.nullable() });
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;
