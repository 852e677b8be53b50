import { DELIVERY_DAYS, DISPATCH_HOURS } from './policy.js';
import { addDays } from './calendar-days.js';
import { istDay } from './india-time.js';

// The shop's one delivery estimate, for the product page's pincode check ('Delivery by Thu, 27 Nov') and the order
// pages ('Expected delivery'): the zone of a pincode from its first digits, and the days the policy's dispatch and
// delivery windows promise. Couriers deliver Monday to Saturday.

export type DeliveryZone = keyof typeof DELIVERY_DAYS;

/** Metro cities by the first three digits of their pincodes. */
const METRO_PREFIXES = new Set([
  '110', // Delhi
  '400', // Mumbai
  '411', // Pune
  '560', // Bengaluru
  '600', // Chennai
  '500', // Hyderabad
  '700', // Kolkata
  '380', // Ahmedabad
]);

/**
 * Places couriers reach last: Himachal Pradesh (17), Jammu, Kashmir and Ladakh (18–19), the North-East (78–79,
 * and Sikkim 737), the Andaman and Nicobar Islands (744), Lakshadweep (6825) and army post offices (9).
 */
const REMOTE_PREFIXES = ['17', '18', '19', '78', '79', '737', '744', '6825', '9'];

/** A pincode: six digits, not starting with 0. */
export const isPincode = (value: string) => /^[1-9]\d{5}$/.test(value);

/** Metro, tier 2 and 3, or remote; null for something that is not a pincode. */
export function pincodeZone(pincode: string): DeliveryZone | null {
  if (!isPincode(pincode)) return null;
  if (METRO_PREFIXES.has(pincode.slice(0, 3))) return 'metro';
  if (REMOTE_PREFIXES.some((prefix) => pincode.startsWith(prefix))) return 'remote';
  return 'tier2And3';
}

const SUNDAY = 0;
const isSunday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === SUNDAY;

/** `count` delivery days (Monday to Saturday) after `day`. */
function afterWorkingDays(day: string, count: number): string {
  let current = day;
  for (let left = count; left > 0;) {
    current = addDays(current, 1);
    if (!isSunday(current)) left -= 1;
  }
  return current;
}

/** The days an order reaches a pincode, in India's calendar (YYYY-MM-DD). */
export interface DeliveryEstimate {
  zone: DeliveryZone;
  /** Dispatched at the soonest, then the zone's shortest window in courier days. */
  earliest: string;
  /** Dispatched at the latest, then the zone's longest window in courier days: the day the shop promises. */
  latest: string;
}

/**
 * When an order placed (or paid) at `at` reaches `pincode`: the product page's check promises its `latest` day and
 * an order's page shows `earliest` to `latest`, so the two always agree. Null for something that is not a pincode.
 */
export function deliveryEstimate(pincode: string, at: Date): DeliveryEstimate | null {
  const zone = pincodeZone(pincode.trim());
  if (!zone) return null;
  const dispatchedBy = (hours: number) => istDay(new Date(at.getTime() + hours * 3_600_000));
  return {
    zone,
    earliest: afterWorkingDays(dispatchedBy(DISPATCH_HOURS.min), DELIVERY_DAYS[zone].min),
    latest: afterWorkingDays(dispatchedBy(DISPATCH_HOURS.max), DELIVERY_DAYS[zone].max),
  };
}

/** What the product page's delivery check answers for a pincode, once India Post's directory has been asked about it. */
export type DeliveryCheck =
  { ok: true; zone: DeliveryZone; day: string; district: string; state: string } | { ok: false; reason: 'malformed' | 'unknown' };

/**
 * The delivery check: a day only for a pincode the directory knows (`place`, null when it does not), so a made-up
 * pincode is told so rather than promised a date.
 */
export function deliveryCheck(pincode: string, place: { district: string; state: string } | null, now: Date): DeliveryCheck {
  const estimate = deliveryEstimate(pincode, now);
  if (!estimate) return { ok: false, reason: 'malformed' };
  if (!place) return { ok: false, reason: 'unknown' };
  return { ok: true, zone: estimate.zone, day: estimate.latest, district: place.district, state: place.state };
}

/**
 * The day a courier quoting `courierDays` (serviceability's estimated delivery days) delivers an order placed at `at`:
 * dispatched at the latest, as the rule of thumb above, then that many courier days (issue 42). The product page,
 * the checkout and the order all take their "Delivery by" from here, so they agree.
 */
export function courierDeliveryDay(at: Date, courierDays: number): string {
  return afterWorkingDays(istDay(new Date(at.getTime() + DISPATCH_HOURS.max * 3_600_000)), Math.max(1, Math.round(courierDays)));
}

/** A parcel's package: grams and centimetres, as products and categories keep them. */
export interface PackageSize {
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/**
 * The parcel of an order's lines (issue 42): the weights added up, the pieces stacked (the longest length and widest
 * breadth, heights added), in the units Shiprocket's orders take: kilograms (to 3 places) and centimetres.
 */
export function parcelOf(lines: ReadonlyArray<{ size: PackageSize; quantity: number }>): {
  weightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
} {
  if (lines.length === 0) throw new RangeError('A parcel needs at least one line');
  const grams = lines.reduce((sum, line) => sum + line.size.weightGrams * line.quantity, 0);
  return {
    weightKg: Math.round(grams) / 1000,
    lengthCm: Math.max(...lines.map((line) => line.size.lengthCm)),
    breadthCm: Math.max(...lines.map((line) => line.size.breadthCm)),
    heightCm: Math.min(
      300,
      lines.reduce((sum, line) => sum + line.size.heightCm * line.quantity, 0),
    ),
  };
}
