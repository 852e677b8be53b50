import { forgotPasswordSchema } from '@shop/core';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export { forgotPasswordSchema };
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

/** Forgot password, step 1: mails a one-time reset code to the address. */
export const forgotPassword = (input: ForgotPasswordInput) => api.post('/api/user/auth/forgotPassword', input, 'Failed to send OTP.');
