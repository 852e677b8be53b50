import { orderDetailSchema, requestReturnSchema, type OrderDetail, type RequestReturnInput } from '@shop/core';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export { requestReturnSchema };

const answer = z.object({ order: orderDetailSchema });

/** Reports damaged, defective, wrong or missing items within 48 hours of delivery. Answers the order as it is now. */
export const requestReturn = async (orderId: string, input: RequestReturnInput): Promise<OrderDetail> =>
  answer.parse(await api.post(`/api/user/order/requestReturn/${encodeURIComponent(orderId)}`, input)).order;
