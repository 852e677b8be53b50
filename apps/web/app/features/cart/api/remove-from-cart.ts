import { cartSchema, removeFromCartSchema, type Cart } from '@shop/core';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export { removeFromCartSchema };
export type RemoveFromCartInput = z.output<typeof removeFromCartSchema>;

/** Removes a line; the spec's DELETE carries the line in its body. */
export const removeFromCart = async (input: RemoveFromCartInput): Promise<Cart> =>
  cartSchema.parse(await apiRequest('DELETE', '/api/user/product/removeFromCart', { body: input }));
