import type { Paise } from './money.js';
import { returnShare } from './invoice.js';

// After an order: why a shopper cancels, where a refund goes and when, and where a parcel can be followed (issue 28).

/** The reasons the shopper's cancel form offers; the API's `reason` stays free text, so these are its usual values. */
export const CANCEL_REASONS = [
  'Ordered by mistake',
  'Found a better price',
  'Delivery too late',
  'Want to change size or colour',
  'Other',
] as const;

/**
 * Where a refund lands and how long it takes, by the way the order was paid. From Razorpay's refund timelines
 * (razorpay.com/docs/payments/refunds, "Refund timelines"): UPI refunds typically reach the account in 2–3
 * working days, cards and netbanking in 5–7 working days. Methods not listed fall back to `other`.
 */
export const REFUND_TIMELINES = {
  upi: { where: 'your UPI account', workingDays: { min: 2, max: 3 } },
  card: { where: 'your card', workingDays: { min: 5, max: 7 } },
  netbanking: { where: 'your bank account', workingDays: { min: 5, max: 7 } },
  other: { where: 'where you paid from', workingDays: { min: 5, max: 7 } },
} as const;

export type RefundTimeline = (typeof REFUND_TIMELINES)[keyof typeof REFUND_TIMELINES];

/** The refund timeline of a Razorpay payment method ('upi', 'card', 'netbanking', …). */
export function refundTimelineOf(method: string | null | undefined): RefundTimeline {
  const key = (method ?? '').toLowerCase();
  return key === 'upi' || key === 'card' || key === 'netbanking' ? REFUND_TIMELINES[key] : REFUND_TIMELINES.other;
}

/** Adds `days` working days (Monday to Friday) to `from`; holidays are not known here, hence "typically". */
export function addWorkingDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at;
}

/**
 * The couriers the back-office ships with and their public tracking pages; `{n}` is the tracking number. The
 * admin's ship form takes the courier as text, so a name is matched without case or spaces; an unknown one has
 * no link.
 */
export const COURIERS = [
  { name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track-v2/package/{n}' },
  { name: 'Blue Dart', trackingUrl: 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={n}' },
  { name: 'DTDC', trackingUrl: 'https://www.dtdc.in/trace.asp?strCnno={n}' },
  { name: 'Ekart', trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{n}' },
  { name: 'Xpressbees', trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={n}' },
  { name: 'Shadowfax', trackingUrl: 'https://tracker.shadowfax.in/#/track/{n}' },
  { name: 'Ecom Express', trackingUrl: 'https://ecomexpress.in/tracking/?awb_field={n}' },
  { name: 'India Post', trackingUrl: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={n}' },
] as const;

const courierKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The courier's public tracking page for a tracking number, or null for a courier we do not know. */
export function trackingUrlOf(courier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  if (!courier || !trackingNumber) return null;
  const known = COURIERS.find((entry) => courierKey(entry.name) === courierKey(courier));
  return known ? known.trackingUrl.replace('{n}', encodeURIComponent(trackingNumber.trim())) : null;
}

/** An order line as a return sees it. */
export interface ReturnableLine {
  itemId: string;
  quantity: number;
  /** What the line cost in paise (unit price × quantity). */
  lineTotal: Paise;
}

/**
 * The pieces of each order line a return sends back, in the order's line order: the pieces its request named, or
 * every piece of every line for a return made before a request named pieces (issue 28), which names none. Lines with
 * none coming back are left out. One rule for the shopper's order page, the back-office's and the credit note.
 */
export function returnedPieces<T extends { itemId: string; quantity: number }>(order: {
  items: readonly T[];
  returnItems: ReadonlyArray<{ itemId: string; quantity: number }>;
}): Array<{ item: T; pieces: number }> {
  const named = new Map(order.returnItems.map((line) => [line.itemId, line.quantity]));
  return order.items.flatMap((item) => {
    const pieces = named.size > 0 ? (named.get(item.itemId) ?? 0) : item.quantity;
    return pieces > 0 ? [{ item, pieces }] : [];
  });
}

/**
 * What a return refunds, in paise: every piece of the order back refunds exactly what was paid (shipping
 * included); some pieces refund their lines' share (returnShare), without shipping. `returning` maps an order
 * line's id to the pieces going back.
 */
export function returnRefundAmount(lines: readonly ReturnableLine[], returning: ReadonlyMap<string, number>, paid: Paise): Paise {
  const whole = lines.every((line) => (returning.get(line.itemId) ?? 0) === line.quantity);
  if (whole) return paid;
  const share = lines.reduce((sum, line) => {
    const pieces = returning.get(line.itemId) ?? 0;
    return pieces > 0 ? sum + returnShare(line.lineTotal, line.quantity, 0, pieces) : sum;
  }, 0);
  return Math.min(share, paid);
}
