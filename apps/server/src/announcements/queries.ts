import { and, desc, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { announcements } from './tables.js';

export type AnnouncementRow = typeof announcements.$inferSelect;

export async function insertAnnouncement(db: Db, values: typeof announcements.$inferInsert): Promise<AnnouncementRow> {
  const [row] = await db.insert(announcements).values(values).returning();
  return row!;
}

/** Announcements visible at `now` (published, not expired), newest first. */
export function publishedAnnouncements(db: Db, now: Date, limit: number): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcements)
    .where(and(lte(announcements.publishedAt, now), or(isNull(announcements.expiresAt), gt(announcements.expiresAt, now))))
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(limit);
}
