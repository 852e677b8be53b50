import type { OrderCreditNote, OrderDetail } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { invoiceOfCreditNote, invoiceOfOrder, invoicePageOptions, isCreditedOrder } from './invoice-model';

const SELLER = {
  name: 'Zari Boutique',
  legalName: 'Zari Boutique LLP',
  address: '1 MG Road, Bengaluru',
  state: 'Karnataka',
  gstin: '29ABCDE1234F1ZW',
  phone: '9800000000',
  email: 'shop@example.com',
};
const shopIn = (state: string) => ({ ...SELLER, state });

const order = {
  _id: 'o1',
  orderNumber: 'ORD-2611-000042',
  invoiceNumber: 'WEB/26-27/00007',
  createdAt: '2026-11-20T06:00:00.000Z',
  subtotal: 300_000,
  shipping: 0,
  total: 300_000,
  discount: 0,
  discounts: [],
  codFee: 0,
  paymentMethod: 'online',
  seller: null,
  timeline: [],
  address: {
    _id: 'a',
    name: 'Asha Rao',
    phone: '9876543210',
    street: '1 Park St',
    city: 'Kolkata',
    district: 'Kolkata',
    state: 'West Bengal',
    pincode: '700016',
  },
  payment: { paymentDate: '2026-11-20T06:05:00.000Z' },
  items: [
    {
      productName: 'Kurti',
      variantName: 'Blue M',
      hsnCode: '6211',
      quantity: 2,
      productPrice: 50_000,
      finalPrice: 50_000,
      lineTotal: 100_000,
      orderDiscount: 0,
    },
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
} as unknown as OrderDetail;

describe('invoiceOfOrder', () => {
  it('charges IGST when the delivery state is not the shop state, CGST + SGST when it is', () => {
    const away = invoiceOfOrder(order, shopIn('Karnataka'));
    expect(away.gst).toMatchObject({ placeOfSupply: 'West Bengal', interState: true, cgst: 0, sgst: 0 });
    expect(away.gst.igst).toBe(away.gst.totalTax);
    expect(away.lines.map((line) => [line.name, line.hsnCode, line.rate])).toEqual([
      ['Kurti · Blue M', '6211', 5],
      ['Silk saree', '5007', 5],
    ]);
    expect(away.gst.taxableValue + away.gst.totalTax).toBe(300_000);
    const home = invoiceOfOrder({ ...order, address: { ...order.address, state: 'Karnataka' } }, shopIn('Karnataka'));
    expect(home.gst).toMatchObject({ interState: false, igst: 0 });
    // Its own invoice series, not the order number (rule 46: no gaps from checkouts never paid).
    expect(home.number).toBe('WEB/26-27/00007');
    expect(home.date).toBe('2026-11-20T06:05:00.000Z');
  });

  it('has none for an order not paid', () => {
    expect(() => invoiceOfOrder({ ...order, invoiceNumber: null, payment: null }, shopIn('Karnataka'))).toThrow(/not paid/);
  });

  it('reads the paper and auto-print from the address', () => {
    expect(invoicePageOptions('http://x/invoice/order/1?paper=80mm&print=1')).toEqual({ paper: '80mm', autoPrint: true });
    expect(invoicePageOptions('http://x/invoice/order/1')).toEqual({ paper: 'a4', autoPrint: false });
  });
});

describe('credit notes of an order (issues 28, 43)', () => {
  const refunded = {
    ...order,
    status: 'refunded',
    cancelReason: null,
    items: order.items.map((item, index) => ({ ...item, itemId: `line-${index}` })),
    timeline: [{ status: 'refunded', note: '', at: '2026-11-25T06:00:00.000Z' }],
  } as unknown as OrderDetail;

  it('is the paper of a paid order cancelled or refunded, never of an unpaid one', () => {
    expect(isCreditedOrder(refunded)).toBe(true);
    expect(isCreditedOrder({ ...refunded, status: 'delivered' })).toBe(false);
    expect(isCreditedOrder({ ...refunded, status: 'cancelled', payment: null, invoiceNumber: null })).toBe(false);
  });

  it('prints the note as the server issued it: its own number and day, against the invoice, the shipping apart', () => {
    const gst = {
      placeOfSupply: 'West Bengal',
      interState: true,
      byRate: [],
      taxableValue: 52_381,
      cgst: 0,
      sgst: 0,
      igst: 2_619,
      totalTax: 2_619,
    };
    const note = {
      _id: 'n1',
      creditNoteNumber: 'CN/26-27/00004',
      createdAt: '2026-11-25T06:00:00.000Z',
      date: '2026-11-25',
      invoiceNumber: 'WEB/26-27/00007',
      invoiceDate: '2026-11-20T06:05:00.000Z',
      total: 55_000,
      gst,
      items: [
        {
          itemId: 'line-0',
          name: 'Kurti (Blue, M)',
          hsnCode: '6211',
          quantity: 1,
          rate: 5,
          amount: 50_000,
          taxableValue: 47_619,
          cgst: 0,
          sgst: 0,
          igst: 2_381,
        },
        {
          itemId: null,
          name: 'Shipping',
          hsnCode: '996812',
          quantity: 1,
          rate: 5,
          amount: 5_000,
          taxableValue: 4_762,
          cgst: 0,
          sgst: 0,
          igst: 238,
        },
      ],
    } as unknown as OrderCreditNote;
    const paper = invoiceOfCreditNote(note, refunded);
    expect(paper).toMatchObject({
      number: 'CN/26-27/00004',
      date: '2026-11-25T06:00:00.000Z',
      credit: { againstInvoice: 'WEB/26-27/00007', invoiceDate: '2026-11-20T06:05:00.000Z' },
      subtotal: 50_000,
      shipping: 5_000,
      total: 55_000,
      gst,
    });
    expect(paper.lines.map((line) => [line.name, line.quantity, line.total])).toEqual([['Kurti (Blue, M)', 1, 50_000]]);
    expect(paper.business).toBeNull();
    // A business buyer's GSTIN and name as the note answers them (issue 43).
    const business = { buyerGstin: '27AAPFU0939F1ZV', buyerName: 'Meera Textiles LLP', buyerState: 'Maharashtra' };
    expect(invoiceOfCreditNote({ ...note, ...business }, refunded).business).toEqual({
      gstin: '27AAPFU0939F1ZV',
      name: 'Meera Textiles LLP',
      state: 'Maharashtra',
    });
  });
});

describe('a discounted order’s invoice and credit note (issue 41)', () => {
  // Two ₹2,800 kurtas and a ₹1,000 dupatta; FESTIVE10 took ₹660, shared ₹560 and ₹100 over the lines.
  const festive = {
    ...order,
    status: 'refunded',
    cancelReason: null,
    subtotal: 660_000,
    discount: 66_000,
    discounts: [{ kind: 'coupon', label: 'FESTIVE10', code: 'FESTIVE10', amount: 66_000 }],
    total: 594_000,
    address: { ...order.address, state: 'Karnataka' },
    items: [
      {
        itemId: 'k',
        productName: 'Kurta',
        variantName: null,
        hsnCode: '6211',
        quantity: 2,
        productPrice: 280_000,
        finalPrice: 280_000,
        lineTotal: 560_000,
        orderDiscount: 56_000,
      },
      {
        itemId: 'd',
        productName: 'Dupatta',
        variantName: null,
        hsnCode: '6214',
        quantity: 1,
        productPrice: 100_000,
        finalPrice: 100_000,
        lineTotal: 100_000,
        orderDiscount: 10_000,
      },
    ],
    returnItems: [{ itemId: 'k', quantity: 1, reason: 'damaged' }],
    timeline: [{ status: 'refunded', note: '', at: '2026-11-25T06:00:00.000Z' }],
  } as unknown as OrderDetail;

  it('prints each line’s MRP, discount, taxable value and rate from core, and names the coupon', () => {
    const invoice = invoiceOfOrder(festive, shopIn('Karnataka'));
    expect(invoice.order?.discounts).toEqual([{ label: 'FESTIVE10', amount: 66_000 }]);
    expect(invoice.order?.lines.map((line) => [line.mrp, line.discount, line.taxable, line.rate, line.total])).toEqual([
      [560_000, 56_000, 480_000, 5, 504_000],
      [100_000, 10_000, 85_714, 5, 90_000],
    ]);
    expect(invoice.total).toBe(594_000);
    expect(invoice.subtotal - invoice.discountAmount + invoice.shipping).toBe(invoice.total);
  });
});
