import { z } from 'zod';

/** A 10-digit Indian mobile number as the shop stores it: starts with 6, 7, 8 or 9. */
export const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;

export const INDIAN_MOBILE_MESSAGE = 'Please enter a valid 10-digit mobile number.';

/**
 * The 10-digit mobile in a number as people type it, or null when it is none: spaces and dashes are dropped and a
 * leading +91, 91 or 0 (the country code, the trunk prefix) too, so '+91 98765 43210', '098765-43210' and
 * '98765 43210' are all '9876543210'. A shop takes the number however the customer says it and stores one form,
 * so the same customer is one number in bills, addresses and messages.
 */
export function normalizeIndianMobile(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '').replace(/^(?:\+91|91|0)(?=\d{10}$)/, '');
  return INDIAN_MOBILE_PATTERN.test(digits) ? digits : null;
}

/** `typed` as its 10 digits, or an issue with the field's `message`. */
function mobileOf(typed: string, context: z.RefinementCtx, message: string): string {
  const mobile = normalizeIndianMobile(typed);
  if (mobile) return mobile;
  context.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/**
 * A form or API field holding an Indian mobile number: accepts what `normalizeIndianMobile` accepts and gives the
 * 10-digit form; anything else is refused with the field's own `message`.
 */
export const indianMobileSchema = (message: string = INDIAN_MOBILE_MESSAGE) =>
  z.string({ error: message }).transform((typed, context) => mobileOf(typed, context, message));

/** The same for a field that may be left empty: missing, '' or only spaces is no number (undefined). */
export const optionalIndianMobileSchema = (message: string = INDIAN_MOBILE_MESSAGE) =>
  z
    .string({ error: message })
    .optional()
    .transform((typed, context) => (typed === undefined || typed.trim() === '' ? undefined : mobileOf(typed, context, message)));
