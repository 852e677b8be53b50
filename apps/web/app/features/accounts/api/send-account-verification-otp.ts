import { sendAccountVerificationOtpSchema } from '@shop/core';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export { sendAccountVerificationOtpSchema };
export type SendAccountVerificationOtpInput = z.output<typeof sendAccountVerificationOtpSchema>;

/** Sign-up step 1: mails a one-time code that proves the address is the shopper's. */
export const sendAccountVerificationOtp = (input: SendAccountVerificationOtpInput) =>
  api.post('/api/user/auth/sendAccountVerificationOtp', input, 'Failed to send OTP.');
