import { createPaymentSchema, type CreatePaymentInput } from '@shop/core';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export { createPaymentSchema };

const answer = z.object({
  razorpay: z.object({ amount: z.number().int(), currency: z.string(), id: z.string() }),
  orderId: z.string(),
  orderNumber: z.string(),
  keyId: z.string(),
});
export type CreatedPayment = z.infer<typeof answer>;

/**
 * Places the order for the chosen cart lines (priced and reserved on the server; `amount` is only what the
 * page showed) and opens a Razorpay order for its total.
 */
export const createPayment = async (input: CreatePaymentInput): Promise<CreatedPayment> =>
  answer.parse(await api.post('/api/user/payment/createpayment', input, 'Payment failed to initiate'));
