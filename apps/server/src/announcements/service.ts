import { ANNOUNCEMENT_KINDS, AppError, type Announcement } from '@shop/core';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import { insertAnnouncement, publishedAnnouncements, type AnnouncementRow } from './queries.js';

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
}

export function createAnnouncementsService(db: Db): AnnouncementsService {
  const create = async (input: AnnouncementInput): Promise<Announcement> => {
    const parsed = announcementInputSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'input';
      throw new AppError('INVALID_DATA', `${field}: ${issue?.message ?? 'is invalid'}`, { [field]: issue?.message ?? 'is invalid' });
    }
    const { title, body, kind, link, publishedAt, expiresAt } = parsed.data;
    return toAnnouncement(
      await insertAnnouncement(db, {
        title,
        body,
        kind,
        link: link ?? null,
        publishedAt: publishedAt ?? new Date(),
        expiresAt: expiresAt ?? null,
      }),
    );
  };

  return {
    create,
    async listPublished(now) {
      return (await publishedAnnouncements(db, now, MAX_PUBLISHED)).map(toAnnouncement);
    },
  };
}
