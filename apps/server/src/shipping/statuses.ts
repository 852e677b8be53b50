// Shiprocket's status ids (`sr-status`, `shipment_status_id`) the shop acts on, from the collection's examples and
// its status code table (docs/decisions/039-shiprocket-calls.md).

/** The courier has the parcel: picked up (42), shipped (6), in transit (18), reached destination hub (38), out for delivery (17), undelivered (21). */
export const WITH_COURIER = new Set([42, 6, 18, 38, 17, 21]);
export const DELIVERED = 7;
export const RTO_INITIATED = 9;
export const RTO_DELIVERED = 10;
/** Return to origin: initiated (9), delivered back to the shop (10). */
export const RETURN_TO_ORIGIN = new Set([RTO_INITIATED, RTO_DELIVERED]);
/** Any scan that means the courier has (or had) the parcel: it can no longer be cancelled. */
export const WITH_COURIER_OR_LATER = new Set([...WITH_COURIER, DELIVERED, ...RETURN_TO_ORIGIN]);
/** The parcel's journey is over: delivered, or delivered back to the shop. */
export const FINISHED = [DELIVERED, RTO_DELIVERED] as const;
