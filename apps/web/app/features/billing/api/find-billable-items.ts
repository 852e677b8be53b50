import { billableItemSchema, type BillableItem } from '@shop/core';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const answer = z.object({ items: z.array(billableItemSchema) });

/**
 * GET /api/admin/bill/findItems: a scanned SKU (exact match first) or words of a name, asked as the cashier types,
 * while the counter's page stays.
 */
export const findBillableItems = async (q: string): Promise<BillableItem[]> =>
  answer.parse(await api.get(`/api/admin/bill/findItems?q=${encodeURIComponent(q)}`)).items;
