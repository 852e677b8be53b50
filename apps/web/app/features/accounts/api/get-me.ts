import { publicUserSchema, type PublicUser } from '@shop/core';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const answer = z.object({ user: publicUserSchema });

/** The shopper of this browser's session; also moves the session cookie's expiry along. Fails when signed out. */
export const getMe = async (): Promise<PublicUser> => answer.parse(await api.get('/api/user/auth/me')).user;
