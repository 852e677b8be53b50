import type { Announcement } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { offerBarOf } from './offer-bar';

const item = (fields: Partial<Announcement>): Announcement => ({
  _id: fields.title ?? 'x',
  title: 'News',
  body: 'Text.',
  kind: 'news',
  link: null,
  offerMinDiscount: null,
  publishedAt: '2026-11-20T00:00:00.000Z',
  ...fields,
});

describe("the landing page's offer bar (issue 28: offers are true)", () => {
  it('shows the newest offer that is a saved filter, promising its minimum discount and linking to its listing', () => {
    const published = [
      item({ title: 'Festive edit', kind: 'collection', link: '/filter?style=traditional' }),
      item({ title: 'An old offer from before saved filters', kind: 'offer', link: '/filter?sort=discount' }),
      item({ title: 'Sarees at 30% off and more', kind: 'offer', link: '/filter?category=sarees&minDiscount=30', offerMinDiscount: 30 }),
      item({ title: 'Older offer', kind: 'offer', link: '/filter?minDiscount=10', offerMinDiscount: 10 }),
    ];
    const bar = offerBarOf(published);
    expect(bar).toEqual({ title: 'Sarees at 30% off and more', link: '/filter?category=sarees&minDiscount=30', minDiscount: 30 });
    // The promise and the link say the same discount.
    expect(new URL(bar!.link, 'http://shop.test').searchParams.get('minDiscount')).toBe(String(bar!.minDiscount));
  });

  it('is not shown without such an offer', () => {
    expect(offerBarOf([item({ kind: 'offer', link: '/filter?sort=discount' })])).toBeNull();
    expect(offerBarOf([])).toBeNull();
  });
});
