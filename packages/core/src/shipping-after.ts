import { z } from 'zod';
import { plainText } from './text.js';

// Issue 42, continued: what happens to a parcel after booking that the owner acts on: failed delivery attempts
// (NDR) with her reattempt request, and the reverse pickup of an accepted return.

/** One failed delivery attempt of the order's parcel, as the order pages show it. */
export const deliveryAttemptSchema = z.object({
  /** 1 for the first failed attempt of this AWB, and so on. */
  attempt: z.number().int(),
  /** The courier's words: 'Consignee not available'. */
  reason: z.string(),
  /** As the courier dated it, 'YYYY-MM-DD HH:MM:SS' India time. */
  at: z.string(),
  /** Whether the owner has asked the courier to try again (once per attempt). */
  reattemptRequested: z.boolean(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

/** POST /api/admin/order/reattempt/{orderId}: the attempt the request answers, and words for the courier. */
export const reattemptSchema = z.object({
  attempt: z.coerce
    .number({ message: 'attempt: Choose the failed attempt to deliver again.' })
    .int('attempt: Choose the failed attempt to deliver again.')
    .positive('attempt: Choose the failed attempt to deliver again.'),
  comments: plainText({ missing: 'comments: Tell the courier what to do differently.' })
    .trim()
    .min(1, 'comments: Tell the courier what to do differently.')
    .max(200, 'comments: at most 200 characters'),
});
export type ReattemptInput = z.infer<typeof reattemptSchema>;

export const RETURN_PICKUP_STATUSES = ['booking', 'failed', 'booked', 'picked_up', 'arrived'] as const;
export type ReturnPickupStatus = (typeof RETURN_PICKUP_STATUSES)[number];

/** The reverse pickup booked for an accepted return (provider mode). */
export const returnPickupSchema = z.object({
  status: z.enum(RETURN_PICKUP_STATUSES),
  awb: z.string().nullable(),
  courierName: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  pickupScheduled: z.string().nullable(),
  /** The provider's words when the booking failed; null otherwise. */
  failure: z.string().nullable(),
});
export type ReturnPickup = z.infer<typeof returnPickupSchema>;

/** What the order page says while a return's pickup cannot be booked; the owner presses Retry. */
export const RETURN_PICKUP_FAILED = 'Pickup booking failed — retry';

/** The pickup's state in words, for the order pages. */
export function returnPickupInWords(pickup: ReturnPickup): string {
  switch (pickup.status) {
    case 'booking':
      return 'Booking the courier pickup…';
    case 'failed':
      return pickup.failure ? `${RETURN_PICKUP_FAILED}: ${pickup.failure}` : RETURN_PICKUP_FAILED;
    case 'booked':
      return `Pickup booked with ${pickup.courierName ?? 'the courier'}${pickup.pickupScheduled ? ` for ${pickup.pickupScheduled}` : ''}`;
    case 'picked_up':
      return `Picked up by ${pickup.courierName ?? 'the courier'}: on its way back to the shop`;
    case 'arrived':
      return 'Arrived at the shop: check the pieces and refund';
  }
}
