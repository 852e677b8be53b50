import { z } from 'zod';
import type { OrderStatus } from './order-states.js';

// Issue 42: couriers booked through a shipping aggregator. The shapes of the shop's calls (names fixed by the
// issue so integrations can rely on them) and the words the pages show.

/** GET /api/user/delivery/estimate?pincode= */
export const deliveryEstimateQuerySchema = z.object({
  pincode: z
    .string({ message: 'pincode: Enter a 6-digit pincode.' })
    .trim()
    .regex(/^[1-9]\d{5}$/, 'Enter a 6-digit pincode.'),
});

export const deliveryEstimateAnswerSchema = z.object({
  /** Whether a courier reaches the pincode (the rule of thumb, without a provider, says yes to every pincode). */
  serviceable: z.boolean(),
  /** The day the parcel arrives at the latest, YYYY-MM-DD (India); null when no courier reaches the pincode. */
  deliveryBy: z.string().nullable(),
  /** Whether a courier there collects cash on delivery (false when unknown: the rule of thumb promises none). */
  cod: z.boolean(),
});
export type DeliveryEstimateAnswer = z.infer<typeof deliveryEstimateAnswerSchema>;

/** POST /api/admin/order/ship/{orderId}: a courier from the serviceability list, or the owner's default choice. */
export const shipOrderSchema = z.object({
  courierId: z.number({ message: 'courierId: Choose a courier from the list.' }).int().positive().optional(),
});
export type ShipOrderInput = z.infer<typeof shipOrderSchema>;

/** One courier that reaches the order's pincode, for the order page's picker (issue 42). */
export const courierOptionSchema = z.object({
  /** Shiprocket's courier_company_id: what `courierId` books. */
  id: z.number().int(),
  name: z.string(),
  /** The courier's rate for the parcel, in paise (Shiprocket quotes rupees). */
  ratePaise: z.number().int(),
  /** Its estimated days in transit, and the day the parcel arrives at the latest (YYYY-MM-DD, India). */
  days: z.number(),
  deliveryBy: z.string(),
  cod: z.boolean(),
});
export type CourierOption = z.infer<typeof courierOptionSchema>;

/**
 * GET /api/admin/order/couriers/{orderId}: the couriers to the order's pincode, cheapest first, with the one the
 * owner's default choice (cheapest or fastest) books; empty when none reaches it.
 */
export const courierOptionsSchema = z.object({
  couriers: z.array(courierOptionSchema),
  defaultCourierId: z.number().int().nullable(),
  choice: z.enum(['cheapest', 'fastest']),
});
export type CourierOptions = z.infer<typeof courierOptionsSchema>;

/** POST /api/admin/order/shipMany */
export const shipManySchema = z.object({
  orderIds: z
    .array(z.uuid('Each order id must be an order id.'))
    .min(1, 'Select at least one paid order.')
    .max(50, 'Ship at most 50 orders at once.'),
});
export const shipManyAnswerSchema = z.object({ labelsUrl: z.string(), manifestUrl: z.string() });

/** One courier scan of a parcel, as the order's timeline shows it. */
export const shipmentScanSchema = z.object({
  label: z.string(),
  activity: z.string(),
  location: z.string(),
  /** As the courier dated it, 'YYYY-MM-DD HH:MM:SS' India time. */
  at: z.string(),
});

/** The parcel booked for an order through the provider. */
export const shipmentSchema = z.object({
  awb: z.string(),
  courierName: z.string(),
  labelUrl: z.string(),
  trackingUrl: z.string(),
  /** When the courier comes for it, as the provider said ('YYYY-MM-DD HH:MM:SS', India time); null if not said. */
  pickupScheduled: z.string().nullable(),
  /** Newest first. */
  scans: z.array(shipmentScanSchema),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** What the order page says while a booking cannot be made; the owner presses the button again. */
export const BOOKING_FAILED = 'Booking failed — retry';

/**
 * Orders a parcel may be booked for: paid online, or confirmed for cash on delivery (issue 41: the courier collects
 * its total at the door, `payment_method: COD`). Every other status has nothing to send yet, or has sent it.
 */
export const READY_TO_SHIP = ['paid', 'confirmed'] as const satisfies readonly OrderStatus[];
export const isReadyToShip = (status: string): status is (typeof READY_TO_SHIP)[number] =>
  (READY_TO_SHIP as readonly string[]).includes(status);
/** The refusal for any other status. */
export const NOT_READY_TO_SHIP = 'Only a paid order, or a confirmed cash-on-delivery order, can be shipped from here.';
