import { resetPasswordSchema } from '@shop/core';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export { resetPasswordSchema };
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

/** Forgot password, step 2: sets the new password when the mailed code is right; every session ends. */
export const resetPassword = (input: ResetPasswordInput) =>
  api.post('/api/user/auth/resetPassword', input, 'Could not reset your password.');
