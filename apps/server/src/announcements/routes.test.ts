import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { announcements, auditLog, categories } from '../db/schema.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { COMMAND_LINE } from '../audit/service.js';
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
  offerMinDiscount: number | null;
  publishedAt: string;
}

describe('announcements', () => {
  beforeAll(async () => {
    const create = (input: AnnouncementInput) => t.services.announcements.create(COMMAND_LINE, input);
    await create({ kind: 'news', title: 'Old news', body: 'Published a week ago.', publishedAt: daysFromNow(-7) });
    await create({
      kind: 'offer',
      title: 'Newest offer',
      body: 'Published yesterday.',
      offerMinDiscount: 30,
      publishedAt: daysFromNow(-1),
    });
    await create({ kind: 'collection', title: 'Middle collection', body: 'Published three days ago.', publishedAt: daysFromNow(-3) });
    await create({
      kind: 'offer',
      title: 'Expired sale',
      body: 'Ended yesterday.',
      offerMinDiscount: 10,
      publishedAt: daysFromNow(-10),
      expiresAt: daysFromNow(-1),
    });
    await create({
      kind: 'offer',
      title: 'Weekend sale',
      body: 'Ends tomorrow.',
      offerMinDiscount: 20,
      publishedAt: daysFromNow(-2),
      expiresAt: daysFromNow(1),
    });
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
    const create = (input: AnnouncementInput) => t.services.announcements.create(COMMAND_LINE, input);
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await create({ kind: 'offer', title: 'Live offer', body: 'On now.', offerMinDiscount: 30, publishedAt: hourAgo });
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
      offerMinDiscount: 30,
      publishedAt: hourAgo.toISOString(),
    });
  });

  it('refuses a link that leaves the shop', async () => {
    for (const link of ['https://evil.example/sale', '//evil.example', 'filter']) {
      await expect(t.services.announcements.create(COMMAND_LINE, { kind: 'news', title: 'Sale', body: 'Now on.', link })).rejects.toThrow(
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

interface AdminAnnouncementJson extends AnnouncementJson {
  offerCategoryId: string | null;
  expiresAt: string | null;
}

describe('the back-office announcements (issue 28: an offer is a saved filter)', () => {
  let owner: SignedInAdminForTest;
  let sareesId: string;
  const add = (body: object, asid = owner.asid) => adminCall(t.app, 'POST', '/api/admin/announcement/addAnnouncement', { asid, body });
  const update = (id: string, body: object) =>
    adminCall(t.app, 'POST', `/api/admin/announcement/updateAnnouncement/${id}`, { asid: owner.asid, body });
  const saved = (response: { json: <T>() => T }) => response.json<{ data: { announcement: AdminAnnouncementJson } }>().data.announcement;
  const errorOf = (response: { json: <T>() => T }) => response.json<{ success: boolean; error: string; fields?: Record<string, string> }>();

  beforeAll(async () => {
    owner = await signedInOwner(t);
    sareesId = await t.services.catalogueAdmin.createCategory({
      name: 'Sarees',
      slug: 'sarees',
      style: 'traditional',
      hsnCode: '5007',
      position: 1,
    });
  });

  it('makes an offer’s link from its minimum discount and category, whatever link is typed', async () => {
    const response = await add({
      kind: 'offer',
      title: 'Sarees at 30% off and more',
      body: 'Every saree in it.',
      offerMinDiscount: 30,
      offerCategoryId: sareesId,
      link: '/filter?minDiscount=5',
    });
    expect(response.statusCode).toBe(201);
    expect(saved(response)).toMatchObject({
      kind: 'offer',
      link: '/filter?category=sarees&minDiscount=30',
      offerMinDiscount: 30,
      offerCategoryId: sareesId,
      expiresAt: null,
    });

    const everywhere = await update(saved(response)._id, {
      kind: 'offer',
      title: 'Everything at 40% off and more',
      body: 'All of it.',
      offerMinDiscount: 40,
    });
    expect(everywhere.statusCode).toBe(200);
    expect(saved(everywhere)).toMatchObject({ link: '/filter?minDiscount=40', offerMinDiscount: 40, offerCategoryId: null });

    const listed = await adminCall(t.app, 'GET', '/api/admin/announcement/getAllAnnouncements', { asid: owner.asid });
    expect(listed.statusCode).toBe(200);
    const all = listed.json<{ data: { announcements: AdminAnnouncementJson[] } }>().data.announcements;
    expect(all.find((item) => item._id === saved(response)._id)).toMatchObject({
      title: 'Everything at 40% off and more',
      offerMinDiscount: 40,
    });
  });

  it('follows a renamed category slug', async () => {
    const response = await add({ kind: 'offer', title: 'Sarees sale', body: 'On now.', offerMinDiscount: 25, offerCategoryId: sareesId });
    await t.database.db.update(categories).set({ slug: 'saree' }).where(eq(categories.id, sareesId));
    const all = await t.services.announcements.listAll();
    expect(all.find((item) => item._id === saved(response)._id)?.link).toBe('/filter?category=saree&minDiscount=25');
    await t.database.db.update(categories).set({ slug: 'sarees' }).where(eq(categories.id, sareesId));
  });

  it('refuses an offer without a minimum discount, or outside 1–90, with a 400 naming offerMinDiscount', async () => {
    for (const offerMinDiscount of [undefined, null, 0, 91, 12.5, '30']) {
      const response = await add({ kind: 'offer', title: 'Sale', body: 'Now on.', offerMinDiscount });
      expect(response.statusCode, String(offerMinDiscount)).toBe(400);
      expect(errorOf(response).error).toContain('offerMinDiscount');
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['offerMinDiscount']);
    }
  });

  it('refuses a category that does not exist with a 400 naming offerCategoryId', async () => {
    for (const offerCategoryId of ['00000000-0000-4000-8000-000000000000', 'sarees']) {
      const response = await add({ kind: 'offer', title: 'Sale', body: 'Now on.', offerMinDiscount: 20, offerCategoryId });
      expect(response.statusCode, offerCategoryId).toBe(400);
      expect(errorOf(response).error).toContain('offerCategoryId');
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['offerCategoryId']);
    }
  });

  it('keeps the typed link of other kinds, and no offer fields', async () => {
    const response = await add({
      kind: 'collection',
      title: 'New linen',
      body: 'Just in.',
      link: '/filter?category=sarees',
      offerMinDiscount: 30,
    });
    expect(response.statusCode).toBe(201);
    expect(saved(response)).toMatchObject({ link: '/filter?category=sarees', offerMinDiscount: null, offerCategoryId: null });
  });

  it('answers 404 for an unknown announcement, and asks for an admin session', async () => {
    const body = { kind: 'news', title: 'News', body: 'Text.' };
    expect((await update('00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
    expect((await adminCall(t.app, 'POST', '/api/admin/announcement/addAnnouncement', { body })).statusCode).toBe(401);
    const staff = await signedInStaff(t, owner);
    expect((await add(body, staff.asid)).statusCode).toBe(201);
  });

  it('audits who published, changed and deleted an announcement, and deletes it for good (404 after)', async () => {
    const staff = await signedInStaff(t, owner);
    const id = saved(await add({ kind: 'news', title: 'Diwali hours', body: 'Open till 10 pm.' }, staff.asid))._id;
    expect((await update(id, { kind: 'news', title: 'Diwali hours', body: 'Open till 11 pm.' })).statusCode).toBe(200);
    const remove = (announcementId: string) =>
      adminCall(t.app, 'DELETE', `/api/admin/announcement/deleteAnnouncement/${announcementId}`, { asid: staff.asid });
    expect((await remove(id)).statusCode).toBe(200);
    expect((await t.services.announcements.listAll()).map((item) => item._id)).not.toContain(id);
    for (const missing of [id, 'not-an-id']) expect((await remove(missing)).statusCode).toBe(404);

    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.entity, entry.action, entry.actorId])).toEqual([
      ['announcement', 'announcement.create', staff.admin._id],
      ['announcement', 'announcement.update', owner.admin._id],
      ['announcement', 'announcement.delete', staff.admin._id],
    ]);
    expect(entries[1]!.before).toMatchObject({ body: 'Open till 10 pm.' });
    expect(entries[1]!.after).toMatchObject({ body: 'Open till 11 pm.' });
    expect(entries[2]).toMatchObject({ before: { title: 'Diwali hours' }, after: null });
  });
});
