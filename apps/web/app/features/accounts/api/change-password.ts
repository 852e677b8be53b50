import { changePasswordSchema } from '@shop/core';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export { changePasswordSchema };
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** Changes the password; the server logs the shopper's other devices out. */
export const changePassword = (input: ChangePasswordInput) => api.put('/api/user/profile/changePassword', input);
