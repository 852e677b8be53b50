import type { OrderCreditNote, OrderDetail, PublicUser, Seller, ShopSettings } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { get, settled } from '../lib/action-test-kit';
import { loader } from './invoice.order';

const ORDER_ID = '8b6f1f4e-2a51-4c1e-9d0b-6a1c2e3f4a5b';
const asha = { _id: 'u1' } as PublicUser;

/** A paid order of two kurtis and a dupatta: one kurti sent back and refunded (₹1,000 of ₹2,500), the rest kept. */
const partlyRefunded = {
  _id: ORDER_ID,
  status: 'refunded',
  cancelReason: null,
  returnReason: 'damaged',
  returnItems: [{ itemId: 'i1', quantity: 1, reason: 'damaged' }],
  refundedAmount: 100_000,
  timeline: [{ status: 'refunded', at: '2026-11-25T09:00:00.000Z', note: '' }],
  orderNumber: 'ORD-2611-000042',
  invoiceNumber: 'WEB/26-27/00003',
  createdAt: '2026-11-20T06:00:00.000Z',
  subtotal: 250_000,
  shipping: 0,
  discount: 0,
  discounts: [],
  codFee: 0,
  paymentMethod: 'online',
  total: 250_000,
  address: {
    name: 'Asha Rao',
    phone: '9876543210',
    street: '1 MG Road',
    city: 'Bengaluru',
    district: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
  },
  payment: { amount: 250_000, paymentDate: '2026-11-20T06:05:00.000Z' },
  items: [
    {
      itemId: 'i1',
      productName: 'Kurti',
      variantName: 'Red / M',
      hsnCode: '6211',
      quantity: 2,
      productPrice: 100_000,
      finalPrice: 100_000,
      lineTotal: 200_000,
      orderDiscount: 0,
    },
    {
      itemId: 'i2',
      productName: 'Dupatta',
      variantName: null,
      hsnCode: '6214',
      quantity: 1,
      productPrice: 50_000,
      finalPrice: 50_000,
      lineTotal: 50_000,
      orderDiscount: 0,
    },
  ],
} as unknown as OrderDetail;

/** The kurti's credit note as the server issued it (issue 43): its number, its day. */
const kurtiNote = {
  _id: 'n1',
  creditNoteNumber: 'CN/26-27/00009',
  createdAt: '2026-11-25T09:00:00.000Z',
  date: '2026-11-25',
  invoiceNumber: 'WEB/26-27/00003',
  invoiceDate: '2026-11-20T06:05:00.000Z',
  total: 100_000,
  gst: {
    placeOfSupply: 'Karnataka',
    interState: false,
    byRate: [],
    taxableValue: 95_238,
    cgst: 2_381,
    sgst: 2_381,
    igst: 0,
    totalTax: 4_762,
  },
  items: [
    {
      itemId: 'i1',
      name: 'Kurti (Red / M)',
      hsnCode: '6211',
      quantity: 1,
      rate: 5,
      amount: 100_000,
      taxableValue: 95_238,
      cgst: 2_381,
      sgst: 2_381,
      igst: 0,
    },
  ],
} as unknown as OrderCreditNote;

const load = (
  order: OrderDetail,
  query = '',
  today: Partial<ShopSettings> = { state: 'Karnataka' },
  notes: OrderCreditNote[] = order.status === 'refunded' ? [kurtiNote] : [],
) =>
  settled(() =>
    loader(
      get(`/invoice/order/${ORDER_ID}${query}`, {
        shopper: asha,
        params: { orderId: ORDER_ID },
        services: {
          orders: { getMine: async () => order, creditNotesOfMine: async () => notes },
          settings: { get: async () => today as never },
        },
      }) as never,
    ),
  );

type Paper = {
  invoices: Array<{
    number: string;
    date: string;
    total: number;
    lines: Array<{ quantity: number }>;
    credit?: { againstInvoice: string };
    gst: { interState: boolean };
  }>;
  settings: ShopSettings;
};

describe("the shopper's papers of an online order", () => {
  it('regression: after a partial refund she can still print the tax invoice of what she kept, beside the credit note', async () => {
    const invoice = await load(partlyRefunded);
    expect(invoice.status).toBe(200);
    expect((invoice.body as Paper).invoices).toEqual([expect.objectContaining({ number: 'WEB/26-27/00003', total: 250_000 })]);
    expect((invoice.body as Paper).invoices[0]!.credit).toBeUndefined();

    // Issue 43: the credit note carries its own number and the day it was issued.
    const note = (await load(partlyRefunded, '?credit=1&print=1')).body as Paper;
    expect(note.invoices).toHaveLength(1);
    expect(note.invoices[0]).toMatchObject({ number: 'CN/26-27/00009', date: '2026-11-25T09:00:00.000Z', total: 100_000 });
    expect(note.invoices[0]!.credit?.againstInvoice).toBe('WEB/26-27/00003');
    expect(note.invoices[0]!.lines.map((line) => line.quantity)).toEqual([1]);
  });

  it('has no credit note for an order neither cancelled nor refunded, and no paper before it is paid', async () => {
    const delivered = { ...partlyRefunded, status: 'delivered', refundedAmount: 0, returnItems: [], returnReason: null } as OrderDetail;
    expect(await load(delivered, '?credit=1')).toEqual({
      status: 404,
      body: { error: 'This order has no credit note: it was not cancelled or refunded.' },
    });
    expect(await load({ ...delivered, payment: null, invoiceNumber: null })).toEqual({
      status: 404,
      body: { error: 'This order has no invoice until it is paid.' },
    });
  });

  it('issue 39: shows the seller kept with the invoice, not the shop details of today, and taxes as issued', async () => {
    const issuedAs: Seller = {
      name: 'Saanjh Boutique',
      legalName: 'Saanjh Boutique LLP',
      address: 'Jayanagar, Bengaluru',
      state: 'Karnataka',
      gstin: '29ABCDE1234F1ZW',
      phone: '+91 80 4123 5678',
      email: 'hello@saanjh.example',
    };
    // Since then the shop moved to Chennai under a new GSTIN.
    const today = { name: 'Meenakshi Silks', state: 'Tamil Nadu', gstin: '33AAACH7409R1Z8', logoUrl: '/logo.svg' } as const;
    const paper = (await load({ ...partlyRefunded, seller: issuedAs }, '', today)).body as Paper;
    expect(paper.settings).toMatchObject({ ...issuedAs, logoUrl: '/logo.svg' });
    // Delivered within Karnataka, sold from Karnataka: CGST + SGST, as it was printed.
    expect(paper.invoices[0]!.gst.interState).toBe(false);
    // An order invoiced before the shop was set up kept nothing: today's details stand for it.
    expect(((await load({ ...partlyRefunded, seller: null }, '', today)).body as Paper).settings.gstin).toBe('33AAACH7409R1Z8');
  });
});
