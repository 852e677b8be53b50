import { orderDetailSchema, orderProductSchema, paymentRecordSchema, verifyPaymentSchema, type VerifyPaymentInput } from '@shop/core';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export { verifyPaymentSchema };

const answer = z.object({ payment: paymentRecordSchema, order: orderDetailSchema, products: z.array(orderProductSchema) });
export type VerifiedPayment = z.infer<typeof answer>;

/** Hands Razorpay Checkout's signed answer to the server, which marks the order paid (repeats answer the same). */
export const verifyPayment = async (input: VerifyPaymentInput): Promise<VerifiedPayment> =>
  answer.parse(await api.post('/api/user/payment/verifyPayment', input));
