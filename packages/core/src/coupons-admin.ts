import { z } from 'zod';
import { inShopYears } from './calendar-days.js';
import { MAX_PRICE_PAISE } from './admin-catalogue.js';

// Issue 41, the back-office of coupon codes and automatic offers: what an admin may save and how a list shows it.
// Amounts in paise; dates are India's calendar days (YYYY-MM-DD), both ends included, either left open (null).
// The pricing of a bag with them is promotions.ts's.

export const COUPON_KINDS = ['percent', 'flat'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const OFFER_KINDS = ['pieces_percent', 'order_flat'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** A percent coupon or offer takes 1 to 90 % off (never the whole price). */
export const PROMOTION_PERCENT = { min: 1, max: 90 } as const;
/** Codes are 3 to 20 letters or digits; shoppers may type them in any case, so they are kept in capitals. */
export const COUPON_CODE = /^[A-Z0-9]{3,20}$/;
/** Most categories a coupon or an offer may be limited to. */
export const MAX_PROMOTION_CATEGORIES = 50;

const CODE_MESSAGE = 'Code must be 3 to 20 letters or digits, with no spaces or symbols.';
const PERCENT_MESSAGE = `Enter a whole percent from ${PROMOTION_PERCENT.min} to ${PROMOTION_PERCENT.max}.`;

/** A code as typed ('festive10 ') → as kept ('FESTIVE10'); the bag's own reader is promotions.ts's. */
const codeAsKept = (code: string) => code.trim().toUpperCase();

const paise = (label: string, options: { min?: number } = {}) => {
  const message = `${label} must be an amount in paise${options.min === 0 ? '' : ' above zero'}, at most ₹1 crore.`;
  return z
    .number(message)
    .int(message)
    .min(options.min ?? 1, message)
    .max(MAX_PRICE_PAISE, message);
};

const count = (label: string) => {
  const message = `${label} must be a whole number from 1 to 1,000,000, or left empty for no limit.`;
  return z.number(message).int(message).min(1, message).max(1_000_000, message).nullish();
};

const day = (label: string) =>
  z
    .string(`${label} must be a date like 2026-10-20.`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-10-20.`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      message: `${label} must be a real date, like 2026-10-20.`,
    })
    .refine(inShopYears, `${label} must be in a year between 2000 and 2100.`)
    .nullish();

const categoryIds = z
  .array(z.uuid('Please choose categories from the list.'), 'Categories must be a list of category ids.')
  .max(MAX_PROMOTION_CATEGORIES, `Choose at most ${MAX_PROMOTION_CATEGORIES} categories.`)
  .transform((ids) => [...new Set(ids)])
  .optional();

/** Both ends of a date range, when both are set, in order (the message names `endsAt`). */
const datesInOrder = <T extends { startsAt?: string | null | undefined; endsAt?: string | null | undefined }>(input: T) =>
  !input.startsAt || !input.endsAt || input.startsAt <= input.endsAt;
const DATES_ORDER = { message: 'The last day must be on or after the first day.', path: ['endsAt'] };

/**
 * Body of POST /api/admin/coupon/createCoupon and PUT updateCoupon/{id}: a percent coupon takes `value` whole
 * percent off (optionally capped at `maxDiscount` paise), a flat one `value` paise off; the goods must come to
 * `minOrder`; `categoryIds` limits it to pieces of those categories (empty: every piece).
 */
export const couponBodySchema = z
  .object({
    code: z.string(CODE_MESSAGE).transform(codeAsKept).pipe(z.string().regex(COUPON_CODE, CODE_MESSAGE)),
    kind: z.enum(COUPON_KINDS, 'Please choose percent off or a flat amount off.'),
    value: z.number('Please enter how much it takes off.').int('Please enter a whole number.'),
    maxDiscount: paise('The cap').nullish(),
    minOrder: paise('The minimum order', { min: 0 }).default(0),
    startsAt: day('The first day'),
    endsAt: day('The last day'),
    usageLimit: count('Total uses'),
    perCustomerLimit: count('Uses per shopper'),
    firstOrderOnly: z.boolean('First order only must be true or false.').default(false),
    categoryIds,
  })
  .superRefine((input, context) => {
    if (input.kind === 'percent') {
      if (input.value < PROMOTION_PERCENT.min || input.value > PROMOTION_PERCENT.max)
        context.addIssue({ code: 'custom', path: ['value'], message: PERCENT_MESSAGE });
    } else {
      if (input.value < 1 || input.value > MAX_PRICE_PAISE)
        context.addIssue({ code: 'custom', path: ['value'], message: 'The amount off must be in paise above zero, at most ₹1 crore.' });
      if (input.maxDiscount != null)
        context.addIssue({ code: 'custom', path: ['maxDiscount'], message: 'A cap applies only to a percent coupon; leave it empty.' });
    }
  })
  .refine(datesInOrder, DATES_ORDER);
export type CouponBody = z.input<typeof couponBodySchema>;
export type CouponInput = z.output<typeof couponBodySchema>;

/**
 * Body of POST /api/admin/offer/createOffer and PUT updateOffer/{id}: 'pieces_percent' — `minPieces` or more pieces
 * from `categoryIds` (empty: any) get `percent` % off those pieces; 'order_flat' — goods of `minOrder` paise or more
 * get `flat` paise off (less than `minOrder`). The other kind's fields are not kept.
 */
export const offerBodySchema = z
  .object({
    name: z
      .string('Please enter a name.')
      .trim()
      .min(1, 'Please enter a name shoppers will see, like “3 kurtis or more: 10 % off”.')
      .max(80, 'The name must be at most 80 characters.'),
    kind: z.enum(OFFER_KINDS, 'Please choose pieces from categories or an order amount.'),
    minPieces: z
      .number('The number of pieces must be a whole number from 1 to 100.')
      .int('The number of pieces must be a whole number from 1 to 100.')
      .min(1, 'The number of pieces must be a whole number from 1 to 100.')
      .max(100, 'The number of pieces must be a whole number from 1 to 100.')
      .nullish(),
    percent: z.number(PERCENT_MESSAGE).int(PERCENT_MESSAGE).min(1, PERCENT_MESSAGE).max(90, PERCENT_MESSAGE).nullish(),
    categoryIds,
    minOrder: paise('The order amount').nullish(),
    flat: paise('The amount off').nullish(),
    startsAt: day('The first day'),
    endsAt: day('The last day'),
  })
  .superRefine((input, context) => {
    const need = (field: 'minPieces' | 'percent' | 'minOrder' | 'flat', message: string) => {
      if (input[field] == null) context.addIssue({ code: 'custom', path: [field], message });
    };
    if (input.kind === 'pieces_percent') {
      need('minPieces', 'Please enter how many pieces the offer needs.');
      need('percent', 'Please enter the percent off those pieces.');
    } else {
      need('minOrder', 'Please enter the order amount the offer starts at.');
      need('flat', 'Please enter the amount off.');
      if (input.minOrder != null && input.flat != null && input.flat >= input.minOrder)
        context.addIssue({ code: 'custom', path: ['flat'], message: 'The amount off must be less than the order amount it starts at.' });
    }
  })
  .refine(datesInOrder, DATES_ORDER);
export type OfferBody = z.input<typeof offerBodySchema>;
export type OfferInput = z.output<typeof offerBodySchema>;

export const PROMOTION_STATUSES = ['active', 'scheduled', 'expired', 'used_up', 'disabled'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];
/** How the back-office names each status. */
export const PROMOTION_STATUS_LABEL: Record<PromotionStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  disabled: 'Disabled',
};

/**
 * Where a coupon or offer stands on India day `today`: turned off by an admin first, then past its last day, then
 * out of uses, then before its first day; else it applies.
 */
export function promotionStatus(
  promotion: { disabled: boolean; startsAt: string | null; endsAt: string | null; usageLimit?: number | null; uses?: number },
  today: string,
): PromotionStatus {
  if (promotion.disabled) return 'disabled';
  if (promotion.endsAt !== null && promotion.endsAt < today) return 'expired';
  if (promotion.usageLimit != null && (promotion.uses ?? 0) >= promotion.usageLimit) return 'used_up';
  if (promotion.startsAt !== null && promotion.startsAt > today) return 'scheduled';
  return 'active';
}

const promotionCommon = {
  _id: z.string(),
  categoryIds: z.array(z.string()),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  disabled: z.boolean(),
  status: z.enum(PROMOTION_STATUSES),
  createdAt: z.string(),
};

/** A coupon as the back-office lists it: its uses (live redemptions) and the discount they gave, in paise. */
export const adminCouponSchema = z.object({
  ...promotionCommon,
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  maxDiscount: z.number().int().nullable(),
  minOrder: z.number().int(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  uses: z.number().int(),
  discountGiven: z.number().int(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

/** An automatic offer as the back-office lists it. */
export const adminOfferSchema = z.object({
  ...promotionCommon,
  name: z.string(),
  kind: z.enum(OFFER_KINDS),
  minPieces: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  minOrder: z.number().int().nullable(),
  flat: z.number().int().nullable(),
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;
