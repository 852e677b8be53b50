import type { AdminOrderDetail, OrderCreditNote } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { get, settled } from '../lib/action-test-kit';
import { STAFF } from '../features/admin/admin-test-kit';
import { loader } from './admin.order-invoice';

const ORDER_ID = '8b6f1f4e-2a51-4c1e-9d0b-6a1c2e3f4a5b';

const order = (paid: boolean, status = 'delivered') =>
  ({
    _id: ORDER_ID,
    status,
    cancelReason: status === 'cancelled' ? 'Ordered twice' : null,
    returnItems: [],
    timeline: [{ status, at: '2026-11-22T09:00:00.000Z', note: '' }],
    orderNumber: 'ORD-2611-000042',
    invoiceNumber: paid ? 'WEB/26-27/00003' : null,
    createdAt: '2026-11-20T06:00:00.000Z',
    subtotal: 200_000,
    shipping: 0,
    discount: 0,
    discounts: [],
    codFee: 0,
    paymentMethod: 'online',
    total: 200_000,
    address: {
      name: 'Asha Rao',
      phone: '9876543210',
      street: '1 Park St',
      city: 'Kolkata',
      district: 'Kolkata',
      state: 'Karnataka',
      pincode: '560001',
    },
    payment: paid ? { paymentDate: '2026-11-20T06:05:00.000Z' } : null,
    items: [
      {
        productName: 'Silk saree',
        variantName: null,
        hsnCode: '5007',
        quantity: 1,
        productPrice: 200_000,
        finalPrice: 200_000,
        lineTotal: 200_000,
        orderDiscount: 0,
      },
    ],
  }) as unknown as AdminOrderDetail;

/** The cancellation's credit note as the server issued it (issue 43): its own number and day. */
const cancellationNote = {
  _id: 'n1',
  creditNoteNumber: 'CN/26-27/00012',
  createdAt: '2026-11-22T09:00:00.000Z',
  date: '2026-11-22',
  invoiceNumber: 'WEB/26-27/00003',
  invoiceDate: '2026-11-20T06:05:00.000Z',
  total: 200_000,
  gst: {
    placeOfSupply: 'Karnataka',
    interState: false,
    byRate: [],
    taxableValue: 190_476,
    cgst: 4_762,
    sgst: 4_762,
    igst: 0,
    totalTax: 9_524,
  },
  items: [
    {
      itemId: 'i1',
      name: 'Silk saree',
      hsnCode: '5007',
      quantity: 1,
      rate: 5,
      amount: 200_000,
      taxableValue: 190_476,
      cgst: 4_762,
      sgst: 4_762,
      igst: 0,
    },
  ],
} as unknown as OrderCreditNote;

const load = (paid: boolean, { status = 'delivered', query = '' } = {}) =>
  settled(() =>
    loader(
      get(`/admin/orderInvoice/${ORDER_ID}${query}`, {
        admin: STAFF,
        params: { orderId: ORDER_ID },
        services: {
          adminOrders: {
            detail: async () => order(paid, status),
            creditNotes: async () => (paid && status === 'cancelled' ? [cancellationNote] : []),
          },
          settings: { get: async () => ({ state: 'Karnataka' }) as never },
        },
      }) as never,
    ),
  );

describe("the back-office's tax invoice of an online order (issue 26)", () => {
  it('is numbered in the online series and taxes each line by its HSN', async () => {
    const answer = await load(true);
    expect(answer.status).toBe(200);
    const [invoice] = (answer.body as { invoices: Array<{ number: string; lines: Array<{ rate: number }> }> }).invoices;
    expect(invoice!.number).toBe('WEB/26-27/00003');
    expect(invoice!.lines[0]!.rate).toBe(5);
  });

  it('stays the tax invoice after a cancel; the credit note against it is ?credit=1, only for a cancelled or refunded order', async () => {
    const invoice = (answer: { body?: unknown }) =>
      (answer.body as { invoices: Array<{ number: string; total: number; date: string; credit?: object }> }).invoices[0]!;
    expect(invoice(await load(true, { status: 'cancelled' })).credit).toBeUndefined();
    const note = invoice(await load(true, { status: 'cancelled', query: '?credit=1&print=1' }));
    // Issue 43: its own number in the CN series, dated the day it was issued.
    expect(note).toMatchObject({
      number: 'CN/26-27/00012',
      total: 200_000,
      date: '2026-11-22T09:00:00.000Z',
      credit: { againstInvoice: 'WEB/26-27/00003', invoiceDate: '2026-11-20T06:05:00.000Z' },
    });
    expect(await load(true, { query: '?credit=1' })).toEqual({
      status: 404,
      body: { error: 'This order has no credit note: it was not cancelled or refunded.' },
    });
  });

  it('is not found for an order not paid', async () => {
    expect(await load(false)).toEqual({ status: 404, body: { error: 'This order has no invoice until it is paid.' } });
  });
});
