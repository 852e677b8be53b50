import { addToCartSchema, cartSchema, type AddToCartInput, type Cart } from '@shop/core';
import { api } from '../../../lib/api-client';

export { addToCartSchema };

/** Adds pieces to the signed-in shopper's cart (to the line of the same product and variant if there is one). */
export const addToCart = async (input: AddToCartInput): Promise<Cart> =>
  cartSchema.parse(await api.post('/api/user/product/addToCart', input));
