import { addressInputSchema, type AddressInput } from '@shop/core';
import { api } from '../../../lib/api-client';

export { addressInputSchema };

export const updateAddress = (addressId: string, input: AddressInput) =>
  api.put(`/api/user/profile/updateAddress/${encodeURIComponent(addressId)}`, input);
