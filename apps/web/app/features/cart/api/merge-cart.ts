import { cappedLineSchema, cartSchema, type GuestCartLine } from '@shop/core';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const answer = cartSchema.extend({ capped: z.array(cappedLineSchema) });
export type MergedCart = z.infer<typeof answer>;

/** Adds the cart kept in the browser while signed out to the account's; answers the cart and the capped lines. */
export const mergeCart = async (lines: GuestCartLine[]): Promise<MergedCart> =>
  answer.parse(await api.post('/api/user/product/mergeCart', { lines }));
