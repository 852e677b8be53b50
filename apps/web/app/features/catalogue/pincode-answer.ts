import { deliveryCheck, isPincode, istDayShort, type DeliveryEstimateAnswer, type PincodeDetails } from '@shop/core';

/** What the product page's delivery check says: a day (ok) or why there is none. */
export interface PincodeAnswer {
  ok: boolean;
  text: string;
}

export const MALFORMED_PINCODE = 'Enter a 6-digit pincode, like 560011.';

/**
 * The sentence for a typed pincode: `place` is the directory's answer (null: it has no such pincode); `estimate` the
 * couriers' own (issue 42: GET /api/user/delivery/estimate), whose date wins and which may say no courier goes there.
 */
export function pincodeAnswer(
  typed: string,
  place: PincodeDetails | null,
  now: Date,
  estimate: DeliveryEstimateAnswer | null = null,
): PincodeAnswer {
  const pincode = typed.trim();
  if (!isPincode(pincode)) return { ok: false, text: MALFORMED_PINCODE };
  const result = deliveryCheck(pincode, place, now);
  // Where the pincode is, as the address form says it: a mistyped pincode shows itself by a place she does not live in.
  if (result.ok && estimate && !estimate.serviceable) {
    return {
      ok: false,
      text: `Our couriers do not deliver to ${pincode}, ${result.district}, ${result.state} yet, so we cannot ship there.`,
    };
  }
  if (result.ok) {
    const day = estimate?.deliveryBy ?? result.day;
    return { ok: true, text: `Delivery by ${istDayShort(day)} to ${pincode}, ${result.district}, ${result.state}.` };
  }
  return result.reason === 'unknown'
    ? { ok: false, text: `We could not find pincode ${pincode}, so we cannot promise a delivery day. Please check it.` }
    : { ok: false, text: MALFORMED_PINCODE };
}
