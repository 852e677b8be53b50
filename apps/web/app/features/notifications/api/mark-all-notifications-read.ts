import { api } from '../../../lib/api-client';

export const markAllNotificationsRead = () => api.put('/api/user/profile/markAllNotificationsRead');
