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

/**
 * The only reasons a delivered item may come back, in the order the return form and the return policy list them;
 * there are no exchanges and no returns for a change of mind or size (spec: "no returns or exchanges except damaged,
 * defective, wrong or missing items"). The form offers exactly these and the API accepts exactly these.
 */
export const RETURN_REASONS = ['damaged', 'defective', 'wrong', 'missing'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  defective: 'Defective',
  wrong: 'Wrong item',
  missing: 'Missing item',
};

/** What each reason covers, as the return policy explains it after the word itself ('damaged in transit (…)'). */
export const RETURN_REASON_DETAILS: Record<ReturnReason, string> = {
  damaged: 'in transit (torn, stained, crushed)',
  defective: '(a manufacturing fault such as a broken zip, a weaving flaw or a seam that has come apart)',
  wrong: '(a different product, colour or size from the one you ordered)',
  missing: 'from the parcel',
};

/** 'damaged, defective, wrong or missing': the reasons as policy sentences name them. */
export const RETURN_REASONS_IN_WORDS = `${RETURN_REASONS.slice(0, -1).join(', ')} or ${RETURN_REASONS.at(-1)!}`;

/** Reasons the form offered before issue 38, kept only to name the returns asked with them. */
const FORMER_RETURN_REASON_LABELS: Record<string, string> = {
  size_did_not_fit: 'Size did not fit',
  not_as_pictured: 'Not as pictured',
};

/** A stored return reason in words: one of RETURN_REASONS, one a return was asked with before, or the code itself. */
export const returnReasonLabel = (reason: string): string =>
  RETURN_REASON_LABELS[reason as ReturnReason] ?? FORMER_RETURN_REASON_LABELS[reason] ?? reason;

/** Children under this age may not use the shop. */
export const MINIMUM_AGE_YEARS = 13;

/** An unpaid order's reserved stock returns to the shelf after this many minutes. */
export const PAYMENT_RESERVATION_MINUTES = 15;

/** Renders a range as people write it: '3–5', or 'instant to 3' for a zero start. */
export function formatRange(range: { min: number; max: number }): string {
  return range.min === 0 ? `instant to ${range.max}` : `${range.min}–${range.max}`;
}
