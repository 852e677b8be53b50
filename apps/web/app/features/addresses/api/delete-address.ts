import { api } from '../../../lib/api-client';

export const deleteAddress = (addressId: string) => api.delete(`/api/user/profile/deleteAddress/${encodeURIComponent(addressId)}`);
