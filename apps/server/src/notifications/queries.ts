import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { statement } from '../db/statements.js';
import { userNotifications } from './tables.js';

export type NotificationRow = typeof userNotifications.$inferSelect;

/** A shopper's newest notifications. */
export function notificationsOf(db: Db, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(userNotifications)
    .where(eq(userNotifications.userId, userId))
    .orderBy(desc(userNotifications.createdAt))
    .limit(limit);
}

export async function unreadCountOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
  return row?.unread ?? 0;
}

/** Writes a notification, in the transaction of the change it tells about when `executor` is one. */
export async function insertNotification(
  executor: Db,
  values: { userId: string; title: string; body: string; link: string | null; createdAt: Date },
): Promise<NotificationRow> {
  const [row] = await insertStatement(executor, values);
  return row!;
}

// Every order's notices write one: built once (db/statements.ts).
const insertStatement = statement('user_notification_insert', (db, name) =>
  db
    .insert(userNotifications)
    .values({
      userId: sql.placeholder('userId'),
      title: sql.placeholder('title'),
      body: sql.placeholder('body'),
      link: sql.placeholder('link'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning()
    .prepare(name),
);

/** One of a shopper's notifications (undefined for another shopper's). */
export async function notificationOf(db: Db, userId: string, notificationId: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(userNotifications)
    .where(and(eq(userNotifications.id, notificationId), eq(userNotifications.userId, userId)));
  return row;
}

export async function markNotificationRead(db: Db, notificationId: string, at: Date): Promise<NotificationRow> {
  const [row] = await db.update(userNotifications).set({ readAt: at }).where(eq(userNotifications.id, notificationId)).returning();
  return row!;
}

export async function markAllNotificationsRead(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(userNotifications)
    .set({ readAt: at })
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
}
