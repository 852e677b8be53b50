import { ANNOUNCEMENT_KINDS, AppError, DELIVERY_DAYS, DISPATCH_HOURS, SHIPPING, formatINR, type Announcement } from '@shop/core';
import { and, count, desc, gt, isNull, lte, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import { announcements } from './tables.js';

type AnnouncementRow = typeof announcements.$inferSelect;

const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  _id: row.id,
  title: row.title,
  body: row.body,
  kind: row.kind,
  link: row.link,
  publishedAt: row.publishedAt.toISOString(),
});

/** Most announcements the public page shows. */
export const MAX_PUBLISHED = 50;

export const announcementInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Please enter a title.').max(120, 'Title must be at most 120 characters.'),
    body: z.string().trim().min(1, 'Please enter the text.').max(1000, 'Text must be at most 1000 characters.'),
    kind: z.enum(ANNOUNCEMENT_KINDS, 'Please choose offer, collection or news.'),
    link: z
      .string()
      .trim()
      .regex(/^\/(?!\/)\S*$/, 'Link must be a path on this shop, such as /filter?minDiscount=30.')
      .max(500, 'Link must be at most 500 characters.')
      .nullish(),
    publishedAt: z.date().optional(),
    expiresAt: z.date().nullish(),
  })
  .refine((input) => !input.expiresAt || input.expiresAt > (input.publishedAt ?? new Date()), {
    message: 'The end date must be after the publication date.',
    path: ['expiresAt'],
  });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

export interface AnnouncementsService {
  /** Announcements visible at `now` (published, not expired), newest first, at most 50. */
  listPublished(now: Date): Promise<Announcement[]>;
  create(input: AnnouncementInput): Promise<Announcement>;
  /** Inserts the demo announcements when there are none at all; never touches an edited list. */
  ensureDemo(now?: Date): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Demo announcements a fresh shop starts with, published `daysAgo` before the start. */
export const DEMO_ANNOUNCEMENTS: ReadonlyArray<Omit<AnnouncementInput, 'publishedAt'> & { daysAgo: number }> = [
  {
    kind: 'collection',
    title: 'Festive Edit is here',
    body: 'Handpicked Banarasi and Kanjivaram silks, mirror-work lehengas and gota-patti dupattas for the season of lights. Limited pieces in every colour.',
    link: '/filter?style=traditional&sort=newest',
    daysAgo: 1,
  },
  {
    kind: 'offer',
    title: 'Flat 30% off on silk sarees',
    body: 'Our softest silk sarees, now at least 30% off for a limited time. The discount is already applied to the price you see.',
    link: '/filter?category=sarees&minDiscount=30',
    daysAgo: 4,
  },
  {
    kind: 'news',
    title: `Free shipping from ${formatINR(SHIPPING.freeShippingFromPaise, { compact: true })}`,
    body: `Orders of ${formatINR(SHIPPING.freeShippingFromPaise, { compact: true })} or more ship free anywhere in India. Below that, a flat ${formatINR(SHIPPING.flatFeePaise, { compact: true })} is shown before you pay.`,
    link: '/shippingpolicy',
    daysAgo: 8,
  },
  {
    kind: 'collection',
    title: 'New: linen co-ord sets',
    body: 'Breathable linen shirts and trousers in sage, sand and indigo: made to be worn together, and just as easy apart.',
    link: '/filter?category=co-ord-sets',
    daysAgo: 13,
  },
  {
    kind: 'news',
    title: 'Diwali dispatch timelines',
    body: `We dispatch every order within ${DISPATCH_HOURS.min}–${DISPATCH_HOURS.max} hours; metro cities receive it in ${DELIVERY_DAYS.metro.min}–${DELIVERY_DAYS.metro.max} business days, other towns in ${DELIVERY_DAYS.tier2And3.min}–${DELIVERY_DAYS.tier2And3.max}. For Diwali, order at least ten days ahead.`,
    link: null,
    daysAgo: 20,
  },
];

export function createAnnouncementsService(db: Db): AnnouncementsService {
  const create = async (input: AnnouncementInput): Promise<Announcement> => {
    const parsed = announcementInputSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'input';
      throw new AppError('INVALID_DATA', `${field}: ${issue?.message ?? 'is invalid'}`, { [field]: issue?.message ?? 'is invalid' });
    }
    const { title, body, kind, link, publishedAt, expiresAt } = parsed.data;
    const [row] = await db
      .insert(announcements)
      .values({ title, body, kind, link: link ?? null, publishedAt: publishedAt ?? new Date(), expiresAt: expiresAt ?? null })
      .returning();
    return toAnnouncement(row!);
  };

  return {
    create,
    async listPublished(now) {
      const rows = await db
        .select()
        .from(announcements)
        .where(and(lte(announcements.publishedAt, now), or(isNull(announcements.expiresAt), gt(announcements.expiresAt, now))))
        .orderBy(desc(announcements.publishedAt), desc(announcements.id))
        .limit(MAX_PUBLISHED);
      return rows.map(toAnnouncement);
    },
    async ensureDemo(now = new Date()) {
      const [existing] = await db.select({ n: count() }).from(announcements);
      if ((existing?.n ?? 0) > 0) return;
      for (const { daysAgo, ...demo } of DEMO_ANNOUNCEMENTS) {
        await create({ ...demo, publishedAt: new Date(now.getTime() - daysAgo * DAY_MS) });
      }
    },
  };
}
