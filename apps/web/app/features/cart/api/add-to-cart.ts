import type { AddToCartInput, Cart } from '@shop/core';
import { api } from '../../../lib/api-client';

// Typed, not parsed (see get-me.ts): Add to Cart is on every product card, and should not load zod.

/** Adds pieces to the signed-in shopper's cart (to the line of the same product and variant if there is one). */
export const addToCart = async (input: AddToCartInput): Promise<Cart> => api.post<Cart>('/api/user/product/addToCart', input);
