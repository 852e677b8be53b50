import { publicUserSchema, type PublicUser } from '@shop/core';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useApiData } from '../../../lib/use-api-data';

const answer = z.object({ user: publicUserSchema });

export const getProfile = async (): Promise<PublicUser> => answer.parse(await api.get('/api/user/profile/getMyProfile')).user;

/** The signed-in shopper's profile, loaded after the page shows. */
export const useProfile = () => useApiData(getProfile);
