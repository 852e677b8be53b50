import type { CreditNote, ShopSettings } from '@shop/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CreditNoteDocument } from './credit-note';

const GST = { placeOfSupply: 'Karnataka', interState: false, byRate: [], taxableValue: 0, cgst: 0, sgst: 0, igst: 0, totalTax: 0 };

/** The server's HTML of the credit note's page. */
function serverHtml(element: React.ReactElement): string {
  const path = '/admin/creditNote/cn1';
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe('the credit note page', () => {
  const settings = {
    name: 'Saanjh Boutique',
    address: '12 MG Road, Bengaluru',
    phone: '080 1234 5678',
    gstin: '29ABCDE1234F1Z5',
    logoUrl: '',
  } as ShopSettings;
  const note: CreditNote = {
    _id: 'cn1',
    creditNoteNumber: 'CN/26-27/00001',
    billId: '5f0c6a2e-7d1b-4c3a-9e2f-1a2b3c4d5e6f',
    invoiceNumber: 'INV/26-27/00012',
    invoiceDate: '2026-11-12T06:00:00.000Z',
    customerName: '',
    customerPhone: '',
    buyerGstin: null,
    buyerName: null,
    buyerState: null,
    items: [
      {
        itemId: 'i1',
        name: 'Kurti',
        sku: 'KUR-1',
        hsnCode: '6211',
        quantity: 1,
        price: 99_900,
        total: 99_900,
        gstRate: 5,
        taxableValue: 95_143,
      },
    ],
    total: 99_900,
    gst: {
      ...GST,
      byRate: [{ rate: 5, taxableValue: 95_143, cgst: 2_378, sgst: 2_379, igst: 0 }],
      taxableValue: 95_143,
      cgst: 2_378,
      sgst: 2_379,
      totalTax: 4_757,
    },
    refundMode: 'upi',
    reason: 'Wrong size',
    createdAt: '2026-11-13T06:00:00.000Z',
    createdBy: 'Ravi Kumar <ravi@example.in>',
    seller: null,
  };

  it('names the invoice it reduces, the lines with their taxable value, the GST split, the refund and why', () => {
    const html = serverHtml(<CreditNoteDocument creditNote={note} settings={settings} autoPrint={false} paper="a4" />);
    expect(html).toContain('>Credit note</h1>');
    expect(html).toContain('CN/26-27/00001');
    expect(html).toMatch(/Against invoice <strong[^>]*>INV\/26-27\/00012<\/strong> <span class="block">dated 12 Nov 2026<\/span>/);
    expect(html).toContain('GSTIN 29ABCDE1234F1Z5');
    expect(html).toContain('Unknown');
    expect(html).toContain('₹951.43');
    expect(html).toContain('₹23.78');
    expect(html).toContain('₹23.79');
    expect(html).toContain('Total refunded');
    expect(html).toContain('Refunded by UPI');
    expect(html).toContain('Wrong size');
    // Who issued it stays in the back-office.
    expect(html).not.toContain('ravi@example.in');
  });
  it('names a business buyer by her business and GSTIN with her state, as the invoice it reduces (issue 43)', () => {
    const business = {
      ...note,
      customerName: 'Meera',
      buyerGstin: '27AAPFU0939F1ZV',
      buyerName: 'Meera Textiles LLP',
      buyerState: 'Maharashtra',
    };
    const html = serverHtml(<CreditNoteDocument creditNote={business} settings={settings} autoPrint={false} paper="a4" />);
    expect(html).toMatch(/Customer: <\/span><strong>Meera Textiles LLP<\/strong>/);
    expect(html).toMatch(/Buyer GSTIN: <\/span><strong class="font-mono">27AAPFU0939F1ZV<\/strong>/);
    expect(html).toContain('Maharashtra (27)');
    expect(html).toContain('<p>Meera</p>');
    expect(html).not.toContain('Unknown');
  });
});
