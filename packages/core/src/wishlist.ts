import { z } from 'zod';
import { productCardSchema } from './catalogue.js';

export const addToWishlistSchema = z.object({ productId: z.uuid('Please give a valid product id.') });

/** A saved product, with its card while it is for sale (null once it is archived or back to draft). */
export const wishlistEntrySchema = z.object({ productId: z.string(), addedAt: z.string(), product: productCardSchema.nullable() });
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;
