import { AppError, type UserNotification } from '@shop/core';
import type { Db } from '../db/database.js';
import {
  insertNotification,
  markAllNotificationsRead,
  markNotificationRead,
  notificationOf,
  notificationsOf,
  unreadCountOf,
  type NotificationRow,
} from './queries.js';

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
      return (await notificationsOf(db, userId, 100)).map(toNotification);
    },

    unreadCount: (userId: string): Promise<number> => unreadCountOf(db, userId),

    /** `executor`: the transaction of the change the notification tells about (orders/notices.ts). */
    async create(
      userId: string,
      input: { title: string; body: string; link?: string | null },
      executor: Db = db,
    ): Promise<UserNotification> {
      return toNotification(
        await insertNotification(executor, { userId, title: input.title, body: input.body, link: input.link ?? null, createdAt: now() }),
      );
    },

    async markRead(userId: string, notificationId: string): Promise<UserNotification> {
      const row = await notificationOf(db, userId, notificationId);
      if (!row) throw new AppError('NOT_FOUND', 'Notification not found.');
      if (row.readAt) return toNotification(row);
      return toNotification(await markNotificationRead(db, row.id, now()));
    },

    async markAllRead(userId: string): Promise<void> {
      await markAllNotificationsRead(db, userId, now());
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
