import { addressInputSchema, type AddressInput } from '@shop/core';
import { api } from '../../../lib/api-client';

export { addressInputSchema };

/** Saves a new address; the shopper's first becomes the default. */
export const addAddress = (input: AddressInput) => api.post('/api/user/profile/addAddress', input);
