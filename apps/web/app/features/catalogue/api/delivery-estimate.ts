import { deliveryEstimateAnswerSchema, type DeliveryEstimateAnswer } from '@shop/core';
import { api } from '../../../lib/api-client';

/**
 * GET /api/user/delivery/estimate?pincode=: the couriers' own date and whether one reaches the pincode (issue 42);
 * the server answers the rule of thumb itself when no courier service is set or it is down. Null on any failure:
 * the page then keeps the rule of thumb it already has.
 */
export async function estimateDelivery(pincode: string): Promise<DeliveryEstimateAnswer | null> {
  try {
    return deliveryEstimateAnswerSchema.parse(await api.get(`/api/user/delivery/estimate?pincode=${encodeURIComponent(pincode)}`));
  } catch {
    return null;
  }
}
