import { userNotificationSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopperOf } from '../auth/plugin.js';
import { emptyAnswer, ok, okEnvelope } from '../http/envelope.js';
import type { NotificationService } from './service.js';

const tags = ['customer profile'];

/** A shopper's own notifications (not the public announcements); registered in the shopper scope. */
export const notificationRoutes =
  (notifications: NotificationService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/profile/getMyNotifications',
      {
        schema: {
          tags,
          summary: 'My notifications, newest first, and how many are unread',
          response: { 200: okEnvelope(z.object({ notifications: z.array(userNotificationSchema), unreadCount: z.number() })) },
        },
      },
      async (request) => {
        const userId = (await shopperOf(request)).user._id;
        return ok({ notifications: await notifications.list(userId), unreadCount: await notifications.unreadCount(userId) });
      },
    );

    app.put(
      '/api/user/profile/markNotificationRead/:notificationId',
      {
        schema: {
          tags,
          summary: 'Mark one of my notifications read',
          params: z.object({ notificationId: z.uuid('Notification not found.') }),
          response: { 200: okEnvelope(z.object({ notification: userNotificationSchema })) },
        },
      },
      async (request) =>
        ok({ notification: await notifications.markRead((await shopperOf(request)).user._id, request.params.notificationId) }),
    );

    app.put(
      '/api/user/profile/markAllNotificationsRead',
      { schema: { tags, summary: 'Mark all my notifications read', response: emptyAnswer } },
      async (request) => {
        await notifications.markAllRead((await shopperOf(request)).user._id);
        return ok({});
      },
    );
  };
