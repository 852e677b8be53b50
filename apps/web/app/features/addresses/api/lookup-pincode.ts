import { pincodeDetailsSchema, type PincodeDetails } from '@shop/core';
import { ApiError, api } from '../../../lib/api-client';

/**
 * GET /api/user/pincode/{pincode}: where a pincode is, from India Post's directory shipped with the shop. Null for a
 * pincode the directory does not have (404); any other failure throws.
 */
export async function lookupPincode(pincode: string): Promise<PincodeDetails | null> {
  try {
    return pincodeDetailsSchema.parse(await api.get(`/api/user/pincode/${encodeURIComponent(pincode)}`));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
