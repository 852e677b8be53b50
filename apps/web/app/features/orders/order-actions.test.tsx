import { RETURN_REASON_LABELS, RETURN_REASONS, type OrderDetail } from '@shop/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OrderActions } from './order-actions';

/** The server's HTML of the order's actions: the forms as disclosures, posted without scripts. */
function serverHtml(order: OrderDetail): string {
  const path = '/user/orders/o1';
  const router = createMemoryRouter([{ path, element: <OrderActions order={order} /> }], { initialEntries: [path] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const kurti = { productName: 'Chikankari Cotton Kurti', variantName: null, variantColor: 'Red', variantSize: 'M' };
const delivered = {
  _id: 'o1',
  orderNumber: 'ORD-2611-000042',
  status: 'delivered',
  canCancel: false,
  canReturn: true,
  payment: null,
  total: 250_000,
  returnReason: null,
  returnItems: [],
  items: [
    { ...kurti, itemId: 'i1', quantity: 1 },
    { ...kurti, itemId: 'i2', variantColor: 'Blue', variantSize: 'L', quantity: 3 },
  ],
} as unknown as OrderDetail;

const optionsOf = (html: string, name: string) => {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`).exec(html)?.[1] ?? '';
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>(.*?)<\/option>/g)].map((match) => match[2]);
};

describe("the order page's return form", () => {
  it('regression: offers exactly the reasons the policy names (not size or looks; missing included)', () => {
    const html = serverHtml(delivered);
    expect(optionsOf(html, 'reason')).toEqual(['Choose a reason', ...RETURN_REASONS.map((reason) => RETURN_REASON_LABELS[reason])]);
    expect(optionsOf(html, 'reason')).toEqual(['Choose a reason', 'Damaged', 'Defective', 'Wrong item', 'Missing item']);
  });

  it('joins an open return: the pieces it holds are counted in, and a line it holds whole is not offered again', () => {
    const open = {
      ...delivered,
      status: 'return_requested',
      returnReason: 'damaged',
      returnItems: [
        { itemId: 'i1', quantity: 1, reason: 'damaged' },
        { itemId: 'i2', quantity: 1, reason: 'wrong' },
      ],
    } as OrderDetail;
    const html = serverHtml(open);
    expect(html).toContain('Add to your return');
    expect(html).toContain('Every piece is in your return.');
    expect(html).toContain('1 of 3 already in your return.');
    expect(html).not.toContain('value="i1"');
    expect(html.match(/<input[^>]*name="returnItem"[^>]*>/g)).toEqual([expect.stringMatching(/checked="" value="i2"/)]);
    expect(optionsOf(html, 'quantity:i2')).toEqual(['2 of 3', '3 of 3']);
  });
});
