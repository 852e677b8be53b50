import { billSchema, createBillSchema, type Bill, type CreateBillInput } from '@shop/core';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export { createBillSchema };

const answer = z.object({ bill: billSchema });

/**
 * POST /api/admin/bill/createBill: the server prices the catalogue lines, takes the stock and numbers the invoice;
 * the counter stays on its page for the next customer.
 */
export const createBill = async (input: CreateBillInput): Promise<Bill> =>
  answer.parse(await api.post('/api/admin/bill/createBill', input, 'Could not save the bill.')).bill;
