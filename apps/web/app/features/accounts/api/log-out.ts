import { api } from '../../../lib/api-client';

/** Ends this browser's session. */
export const logOut = () => api.post('/api/user/auth/logout');
