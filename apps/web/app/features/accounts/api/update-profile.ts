import { updateProfileSchema, type UpdateProfileInput } from '@shop/core';
import { api } from '../../../lib/api-client';

export { updateProfileSchema };

/** Saves name, phone, date of birth and gender; an emptied optional field ('') is cleared. */
export const updateProfile = (input: UpdateProfileInput) => api.put('/api/user/profile/updateProfile', input);
