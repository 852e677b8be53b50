import { IMAGE_WIDTHS, MEDIA_PATH } from './catalogue-constants.js';
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
 * Where a refund lands and how long it takes to reach the shopper after we start it, by the way she paid: the one
 * table the order page, the notices and every policy page state (issue 38). From Razorpay's normal-refund times by
 * payment method (razorpay.com/docs/payments/refunds/normal, "Processing time"): cards 5–10, netbanking 2–10,
 * UPI 2–7 and wallets 0–3 days; counted here as working days, since banks credit refunds on working days. A method
 * not listed (EMI, pay later) falls back to `other`, the longest.
 */
export const REFUND_TIMELINES = {
  upi: { method: 'UPI', where: 'your UPI account', workingDays: { min: 2, max: 7 } },
  netbanking: { method: 'Netbanking', where: 'your bank account', workingDays: { min: 2, max: 10 } },
  card: { method: 'Credit or debit card', where: 'your card', workingDays: { min: 5, max: 10 } },
  wallet: { method: 'Wallet', where: 'your wallet', workingDays: { min: 0, max: 3 } },
  other: { method: 'Any other way', where: 'where you paid from', workingDays: { min: 5, max: 10 } },
} as const;

export type RefundTimeline = (typeof REFUND_TIMELINES)[keyof typeof REFUND_TIMELINES];

/** The refund timeline of a Razorpay payment method ('upi', 'card', 'netbanking', 'wallet', …). */
export function refundTimelineOf(method: string | null | undefined): RefundTimeline {
  const key = (method ?? '').toLowerCase();
  return Object.hasOwn(REFUND_TIMELINES, key) ? REFUND_TIMELINES[key as keyof typeof REFUND_TIMELINES] : REFUND_TIMELINES.other;
}

/** '2–7 working days', 'up to 3 working days' for a range that starts at once. */
export function workingDaysText(range: { min: number; max: number }): string {
  return range.min === 0 ? `up to ${range.max} working days` : `${range.min}–${range.max} working days`;
}

/** 'goes back to your UPI account, typically within 2–7 working days': what any refund tells about its money. */
export function refundWayText(timeline: RefundTimeline): string {
  const { min, max } = timeline.workingDays;
  return `goes back to ${timeline.where}, typically within ${min === 0 ? max : `${min}–${max}`} working days`;
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
  /**
   * What the line was charged in paise: unit price × quantity less its share of the order-level discounts (issue 41:
   * a returned piece refunds its share as paid, never more).
   */
  lineTotal: Paise;
}

/**
 * The pieces of each order line a return sends back, in the order's line order, with the reason given for them: the
 * pieces its requests named, or every piece of every line for a return made before a request named pieces (issue
 * 28), which names none. Lines with none coming back are left out. A line's reason is null for a return asked before
 * each line kept its own (issue 38): the order's reason stands for it. One rule for the shopper's order page, the
 * back-office's and the credit note.
 */
export function returnedPieces<T extends { itemId: string; quantity: number }>(order: {
  items: readonly T[];
  returnItems: ReadonlyArray<{ itemId: string; quantity: number; reason?: string | null }>;
}): Array<{ item: T; pieces: number; reason: string | null }> {
  const named = new Map(order.returnItems.map((line) => [line.itemId, line]));
  return order.items.flatMap((item) => {
    const line = named.get(item.itemId);
    const pieces = named.size > 0 ? (line?.quantity ?? 0) : item.quantity;
    return pieces > 0 ? [{ item, pieces, reason: line?.reason ?? null }] : [];
  });
}

/**
 * An order line as a return names it: 'Chikankari Cotton Kurti (Red, M)', with the colour and size that tell two lines
 * of one product apart (or the variant's own name when it has neither); the product's name alone without a variant.
 */
export function pieceName(item: {
  productName: string;
  variantName: string | null;
  variantColor: string | null;
  variantSize: string | null;
}): string {
  const parts = [item.variantColor, item.variantSize].filter((part): part is string => Boolean(part));
  const variant = parts.length > 0 ? parts.join(', ') : item.variantName;
  return variant ? `${item.productName} (${variant})` : item.productName;
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

/** The media folder a return's photos are stored in, one per order (the orders service saves them there). */
export const returnPhotoFolder = (orderId: string): string => `return-${orderId}`;

/** One stored rendition's file name: `<hash>-<width>.webp` (or `.avif`), as the media store names them. */
const RENDITION_FILE = new RegExp(`^[a-f0-9]{1,64}-(?:${IMAGE_WIDTHS.join('|')})\\.(?:webp|avif)$`);

/**
 * Whether a photo link given with a return is one of this shop's own photos stored for that order's return, as rows
 * keep them (`/media/return-<orderId>/<hash>-640.webp`, any of its renditions). The back-office opens these links,
 * so any other address, or other media of the shop, is refused (issue 38).
 */
export function isReturnPhotoOf(orderId: string, url: string): boolean {
  const folder = `${MEDIA_PATH}/${returnPhotoFolder(orderId)}/`;
  return url.startsWith(folder) && RENDITION_FILE.test(url.slice(folder.length));
}
