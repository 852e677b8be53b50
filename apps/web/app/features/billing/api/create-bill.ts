import { billSchema, createBillSchema, IDEMPOTENCY_KEY_HEADER, type Bill, type CreateBillInput } from '@shop/core';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export { createBillSchema };

const answer = z.object({ bill: billSchema });

/**
 * POST /api/admin/bill/createBill: the server prices the catalogue lines, takes the stock and numbers the invoice;
 * the counter stays on its page for the next customer. `idempotencyKey` is the bill's own (one per bill, sent again
 * on a retry): a retry after a timeout answers the bill the first try saved instead of saving it twice.
 */
export const createBill = async (input: CreateBillInput, idempotencyKey: string): Promise<Bill> =>
  answer.parse(
    await apiRequest('POST', '/api/admin/bill/createBill', {
      body: input,
      fallback: 'Could not save the bill.',
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    }),
  ).bill;
