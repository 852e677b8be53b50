import { createPaymentSchema, createdPaymentSchema, type CreatePaymentInput, type CreatedPayment } from '@shop/core';
import { api } from '../../../lib/api-client';

export { createPaymentSchema, type CreatedPayment };

/**
 * Places the order for the chosen cart lines (priced and reserved on the server; `amount` is only what the
 * page showed) and opens a Razorpay order for its total (online; cash on delivery is the page's own form post).
 */
export const createPayment = async (input: CreatePaymentInput): Promise<CreatedPayment> =>
  createdPaymentSchema.parse(await api.post('/api/user/payment/createpayment', input, 'Payment failed to initiate'));
