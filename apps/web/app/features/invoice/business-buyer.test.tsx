import type { Bill, OrderDetail, ShopSettings } from '@shop/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { invoiceOfBill, invoiceOfOrder, type InvoiceView } from './invoice-model';
import { TaxInvoice } from './tax-invoice';

// Issue 43: the tax invoice of a business buyer states her GSTIN and business name, and every invoice states its place
// of supply with the state's GST code (the delivery state online, the shop's state at the counter).

const settings = {
  name: 'Saanjh Boutique',
  legalName: 'Saanjh Boutique',
  address: '12 MG Road, Bengaluru',
  phone: '080 1234 5678',
  gstin: '29ABCDE1234F1ZW',
  logoUrl: '',
  state: 'Karnataka',
} as ShopSettings;

/** The text of the invoice page as the server renders it. */
function pageText(invoice: InvoiceView) {
  const path = '/invoice/x';
  const element = <TaxInvoice invoice={invoice} settings={settings} autoPrint={false} paper="a4" />;
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  return renderToStaticMarkup(<RouterProvider router={router} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

const order = {
  _id: 'o1',
  orderNumber: 'ORD-2611-000042',
  invoiceNumber: 'WEB/26-27/00007',
  createdAt: '2026-11-20T06:00:00.000Z',
  subtotal: 120_000,
  shipping: 0,
  total: 120_000,
  buyerGstin: null,
  buyerName: null,
  buyerState: null,
  address: {
    _id: 'a',
    name: 'Asha Rao',
    phone: '9876543210',
    street: '4 FC Road',
    city: 'Pune',
    district: 'Pune',
    state: 'Maharashtra',
    pincode: '411004',
  },
  payment: { paymentDate: '2026-11-20T06:05:00.000Z' },
  items: [
    {
      productName: 'Kurti',
      variantName: 'Blue M',
      hsnCode: '6211',
      quantity: 1,
      productPrice: 120_000,
      finalPrice: 120_000,
      lineTotal: 120_000,
      orderDiscount: 0,
    },
  ],
  discount: 0,
  discounts: [],
  codFee: 0,
  paymentMethod: 'online',
} as unknown as OrderDetail;

const business = { buyerGstin: '27AAPFU0939F1ZV', buyerName: 'Meera Textiles LLP', buyerState: 'Maharashtra' };

describe('an online order’s tax invoice', () => {
  it('to a business: billed to the business with its GSTIN, the contact and the delivery address; supplied to the delivery state', () => {
    const invoice = invoiceOfOrder({ ...order, ...business }, settings);
    expect(invoice.business).toEqual({ gstin: '27AAPFU0939F1ZV', name: 'Meera Textiles LLP', state: 'Maharashtra' });
    // Inter-state as before: the place of supply is where the goods are delivered.
    expect(invoice.gst).toMatchObject({ placeOfSupply: 'Maharashtra', interState: true, cgst: 0, sgst: 0 });
    const text = pageText(invoice);
    expect(text).toContain('Place of supply: Maharashtra (27) (inter-state)');
    expect(text).toContain('Billed to: Meera Textiles LLP Buyer GSTIN: 27AAPFU0939F1ZV · Maharashtra (27) Asha Rao · 9876543210');
    expect(text).toContain('4 FC Road, Pune, Maharashtra – 411004');
  });

  it('without a GSTIN: as before, billed to the person; only the place of supply gains its code', () => {
    const invoice = invoiceOfOrder(order, settings);
    expect(invoice.business).toBeNull();
    const text = pageText(invoice);
    expect(text).toContain('Billed to: Asha Rao · 9876543210');
    expect(text).not.toContain('GSTIN: 27');
    expect(text).toContain('Place of supply: Maharashtra (27)');
  });
});

describe('a counter bill’s tax invoice', () => {
  const bill = {
    _id: 'b1',
    invoiceNumber: 'INV/26-27/00135',
    customerName: '',
    customerPhone: '',
    createdAt: '2026-11-28T05:30:00.000Z',
    discount: 0,
    subtotal: 229_900,
    discountAmount: 0,
    lineDiscountAmount: 0,
    percentDiscountAmount: 0,
    discountFlat: 0,
    roundOff: 0,
    totalPrice: 229_900,
    items: [],
    gst: { placeOfSupply: 'Karnataka', interState: false, byRate: [], taxableValue: 0, cgst: 0, sgst: 0, igst: 0, totalTax: 0 },
    payments: [{ mode: 'cash', amount: 229_900 }],
    createdBy: 'Ravi Kumar <ravi@example.in>',
    status: 'paid',
    voidedAt: null,
    voidReason: null,
    voidedBy: null,
    creditNotes: [],
    seller: null,
    ...business,
  } satisfies Bill;

  it('to a business from another state: its GSTIN and name; the place of supply is the shop’s state', () => {
    const text = pageText(invoiceOfBill(bill));
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).not.toContain('inter-state');
    // No person typed at the counter: the business alone, not 'Unknown'.
    expect(text).toContain('Billed to: Meera Textiles LLP Buyer GSTIN: 27AAPFU0939F1ZV · Maharashtra (27)');
    expect(text).not.toContain('Unknown');
  });

  it('to a walk-in customer: as before', () => {
    const text = pageText(invoiceOfBill({ ...bill, buyerGstin: null, buyerName: null, buyerState: null }));
    expect(text).toContain('Billed to: Unknown');
    expect(text).not.toContain('Buyer GSTIN');
  });
});
