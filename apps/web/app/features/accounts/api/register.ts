import { registerSchema, type RegisterInput } from '@shop/core';
import { api } from '../../../lib/api-client';

export { registerSchema };

/** Sign-up step 2: creates the account for the verified address (no session: the shopper logs in next). */
export const register = (input: RegisterInput) => api.post('/api/user/auth/register', input, 'Signup failed.');
