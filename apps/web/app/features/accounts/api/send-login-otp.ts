import { sendLoginOtpSchema } from '@shop/core';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export { sendLoginOtpSchema };
export type SendLoginOtpInput = z.output<typeof sendLoginOtpSchema>;

/** Login by code, step 1: mails a one-time code to the address. */
export const sendLoginOtp = (input: SendLoginOtpInput) => api.post('/api/user/auth/sendLoginOtp', input, 'Failed to send OTP.');
