import { api } from '../../../lib/api-client';

/** Makes the address the one checkout offers first. */
export const setDefaultAddress = (addressId: string) => api.put(`/api/user/profile/setDefaultAddress/${encodeURIComponent(addressId)}`);
