import { REFUND_TIMELINES, RETURN_REASONS, type ShopSettings } from '@shop/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { findPolicy } from './policy-documents';

const shop = {
  name: 'Saanjh Boutique',
  email: 'hello@saanjh.in',
  phone: '080 1234 5678',
  address: '12 MG Road',
  gstin: 'X',
  state: 'Karnataka',
};

/** The server's HTML of one section of a policy page, tags and all. */
function sectionHtml(path: string, id: string): string {
  const section = findPolicy(path)!
    .sections(shop as ShopSettings)
    .find((candidate) => candidate.id === id)!;
  const router = createMemoryRouter([{ path: '/', element: <>{section.body}</> }], { initialEntries: ['/'] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}
const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");
const rangesIn = (text: string) => [...text.matchAll(/(\d+)–(\d+)|up to (\d+)/g)].map((match) => match[0]);
const tableRanges = new Set(
  Object.values(REFUND_TIMELINES).flatMap(({ workingDays: { min, max } }) => (min === 0 ? [`up to ${max}`] : [`${min}–${max}`])),
);

describe('the policy pages', () => {
  it('regression: state refund times only from the one table by payment method (not three ways)', () => {
    const table = sectionHtml(paths.refundPolicy, 'times');
    const rows = [...table.matchAll(/<tr><td>(.*?)<\/td><td>(.*?)<\/td><\/tr>/g)].map((match) => [match[1], match[2]]);
    expect(rows).toEqual([
      ['UPI', '2–7 working days'],
      ['Netbanking', '2–10 working days'],
      ['Credit or debit card', '5–10 working days'],
      ['Wallet', 'up to 3 working days'],
      ['Any other way', '5–10 working days'],
    ]);
    const refundTexts = [
      [paths.cancellationPolicy, 'before-dispatch'],
      [paths.paymentPolicy, 'failed'],
      [paths.faq, 'cancel'],
      [paths.faq, 'refund-time'],
    ].map(([path, id]) => textOf(sectionHtml(path!, id!)));
    refundTexts.push(findPolicy(paths.cancellationPolicy)!.description);
    const stated = refundTexts.flatMap(rangesIn);
    expect(stated.length).toBeGreaterThan(0);
    for (const range of stated) expect(tableRanges, range).toContain(range);
  });

  it('regression: name the return reasons the return form offers, in its order', () => {
    const eligible = sectionHtml(paths.returnPolicy, 'eligible');
    expect([...eligible.matchAll(/<strong>(\w+)<\/strong>/g)].map((match) => match[1])).toEqual([...RETURN_REASONS]);
    expect(findPolicy(paths.returnPolicy)!.description).toContain('damaged, defective, wrong or missing items');
  });
});
