import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEMO_ANNOUNCEMENTS, ensureDemoAnnouncements } from './announcements.js';

const t = useTestApp();

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-10-20T06:30:00Z');

describe('the demo announcements', () => {
  it('are seeded into an empty table only, spread over three weeks', async () => {
    await ensureDemoAnnouncements(t.database.db, t.services.announcements, NOW);
    const demo = await t.services.announcements.listPublished(NOW);
    expect(demo.map((item) => item.title)).toEqual(DEMO_ANNOUNCEMENTS.map((item) => item.title));
    expect(demo.map((item) => item.title)).toContain('Free shipping from ₹999');
    expect(demo.find((item) => item.title === 'Flat 30% off on silk sarees')?.link).toBe('/filter?category=sarees&minDiscount=30');
    const oldest = new Date(demo.at(-1)!.publishedAt).getTime();
    expect(NOW.getTime() - oldest).toBeLessThanOrEqual(21 * DAY);

    await ensureDemoAnnouncements(t.database.db, t.services.announcements, NOW);
    expect(await t.services.announcements.listPublished(NOW)).toHaveLength(DEMO_ANNOUNCEMENTS.length);
  });
});
