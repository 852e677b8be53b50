import type { OrderDetail, ShopSettings } from '@shop/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { invoiceOfOrder, type InvoiceView } from './invoice-model';
import { TaxInvoice } from './tax-invoice';

// Issue 41: an online order's printed invoice shows, per line, MRP, discount, taxable value, rate, taxes and total
// (from core's orderInvoiceOf), the order's discounts by name, the COD fee and "Payment: cash on delivery".

const settings = {
  name: 'Saanjh Boutique',
  legalName: 'Saanjh Boutique',
  address: '12 MG Road, Bengaluru',
  phone: '080 1234 5678',
  email: 'shop@example.com',
  gstin: '29ABCDE1234F1Z5',
  logoUrl: '',
  state: 'Karnataka',
} as ShopSettings;

function page(invoice: InvoiceView) {
  const path = '/invoice/order/o1';
  const element = <TaxInvoice invoice={invoice} settings={settings} autoPrint={false} paper="a4" />;
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  const html = renderToStaticMarkup(<RouterProvider router={router} />);
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

const order = (paymentMethod: 'online' | 'cod') =>
  ({
    _id: 'o1',
    orderNumber: 'ORD-2611-000042',
    invoiceNumber: 'WEB/26-27/00003',
    seller: null,
    status: 'confirmed',
    cancelReason: null,
    returnItems: [],
    timeline: [],
    createdAt: '2026-11-20T06:00:00.000Z',
    subtotal: 280_000,
    discount: 28_000,
    discounts: [{ kind: 'coupon', label: 'FESTIVE10', code: 'FESTIVE10', amount: 28_000 }],
    shipping: 0,
    codFee: paymentMethod === 'cod' ? 4_900 : 0,
    paymentMethod,
    total: paymentMethod === 'cod' ? 256_900 : 252_000,
    address: {
      name: 'Asha Rao',
      phone: '9876543210',
      street: '1 Park St',
      city: 'Mysuru',
      district: 'Mysuru',
      state: 'Karnataka',
      pincode: '570001',
    },
    payment: paymentMethod === 'cod' ? null : { paymentDate: '2026-11-20T06:05:00.000Z' },
    items: [
      {
        productName: 'Chanderi kurta',
        variantName: null,
        hsnCode: '6211',
        quantity: 1,
        productPrice: 280_000,
        finalPrice: 280_000,
        lineTotal: 280_000,
        orderDiscount: 28_000,
      },
    ],
  }) as unknown as OrderDetail;

describe('an online order’s tax invoice page (issue 41)', () => {
  it('prints per line MRP, discount, taxable value, rate, CGST, SGST and total, and names the coupon', () => {
    const { text } = page(invoiceOfOrder(order('online'), settings));
    for (const heading of ['MRP', 'Discount', 'Taxable value', 'GST', 'CGST', 'SGST', 'Total']) expect(text).toContain(heading);
    // ₹2,800 less 10 %: ₹2,520 charged, ₹2,400 taxable at 5 %, ₹60 each of CGST and SGST.
    expect(text).toContain('₹2,800.00 −₹280.00 ₹2,400.00 5% ₹60.00 ₹60.00 ₹2,520.00');
    expect(text).toContain('FESTIVE10 −₹280.00');
    expect(text).not.toContain('cash on delivery');
  });

  it('lists the COD fee and says "Payment: cash on delivery" for a COD order', () => {
    const { text } = page(invoiceOfOrder(order('cod'), settings));
    expect(text).toContain('Cash on delivery fee');
    expect(text).toContain('Payment: cash on delivery');
    expect(text).toContain('Total ₹2,569.00');
  });
});
