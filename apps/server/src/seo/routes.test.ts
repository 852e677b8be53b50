import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { seedTestCatalogue } from '../test/catalogue-fixture.js';

const t = useTestApp();

describe('sitemap and robots', () => {
  it('lists every active product and category, and no draft or archived product', async () => {
    const { ids } = await seedTestCatalogue(t.services);
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const id of [ids.banarasi, ids.cottonSaree, ids.chikankari, ids.maxi, ids.wrap]) {
      expect(locations).toContain(`http://localhost:3000/product/${id}`);
    }
    expect(locations.join()).not.toContain(ids.draft);
    expect(locations.join()).not.toContain(ids.archived);
    expect(locations).toContain('http://localhost:3000/filter?category=silk-sarees');
    expect(locations).toContain('http://localhost:3000/shippingpolicy');
  });

  it('robots.txt points at the sitemap and keeps crawlers out of private areas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(response.body).toContain('Disallow: /user/');
  });
});
