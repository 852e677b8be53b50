import { AppError, type UserNotification } from '@shop/core';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { userNotifications } from '../accounts/tables.js';

type NotificationRow = typeof userNotifications.$inferSelect;

const toNotification = (row: NotificationRow): UserNotification => ({
  _id: row.id,
  title: row.title,
  body: row.body,
  link: row.link,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** Messages to one shopper (welcome, later order updates); each user reads and marks only their own. */
export function createNotificationService(db: Db, now: () => Date) {
  return {
    async list(userId: string): Promise<UserNotification[]> {
      const rows = await db
        .select()
        .from(userNotifications)
        .where(eq(userNotifications.userId, userId))
        .orderBy(desc(userNotifications.createdAt))
        .limit(100);
      return rows.map(toNotification);
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(userNotifications)
        .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
      return row?.unread ?? 0;
    },

    /** `executor`: the transaction of the change the notification tells about (orders/notices.ts). */
    async create(
      userId: string,
      input: { title: string; body: string; link?: string | null },
      executor: Pick<Db, 'insert'> = db,
    ): Promise<UserNotification> {
      const [row] = await executor
        .insert(userNotifications)
        .values({ userId, title: input.title, body: input.body, link: input.link ?? null, createdAt: now() })
        .returning();
      return toNotification(row!);
    },

    async markRead(userId: string, notificationId: string): Promise<UserNotification> {
      const [row] = await db
        .select()
        .from(userNotifications)
        .where(and(eq(userNotifications.id, notificationId), eq(userNotifications.userId, userId)));
      if (!row) throw new AppError('NOT_FOUND', 'Notification not found.');
      if (row.readAt) return toNotification(row);
      const [updated] = await db.update(userNotifications).set({ readAt: now() }).where(eq(userNotifications.id, row.id)).returning();
      return toNotification(updated!);
    },

    async markAllRead(userId: string): Promise<void> {
      await db
        .update(userNotifications)
        .set({ readAt: now() })
        .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
