import { beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../db/schema.js';
import { useTestApp } from '../test/app.js';
import { MAX_PUBLISHED, type AnnouncementInput } from './service.js';

const t = useTestApp();

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-10-20T06:30:00Z');
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * DAY);

interface AnnouncementJson {
  _id: string;
  title: string;
  body: string;
  kind: string;
  link: string | null;
  publishedAt: string;
}

describe('announcements', () => {
  beforeAll(async () => {
    const create = (input: AnnouncementInput) => t.services.announcements.create(input);
    await create({ kind: 'news', title: 'Old news', body: 'Published a week ago.', publishedAt: daysFromNow(-7) });
    await create({
      kind: 'offer',
      title: 'Newest offer',
      body: 'Published yesterday.',
      link: '/filter?minDiscount=30',
      publishedAt: daysFromNow(-1),
    });
    await create({ kind: 'collection', title: 'Middle collection', body: 'Published three days ago.', publishedAt: daysFromNow(-3) });
    await create({
      kind: 'offer',
      title: 'Expired sale',
      body: 'Ended yesterday.',
      publishedAt: daysFromNow(-10),
      expiresAt: daysFromNow(-1),
    });
    await create({ kind: 'offer', title: 'Weekend sale', body: 'Ends tomorrow.', publishedAt: daysFromNow(-2), expiresAt: daysFromNow(1) });
    await create({ kind: 'collection', title: 'Coming soon', body: 'Not yet published.', publishedAt: daysFromNow(2) });
  });

  it('lists published announcements newest first, without expired or future ones', async () => {
    const list = await t.services.announcements.listPublished(NOW);
    expect(list.map((item) => item.title)).toEqual(['Newest offer', 'Weekend sale', 'Middle collection', 'Old news']);
  });

  it('shows an announcement from its publication time and hides it from its expiry time', async () => {
    const titles = async (at: Date) => (await t.services.announcements.listPublished(at)).map((item) => item.title);
    expect(await titles(daysFromNow(2))).toContain('Coming soon');
    expect(await titles(new Date(daysFromNow(2).getTime() - 1))).not.toContain('Coming soon');
    expect(await titles(daysFromNow(1))).not.toContain('Weekend sale');
    expect(await titles(new Date(daysFromNow(1).getTime() - 1))).toContain('Weekend sale');
  });

  it('answers GET /api/user/announcements in the envelope with only the public fields', async () => {
    // The route reads the real clock, so these are dated around the real now.
    const create = (input: AnnouncementInput) => t.services.announcements.create(input);
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await create({ kind: 'offer', title: 'Live offer', body: 'On now.', link: '/filter?minDiscount=30', publishedAt: hourAgo });
    await create({ kind: 'news', title: 'Live but ended', body: 'Over.', publishedAt: hourAgo, expiresAt: new Date(Date.now() - 1000) });
    await create({ kind: 'collection', title: 'Live tomorrow', body: 'Soon.', publishedAt: new Date(Date.now() + DAY) });

    const response = await t.app.inject({ method: 'GET', url: '/api/user/announcements' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; data: { announcements: AnnouncementJson[] } }>();
    expect(body.success).toBe(true);
    const titles = body.data.announcements.map((item) => item.title);
    expect(titles[0]).toBe('Live offer');
    expect(titles).not.toContain('Live but ended');
    expect(titles).not.toContain('Live tomorrow');
    expect(body.data.announcements[0]).toEqual({
      _id: expect.any(String) as string,
      title: 'Live offer',
      body: 'On now.',
      kind: 'offer',
      link: '/filter?minDiscount=30',
      publishedAt: hourAgo.toISOString(),
    });
  });

  it('refuses a link that leaves the shop', async () => {
    for (const link of ['https://evil.example/sale', '//evil.example', 'filter']) {
      await expect(t.services.announcements.create({ kind: 'offer', title: 'Sale', body: 'Now on.', link })).rejects.toThrow(
        'link: Link must be a path on this shop',
      );
    }
  });

  it('shows at most 50', async () => {
    await t.database.db.insert(announcements).values(
      Array.from({ length: MAX_PUBLISHED + 5 }, (_, i) => ({
        kind: 'news' as const,
        title: `Bulk ${i}`,
        body: 'Filler.',
        publishedAt: daysFromNow(-30 - i),
      })),
    );
    expect(await t.services.announcements.listPublished(NOW)).toHaveLength(MAX_PUBLISHED);
    await t.database.db.delete(announcements);
  });
});
