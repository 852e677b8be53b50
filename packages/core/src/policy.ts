import type { Paise } from './money.js';

/**
 * The shop's service promises in one place. Policy pages render these numbers and the pricing module
 * computes totals from them, so the text a shopper reads and the amount she pays can never disagree.
 */
export const SHIPPING = {
  /** Orders whose subtotal reaches this amount ship free. */
  freeShippingFromPaise: 99_900 as Paise,
  /** Flat fee below the threshold. */
  flatFeePaise: 5_000 as Paise,
} as const;

export const DISPATCH_HOURS = { min: 24, max: 48 } as const;

export const DELIVERY_DAYS = {
  metro: { min: 3, max: 5 },
  tier2And3: { min: 5, max: 7 },
  remote: { min: 7, max: 10 },
} as const;

export const DELIVERY_ATTEMPTS = 3;

/** Damage, defect, wrong or missing items must be reported within this many hours of delivery. */
export const CLAIM_WINDOW_HOURS = 48;

export const QUALITY_CHECK_BUSINESS_DAYS = { min: 2, max: 3 } as const;

/** Business days until the money is back, per situation. `min: 0` means instant. */
export const REFUND_DAYS = {
  cancellation: { min: 2, max: 5 },
  failedPayment: { min: 5, max: 7 },
  upiOrNetbanking: { min: 3, max: 5 },
  card: { min: 5, max: 7 },
  wallet: { min: 0, max: 3 },
  emi: { min: 7, max: 10 },
} as const;

/**
 * The only reasons a delivered item may come back; there are no exchanges. 'missing' is kept for requests made
 * before per-item returns (issue 28); the shopper's form offers RETURN_REASON_CHOICES.
 */
export const RETURN_REASONS = ['damaged', 'defective', 'wrong', 'size_did_not_fit', 'not_as_pictured', 'missing'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** The reasons the shopper's return form lists, in its order. */
export const RETURN_REASON_CHOICES = [
  'damaged',
  'defective',
  'wrong',
  'size_did_not_fit',
  'not_as_pictured',
] as const satisfies readonly ReturnReason[];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  defective: 'Defective',
  wrong: 'Wrong item',
  size_did_not_fit: 'Size did not fit',
  not_as_pictured: 'Not as pictured',
  missing: 'Missing item',
};

/** Children under this age may not use the shop. */
export const MINIMUM_AGE_YEARS = 13;

/** An unpaid order's reserved stock returns to the shelf after this many minutes. */
export const PAYMENT_RESERVATION_MINUTES = 15;

/** Renders a range as people write it: '3–5', or 'instant to 3' for a zero start. */
export function formatRange(range: { min: number; max: number }): string {
  return range.min === 0 ? `instant to ${range.max}` : `${range.min}–${range.max}`;
}
