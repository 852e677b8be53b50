import { api } from '../../../lib/api-client';

export const markNotificationRead = (notificationId: string) =>
  api.put(`/api/user/profile/markNotificationRead/${encodeURIComponent(notificationId)}`);
