import { cartSchema, type Cart } from '@shop/core';
import { api } from '../../../lib/api-client';

/** The signed-in shopper's cart: lines with the server's prices, the summary and the item count. */
export const getCart = async (): Promise<Cart> => cartSchema.parse(await api.get('/api/user/product/fetchUserCarts'));
