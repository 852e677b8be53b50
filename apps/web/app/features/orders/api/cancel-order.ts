import { cancelOrderSchema, orderDetailSchema, type OrderDetail } from '@shop/core';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export { cancelOrderSchema };
export type CancelOrderInput = z.input<typeof cancelOrderSchema>;

const answer = z.object({ order: orderDetailSchema });

/** Cancels an order before it ships; a paid one is refunded in full. Answers the order as it is now. */
export const cancelOrder = async (orderId: string, input: CancelOrderInput): Promise<OrderDetail> =>
  answer.parse(await api.post(`/api/user/order/cancelOrder/${encodeURIComponent(orderId)}`, input)).order;
