import type { Bill, OrderDetail, ShopSettings } from '@shop/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { invoiceOfBill, orderPaperOf, type InvoiceView } from './invoice-model';
import { TaxInvoice } from './tax-invoice';

// Issue 40, item 3: a void bill reprinted as a valid tax invoice ("Tax Invoice … Paid by Cash ₹2,299.00", no mark).

const settings = {
  name: 'Saanjh Boutique',
  address: '12 MG Road, Bengaluru',
  phone: '080 1234 5678',
  gstin: '29ABCDE1234F1Z5',
  logoUrl: '',
  state: 'Karnataka',
} as ShopSettings;

const GST = { placeOfSupply: 'Karnataka', interState: false, byRate: [], taxableValue: 0, cgst: 0, sgst: 0, igst: 0, totalTax: 0 };

/** The server's HTML of the invoice page, and its text. */
function page(invoice: InvoiceView) {
  const path = '/admin/invoice/b1';
  const element = <TaxInvoice invoice={invoice} settings={settings} autoPrint={false} paper="a4" />;
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  const html = renderToStaticMarkup(<RouterProvider router={router} />);
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

const bill = (status: 'paid' | 'void'): Bill => ({
  _id: 'b1',
  invoiceNumber: 'INV/26-27/00135',
  customerName: 'Asha Rao',
  customerPhone: '9876543210',
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
  gst: GST,
  payments: [{ mode: 'cash', amount: 229_900 }] as Bill['payments'],
  createdBy: 'Ravi Kumar <ravi@example.in>',
  status,
  voidedAt: status === 'void' ? '2026-11-28T07:45:00.000Z' : null,
  voidReason: status === 'void' ? 'Rang up the wrong saree' : null,
  voidedBy: status === 'void' ? 'Meera Kapoor <meera@example.in>' : null,
  creditNotes: [],
  seller: null,
  buyerGstin: null,
  buyerName: null,
  buyerState: null,
});

describe('a void invoice (issue 40)', () => {
  it('regression: a voided bill prints VOID across it with when and why; a paid one has no mark', () => {
    const voided = page(invoiceOfBill(bill('void')));
    expect(voided.html).toContain('class="invoice-void-stamp"');
    expect(voided.text).toContain('VOID: this bill was voided on 28 Nov 2026, 1:15 pm.');
    expect(voided.text).toContain('Reason: Rang up the wrong saree');
    const paid = page(invoiceOfBill(bill('paid')));
    expect(paid.text).not.toContain('VOID');
  });

  it("marks a cancelled online order's invoice VOID beside its credit note; a returned one's stays valid", () => {
    const order = {
      _id: 'o1',
      orderNumber: 'ORD-2611-000042',
      invoiceNumber: 'WEB/26-27/00003',
      status: 'refunded',
      cancelReason: 'Ordered twice',
      returnItems: [],
      timeline: [
        { status: 'paid', at: '2026-11-20T06:05:00.000Z', note: '' },
        { status: 'cancelled', at: '2026-11-21T04:30:00.000Z', note: 'Ordered twice' },
        { status: 'refunded', at: '2026-11-21T04:31:00.000Z', note: '' },
      ],
      createdAt: '2026-11-20T06:00:00.000Z',
      subtotal: 200_000,
      shipping: 0,
      total: 200_000,
      discounts: [],
      codFee: 0,
      paymentMethod: 'online',
      address: {
        name: 'Asha Rao',
        phone: '9876543210',
        street: '1 Park St',
        city: 'Mysuru',
        district: 'Mysuru',
        state: 'Karnataka',
        pincode: '570001',
      },
      payment: { paymentDate: '2026-11-20T06:05:00.000Z', amount: 200_000 },
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
    } as unknown as OrderDetail;
    const cancelled = page(orderPaperOf(order, settings));
    expect(cancelled.text).toContain('VOID: this order was cancelled on 21 Nov 2026, 10:00 am.');
    expect(cancelled.text).toContain('Reason: Ordered twice');
    expect(cancelled.html).toContain('href="?credit=1"');
    // A return refunded keeps its invoice: no cancel reason.
    expect(page(orderPaperOf({ ...order, cancelReason: null }, settings)).text).not.toContain('VOID');
  });
});
