import type { Bill } from '@shop/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BillDetail } from './bill-detail';

const BILL_ID = '5f0c6a2e-7d1b-4c3a-9e2f-1a2b3c4d5e6f';
const PAGE = `/admin/bill/${BILL_ID}`;
const GST = { placeOfSupply: 'Karnataka', interState: false, byRate: [], taxableValue: 0, cgst: 0, sgst: 0, igst: 0, totalTax: 0 };

const item = (_id: string, name: string, quantity: number, returnedQuantity: number) => ({
  _id,
  name,
  quantity,
  price: 99_900,
  total: 99_900 * quantity,
  productId: null,
  variantId: null,
  sku: null,
  hsnCode: '6211',
  discount: 0,
  discountAmount: 0,
  gstRate: 5,
  taxableValue: 95_143 * quantity,
  returnedQuantity,
});

const bill = (overrides: Partial<Bill> = {}): Bill => ({
  _id: BILL_ID,
  invoiceNumber: 'INV/26-27/00012',
  customerName: 'Asha',
  customerPhone: '9876543210',
  createdAt: '2026-11-12T06:00:00.000Z',
  discount: 0,
  subtotal: 399_600,
  discountAmount: 0,
  lineDiscountAmount: 0,
  percentDiscountAmount: 0,
  discountFlat: 0,
  roundOff: 0,
  totalPrice: 399_600,
  items: [item('i1', 'Kurti', 2, 1), item('i2', 'Silk saree', 2, 2)],
  gst: GST,
  payments: [{ mode: 'upi', amount: 399_600 }],
  createdBy: 'Meera Kapoor <meera@example.in>',
  status: 'paid',
  voidedAt: null,
  voidReason: null,
  voidedBy: null,
  creditNotes: [{ _id: 'cn1', creditNoteNumber: 'CN/26-27/00001', total: 299_700, createdAt: '2026-11-12T08:00:00.000Z' }],
  seller: null,
  buyerGstin: null,
  buyerName: null,
  buyerState: null,
  ...overrides,
});

/** The server's HTML of the bill page (no scripts have run). */
function serverHtml(element: React.ReactElement, path = PAGE): string {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe('the bill page without scripts (issue 26)', () => {
  it('offers a plain post form returning only what is left, refunded by default as it was paid', () => {
    const html = serverHtml(<BillDetail billsHref="/admin/totalBills" bill={bill()} canVoid={false} />);
    expect(html).toMatch(/<form [^>]*action="\/admin\/bill\/5f0c6a2e-7d1b-4c3a-9e2f-1a2b3c4d5e6f" method="post">/);
    expect(html).toContain('<input type="hidden" name="intent" value="returnItems"/>');
    expect(html).not.toContain('_enhanced');
    // The Kurti has 1 of 2 left; the saree is all back.
    expect(html).toMatch(/<input id="return-i1" type="number"[^>]*max="1"[^>]*name="qty-i1" value="0"\/>/);
    expect(html).not.toContain('name="qty-i2"');
    expect(html).toContain('Return<span class="sr-only"> quantity of Kurti</span>');
    expect(html).toMatch(/<input type="radio"[^>]*name="refundMode" checked="" value="upi"\/>/);
    expect(html).toContain('Issue credit note');
    // The credit note listed, with its printable page.
    expect(html).toContain('CN/26-27/00001');
    expect(html).toContain(`href="/admin/creditNote/cn1?print=1"`);
    expect(html).not.toContain('Void bill');
  });

  it('tells staff the owner does returns, with no return form, when the policy leaves it to the owner (issue 40)', () => {
    const note = 'Returns at the counter are done by the owner. Ask the owner to issue this credit note.';
    const html = serverHtml(<BillDetail billsHref="/admin/totalBills" bill={bill()} canVoid={false} returns={{ allowed: false, note }} />);
    expect(html).toContain(note);
    expect(html).not.toContain('Issue credit note');
    expect(html).not.toContain('name="intent" value="returnItems"');
  });

  it("gives an owner's void as a disclosure with its reason; a void bill says so and takes no returns", () => {
    const today = serverHtml(
      <BillDetail billsHref="/admin/totalBills" bill={bill({ creditNotes: [], items: [item('i1', 'Kurti', 2, 0)] })} canVoid />,
    );
    expect(today).toMatch(/<details[^>]*><summary[^>]*>Void bill<\/summary>/);
    expect(today).toContain('<input type="hidden" name="intent" value="void"/>');
    expect(today).toMatch(/<textarea id="void-reason" name="reason" required=""/);

    const voided = serverHtml(
      <BillDetail
        billsHref="/admin/totalBills"
        bill={bill({
          status: 'void',
          creditNotes: [],
          items: [item('i1', 'Kurti', 2, 0)],
          voidedAt: '2026-11-12T07:00:00.000Z',
          voidedBy: 'Meera Kapoor',
          voidReason: 'Keyed twice',
        })}
        canVoid={false}
      />,
    );
    expect(voided).toContain('>Void</span>');
    expect(voided).toContain('This bill is void');
    expect(voided).toContain('by Meera Kapoor');
    expect(voided).toContain('Reason: Keyed twice');
    expect(voided).not.toContain('Issue credit note');
  });
});
