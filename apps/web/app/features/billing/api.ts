import type { Bill, BillableItem, CreateBillInput } from '@shop/core';
import { api } from '../../lib/api-client';

/** GET /api/admin/bill/findItems: a scanned SKU (exact match first) or words of a name. */
export const findBillableItems = (q: string) =>
  api.get<{ items: BillableItem[] }>(`/api/admin/bill/findItems?q=${encodeURIComponent(q)}`).then((answer) => answer.items);

/** POST /api/admin/bill/createBill: the server prices, takes stock and numbers the invoice. */
export const createBill = (input: CreateBillInput) =>
  api.post<{ bill: Bill }>('/api/admin/bill/createBill', input, 'Could not save the bill.');

/** The printable invoice of a bill (spec §2.18). */
export const billInvoicePath = (billId: string) => `/admin/invoice/${encodeURIComponent(billId)}`;
