import { MAX_PAGE_SIZE, type Announcement, type ProductPage } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { announcements } from '../../announcements/tables.js';
import { useTestApp } from '../../test/app.js';
import { DEMO_ANNOUNCEMENTS, ensureDemoAnnouncements } from './announcements.js';
import { seedDemoCatalogue } from './seed.js';

const t = useTestApp();

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-10-20T06:30:00Z');

describe('the demo announcements', () => {
  it('are seeded into an empty table only, spread over three weeks', async () => {
    await ensureDemoAnnouncements(t.database.db, t.services, NOW);
    const demo = await t.services.announcements.listPublished(NOW);
    expect(demo.map((item) => item.title)).toEqual(DEMO_ANNOUNCEMENTS.map((item) => item.title));
    expect(demo.map((item) => item.title)).toContain('Free shipping from ₹999');
    expect(demo.find((item) => item.title === 'Sarees at 30% off and more')?.link).toBe('/filter?category=sarees&minDiscount=30');
    const oldest = new Date(demo.at(-1)!.publishedAt).getTime();
    expect(NOW.getTime() - oldest).toBeLessThanOrEqual(21 * DAY);

    await ensureDemoAnnouncements(t.database.db, t.services, NOW);
    expect(await t.services.announcements.listPublished(NOW)).toHaveLength(DEMO_ANNOUNCEMENTS.length);
  });
});

/** Every item of a listing link (all its pages), through the storefront's listing call. */
async function listing(link: string): Promise<ProductPage['products']> {
  const url = new URL(link, 'http://shop.test');
  expect(url.pathname).toBe('/filter');
  const items: ProductPage['products'] = [];
  for (let page = 1; ; page++) {
    url.searchParams.set('limit', String(MAX_PAGE_SIZE));
    url.searchParams.set('page', String(page));
    const response = await t.app.inject({ method: 'GET', url: `/api/user/product/filter${url.search}` });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: ProductPage }>();
    items.push(...data.products);
    if (items.length >= data.total || data.products.length === 0) return items;
  }
}

/** The percentages a text promises: 'up to N%' is the listing's best discount, any other 'N%' a minimum. */
function promises(text: string): Array<{ percent: number; upTo: boolean }> {
  return [...text.matchAll(/(up to\s+)?(\d{1,2})\s*%/gi)].map((match) => ({ percent: Number(match[2]), upTo: Boolean(match[1]) }));
}

describe('the demo offers (issue 28: offers are true)', () => {
  it('reads promises in the words', () => {
    expect(promises('Up to 55% off: every piece at least 40% off')).toEqual([
      { percent: 55, upTo: true },
      { percent: 40, upTo: false },
    ]);
  });

  it('each link to a listing of the demo catalogue that is not empty and where every item carries what the words promise', async () => {
    await seedDemoCatalogue(t.services, undefined, { photos: false });
    await t.database.db.delete(announcements);
    await ensureDemoAnnouncements(t.database.db, t.services, NOW);
    const offers = (await t.services.announcements.listPublished(NOW)).filter((item): item is Announcement & { link: string } => {
      const promising = item.kind === 'offer' || promises(`${item.title} ${item.body}`).length > 0;
      if (promising) expect(item.link, item.title).toMatch(/^\/filter\?/);
      return promising && item.link !== null;
    });
    expect(offers.length).toBeGreaterThanOrEqual(2);

    for (const offer of offers) {
      const items = await listing(offer.link);
      expect(items.length, offer.title).toBeGreaterThan(0);
      const discounts = items.map((item) => item.productDiscount);
      const minimum = offer.offerMinDiscount ?? 0;
      expect(offer.kind === 'offer' ? minimum : 1, offer.title).toBeGreaterThan(0);
      expect(Math.min(...discounts), offer.title).toBeGreaterThanOrEqual(minimum);
      for (const { percent, upTo } of promises(`${offer.title} ${offer.body}`)) {
        if (upTo) expect(Math.max(...discounts), `${offer.title}: up to ${percent}%`).toBe(percent);
        else expect(Math.min(...discounts), `${offer.title}: ${percent}%`).toBeGreaterThanOrEqual(percent);
      }
      // 'Flat N%' would promise every item exactly N% off.
      expect(`${offer.title} ${offer.body}`, offer.title).not.toMatch(/\bflat\b/i);
    }
  }, 180_000);
});
