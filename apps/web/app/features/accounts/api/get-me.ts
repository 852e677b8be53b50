import type { PublicUser } from '@shop/core';
import { api } from '../../../lib/api-client';

// Answers are typed, not parsed: the server checks every answer against its schema as it sends it, and the
// header on every page should not load zod for that.

/** The shopper of this browser's session; also moves the session cookie's expiry along. Fails when signed out. */
export const getMe = async (): Promise<PublicUser> => (await api.get<{ user: PublicUser }>('/api/user/auth/me')).user;
