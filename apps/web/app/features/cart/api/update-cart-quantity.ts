import { cartSchema, updateCartQuantitySchema, type Cart } from '@shop/core';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export { updateCartQuantitySchema };
export type UpdateCartQuantityInput = z.output<typeof updateCartQuantitySchema>;

/** Sets a line's quantity; a quantity beyond the stock is refused with 'Only N left' (409). */
export const updateCartQuantity = async (input: UpdateCartQuantityInput): Promise<Cart> =>
  cartSchema.parse(await api.put('/api/user/product/updateCartQuantity', input));
