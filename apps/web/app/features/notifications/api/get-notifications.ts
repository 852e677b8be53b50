import { userNotificationSchema } from '@shop/core';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useApiData } from '../../../lib/use-api-data';

/** A shopper's own notifications, newest first, with how many are unread (not the public announcements). */
const answer = z.object({ notifications: z.array(userNotificationSchema), unreadCount: z.number() });
export type MyNotifications = z.infer<typeof answer>;

export const getNotifications = async (): Promise<MyNotifications> => answer.parse(await api.get('/api/user/profile/getMyNotifications'));

export const useNotifications = () => useApiData(getNotifications);
