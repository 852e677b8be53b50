import type { Bill } from '@shop/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from '../idempotency-key';
import { createBill } from './create-bill';

afterEach(() => vi.unstubAllGlobals());

const GST = { placeOfSupply: 'Karnataka', interState: false, byRate: [], taxableValue: 0, cgst: 0, sgst: 0, igst: 0, totalTax: 0 };
const bill: Bill = {
  _id: 'b1',
  invoiceNumber: 'INV/26-27/00001',
  customerName: '',
  customerPhone: '',
  createdAt: '2026-11-20T06:30:00.000Z',
  discount: 0,
  subtotal: 15_000,
  discountAmount: 0,
  lineDiscountAmount: 0,
  percentDiscountAmount: 0,
  discountFlat: 0,
  roundOff: 0,
  totalPrice: 15_000,
  items: [],
  gst: GST,
  payments: [],
  createdBy: 'Ravi Kumar <ravi@example.in>',
  status: 'paid',
  voidedAt: null,
  voidReason: null,
  voidedBy: null,
  creditNotes: [],
  seller: null,
  buyerGstin: null,
  buyerName: null,
  buyerState: null,
};

describe('createBill (issue 38: a retried bill was saved twice)', () => {
  it('sends the bill’s Idempotency-Key, the same one on a retry', async () => {
    const fetch = vi
      .fn<(path: string, init: RequestInit) => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('network timeout'))
      .mockResolvedValue(new Response(JSON.stringify({ success: true, data: { bill } })));
    vi.stubGlobal('fetch', fetch);
    const input = { items: [{ name: 'Alteration', price: 15_000, quantity: 1 }] };
    const key = newIdempotencyKey();
    await expect(createBill(input, key)).rejects.toThrow();
    await expect(createBill(input, key)).resolves.toEqual(bill);
    for (const [path, init] of fetch.mock.calls) {
      expect(path).toBe('/api/admin/bill/createBill');
      expect(init.headers).toMatchObject({ 'Idempotency-Key': key, 'content-type': 'application/json' });
    }
  });
});

describe('newIdempotencyKey', () => {
  it('draws 128 random bits as 32 hex digits, from getRandomValues (randomUUID needs https)', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
