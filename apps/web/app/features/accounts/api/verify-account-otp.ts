import { verifyAccountOtpSchema } from '@shop/core';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export { verifyAccountOtpSchema };
export type VerifyAccountOtpInput = z.output<typeof verifyAccountOtpSchema>;

/** Sign-up step 1, done: the mailed code marks the address verified for registering. */
export const verifyAccountOtp = (input: VerifyAccountOtpInput) => api.post('/api/user/auth/verifyAccountOtp', input, 'Invalid OTP.');
