import { verifyLoginOtpSchema } from '@shop/core';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export { verifyLoginOtpSchema };
export type VerifyLoginOtpInput = z.output<typeof verifyLoginOtpSchema>;

/** Login by code, step 2: starts a session (the cookie) when the mailed code is right. */
export const verifyLoginOtp = (input: VerifyLoginOtpInput) => api.post('/api/user/auth/verifyLoginOtp', input, 'Invalid OTP.');
