import { z } from 'zod';
import { pincodeZone } from './delivery.js';
import { rupeesCompact, type Paise } from './money.js';

// Cash on delivery (issue 41): the owner's setting, whether an order may be paid at the door, and how a COD order
// reads wherever it shows. Pure: the server decides with it, the pages and mails print with it.

/** The most a COD fee, minimum or maximum may be set to: ₹10,00,000. */
export const MAX_COD_AMOUNT_PAISE = 100_000_000;

const paise = (what: string) =>
  z
    .number({ message: `Please enter the ${what} in paise.` })
    .int('Please enter the amount in whole paise.')
    .min(0, 'The amount cannot be negative.')
    .max(MAX_COD_AMOUNT_PAISE, 'Please enter at most ₹10,00,000.');

/** The owner's cash-on-delivery setting: amounts in paise. Off by default. */
export const codSettingsSchema = z
  .object({
    enabled: z.boolean({ message: 'Please say whether cash on delivery is on.' }),
    /** Added to the order's total when she pays at the door; may be 0. */
    fee: paise('fee'),
    /** The bag's total (goods and shipping) must be at least this… */
    minOrder: paise('minimum order value'),
    /** …and at most this. */
    maxOrder: paise('maximum order value').min(1, 'The maximum order value must be at least ₹0.01.'),
    /** Her COD orders not yet confirmed or not yet delivered, at most: an abuse guard. */
    maxOpenPerShopper: z
      .number({ message: 'Please enter a number of orders.' })
      .int('Please enter a whole number of orders.')
      .min(1, 'Please allow at least 1 open order.')
      .max(20, 'Please enter at most 20 orders.'),
  })
  .refine((cod) => cod.minOrder <= cod.maxOrder, {
    path: ['maxOrder'],
    message: 'The maximum order value must be at least the minimum.',
  });
export type CodSettings = z.infer<typeof codSettingsSchema>;

/** Until the owner turns it on (migration 0041's defaults): off, no fee, ₹0 to ₹10,000, two open orders each. */
export const DEFAULT_COD_SETTINGS: CodSettings = { enabled: false, fee: 0, minOrder: 0, maxOrder: 1_000_000, maxOpenPerShopper: 2 };

/** The statuses of a COD order that is still "open" for the abuse guard: not yet confirmed, or not yet delivered. */
export const OPEN_COD_STATUSES = ['awaiting_confirmation', 'confirmed', 'packed', 'shipped'] as const;

/** Hours a COD order waits for her code before it is cancelled and its stock goes back. */
export const COD_CONFIRM_HOURS = 24;

/** The code she types: six digits. */
export const COD_CODE_PATTERN = /^\d{6}$/;
export const confirmCodSchema = z.object({
  otp: z
    .string({ message: 'Please enter the 6-digit code from the e-mail.' })
    .trim()
    .regex(COD_CODE_PATTERN, 'Please enter the 6-digit code from the e-mail.'),
});
export type ConfirmCodInput = z.infer<typeof confirmCodSchema>;

/** Whether she may pay at the door, the fee, and why not in words. */
export const codOptionSchema = z.object({
  available: z.boolean(),
  /** Paise added to the order when she pays at the door. */
  fee: z.number().int(),
  /** Why not, in words; null when available. */
  reason: z.string().nullable(),
});
export type CodOption = z.infer<typeof codOptionSchema>;
export const paymentOptionsSchema = z.object({ online: z.literal(true), cod: codOptionSchema });
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

export const COD_OFF_REASON = 'Cash on delivery is not offered right now.';

/**
 * Whether cash on delivery serves a pincode: one India Post knows (`known`), outside the remote areas couriers reach
 * last (the North-East, the hills, the islands, army post offices: prepaid only there).
 */
export function codServesPincode(pincode: string, known: boolean): string | null {
  const zone = pincodeZone(pincode);
  if (!zone || !known) return `Cash on delivery is not available for pincode ${pincode}: we could not find it in India Post's directory.`;
  if (zone === 'remote') return `Cash on delivery does not reach pincode ${pincode} yet; please pay online.`;
  return null;
}

/**
 * Whether an order may be paid at the door. `bagTotal`: goods and shipping as the server priced the bag, before the
 * fee; `openOrders`: her COD orders not yet confirmed or not yet delivered; `pincodeProblem`: codServesPincode's answer.
 */
export function codAvailability(
  settings: CodSettings,
  facts: { bagTotal: Paise; openOrders: number; pincodeProblem: string | null },
): CodOption {
  const no = (reason: string): CodOption => ({ available: false, fee: settings.fee, reason });
  if (!settings.enabled) return no(COD_OFF_REASON);
  if (facts.bagTotal < settings.minOrder)
    return no(
      `Cash on delivery is for orders of ${rupeesCompact(settings.minOrder)} or more; your bag comes to ${rupeesCompact(facts.bagTotal)}.`,
    );
  if (facts.bagTotal > settings.maxOrder)
    return no(
      `Cash on delivery is for orders up to ${rupeesCompact(settings.maxOrder)}; your bag comes to ${rupeesCompact(facts.bagTotal)}. Please pay online.`,
    );
  if (facts.openOrders >= settings.maxOpenPerShopper) {
    const orders = facts.openOrders === 1 ? '1 cash-on-delivery order' : `${facts.openOrders} cash-on-delivery orders`;
    return no(`You have ${orders} not yet confirmed or delivered; please pay online, or wait until they arrive.`);
  }
  if (facts.pincodeProblem) return no(facts.pincodeProblem);
  return { available: true, fee: settings.fee, reason: null };
}

/** 'Cash on delivery · ₹1,049 to pay at the door': how a COD order reads on every page and mail. */
export const codPaymentLine = (total: Paise): string => `Cash on delivery · ${rupeesCompact(total)} to pay at the door`;

/** '₹49 COD fee' or 'No COD fee': the payment page's choice. */
export const codFeeLabel = (fee: Paise): string => (fee > 0 ? `${rupeesCompact(fee)} COD fee` : 'No COD fee');
