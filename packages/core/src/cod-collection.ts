import { z } from 'zod';
import { formatINR, type Paise } from './money.js';
import { plainText } from './text.js';

// Cash on delivery after confirmation (issue 41): the cash taken at the door, the parcel back at the shop (returned
// to origin), and a returned COD order's refund sent by hand to the shopper's UPI ID.

/**
 * A UPI ID (virtual payment address) as NPCI shapes it: a handle of letters, digits, dots, hyphens or underscores
 * (2 to 256), '@', and the bank's or app's name (letters first, then letters or digits: okaxis, ybl, paytm, icici).
 */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;

export const isUpiId = (text: string): boolean => UPI_ID_PATTERN.test(text);

export const UPI_ID_MISSING = 'Enter the UPI ID we should send your refund to, such as asha.rao@okaxis.';
export const UPI_ID_INVALID = 'Enter a UPI ID as name@bank, such as asha.rao@okaxis.';

/** The UPI ID a COD return's refund goes to: trimmed, `name@bank`. */
export const upiIdSchema = plainText({ missing: UPI_ID_MISSING })
  .trim()
  .min(1, UPI_ID_MISSING)
  .max(320, UPI_ID_INVALID)
  .refine(isUpiId, UPI_ID_INVALID);

/** The UPI transaction reference (UTR, 12 digits; some apps show letters too) of a refund sent by hand. */
export const REFUND_REFERENCE_PATTERN = /^[A-Za-z0-9-]{6,35}$/;
export const REFUND_REFERENCE_MISSING = 'Enter the UPI transaction reference of the refund you sent.';
export const REFUND_REFERENCE_INVALID = 'Enter the UPI transaction reference as 6 to 35 letters or digits.';

export const refundReferenceSchema = plainText({ missing: REFUND_REFERENCE_MISSING })
  .trim()
  .min(1, REFUND_REFERENCE_MISSING)
  .max(35, REFUND_REFERENCE_INVALID)
  .refine((text) => REFUND_REFERENCE_PATTERN.test(text), REFUND_REFERENCE_INVALID);

/** The cash collected at the door, in paise: a whole number from 0. */
export const cashCollectedSchema = z
  .number({ error: 'cashCollected must be a whole number of paise' })
  .int('cashCollected must be a whole number of paise')
  .min(0, 'cashCollected must be a whole number of paise');

/**
 * Why the cash entered at delivery is refused, in words, or null when it is exactly what is due: '₹1,249.00 is
 * due; ₹1,200.00 was entered.' A COD order is delivered only with all its cash.
 */
export function cashCollectedRefusal(due: Paise, entered: Paise | undefined): string | null {
  if (entered === undefined) return `Enter the cash collected at the door: ${formatINR(due)} is due.`;
  if (entered === due) return null;
  return `${formatINR(due)} is due; ${formatINR(entered)} was entered.`;
}

/** Returned-to-origin rate: the share of COD orders shipped in a period that came back, in whole percent (one decimal). */
export function returnedToOriginRate(returned: number, shipped: number): number {
  if (shipped === 0) return 0;
  return Math.round((returned / shipped) * 1000) / 10;
}
