import { and, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import { categorySlugs } from '../catalogue/queries.js';
import type { Db } from '../db/database.js';
import { announcements } from './tables.js';

export type AnnouncementRow = typeof announcements.$inferSelect;
/** A row with its offer category's slug as it is now (null without one). */
export type AnnouncementWithCategory = AnnouncementRow & { categorySlug: string | null };

/** The rows with their offer categories' slugs, asked of the catalogue (its table is its own). */
async function withCategories(db: Db, rows: AnnouncementRow[]): Promise<AnnouncementWithCategory[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.offerCategoryId ? [row.offerCategoryId] : [])))];
  const slugs = ids.length > 0 ? await categorySlugs(db, ids) : new Map<string, string>();
  return rows.map((row) => ({ ...row, categorySlug: row.offerCategoryId ? (slugs.get(row.offerCategoryId) ?? null) : null }));
}

const selectWhere = (db: Db, where?: SQL) => db.select().from(announcements).where(where);

export async function insertAnnouncement(db: Db, values: typeof announcements.$inferInsert): Promise<AnnouncementWithCategory> {
  const [row] = await db.insert(announcements).values(values).returning({ id: announcements.id });
  const [saved] = await withCategories(db, await selectWhere(db, eq(announcements.id, row!.id)));
  return saved!;
}

/** One announcement with its category's slug, locked until the transaction ends (an edit or a removal reads it first). */
export async function lockedAnnouncement(db: Db, id: string): Promise<AnnouncementWithCategory | null> {
  const rows = await db.select().from(announcements).where(eq(announcements.id, id)).for('update');
  const [row] = await withCategories(db, rows);
  return row ?? null;
}

/** Removes an announcement; whether there was one. */
export async function deleteAnnouncement(db: Db, id: string): Promise<boolean> {
  const removed = await db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
  return removed.length > 0;
}

/** Replaces an announcement's fields; null when there is no such announcement. */
export async function updateAnnouncement(
  db: Db,
  id: string,
  values: typeof announcements.$inferInsert,
): Promise<AnnouncementWithCategory | null> {
  const [row] = await db.update(announcements).set(values).where(eq(announcements.id, id)).returning({ id: announcements.id });
  if (!row) return null;
  const [saved] = await withCategories(db, await selectWhere(db, eq(announcements.id, row.id)));
  return saved ?? null;
}

/** Every announcement, newest publication first. */
export async function allAnnouncements(db: Db): Promise<AnnouncementWithCategory[]> {
  return withCategories(db, await selectWhere(db).orderBy(desc(announcements.publishedAt), desc(announcements.id)));
}

/** A category's slug, or null when there is no such category. */
export async function categorySlug(db: Db, categoryId: string): Promise<string | null> {
  return (await categorySlugs(db, [categoryId])).get(categoryId) ?? null;
}

/** Announcements visible at `now` (published, not expired), newest first. */
export async function publishedAnnouncements(db: Db, now: Date, limit: number): Promise<AnnouncementWithCategory[]> {
  const rows = await selectWhere(
    db,
    and(lte(announcements.publishedAt, now), or(isNull(announcements.expiresAt), gt(announcements.expiresAt, now))),
  )
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(limit);
  return withCategories(db, rows);
}
