import { loginUsingPasswordSchema } from '@shop/core';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export { loginUsingPasswordSchema };
export type LoginUsingPasswordInput = z.output<typeof loginUsingPasswordSchema>;

/** Starts a session (the cookie) for the e-mail and password. */
export const loginUsingPassword = (input: LoginUsingPasswordInput) => api.post('/api/user/auth/loginUsingPassword', input, 'Login failed.');
