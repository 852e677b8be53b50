import { z } from 'zod';

/** Public announcements of the shop (the /notifications page): not a shopper's own notifications. */
export const ANNOUNCEMENT_KINDS = ['offer', 'collection', 'news'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

export const announcementSchema = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string(),
  kind: z.enum(ANNOUNCEMENT_KINDS),
  link: z.string().nullable(),
  publishedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
