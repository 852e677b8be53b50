import {
  couponBodySchema,
  fieldMessages,
  offerBodySchema,
  paiseToDecimal,
  parseRupees,
  type AdminCoupon,
  type AdminOffer,
  type CouponBody,
  type OfferBody,
} from '@shop/core';

// The back-office's coupon and offer forms (issue 41) as typed: every field text, amounts in rupees, and the
// chosen categories as a list. Checked with the API's own schemas, so the page and the JSON call refuse alike.

export const COUPON_FIELDS = [
  'code',
  'kind',
  'value',
  'maxDiscount',
  'minOrder',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perCustomerLimit',
  'firstOrderOnly',
] as const;
export type CouponFormValues = Record<(typeof COUPON_FIELDS)[number], string> & { categoryIds: string[] };

export const OFFER_FIELDS = ['name', 'kind', 'minPieces', 'percent', 'minOrder', 'flat', 'startsAt', 'endsAt'] as const;
export type OfferFormValues = Record<(typeof OFFER_FIELDS)[number], string> & { categoryIds: string[] };

type Checked<T> = { data: T; errors?: undefined } | { data?: undefined; errors: Record<string, string> };

const rupees = (paise: number | null) => (paise === null ? '' : paiseToDecimal(paise).replace(/\.00$/, ''));
const whole = (value: number | null) => (value === null ? '' : String(value));

/** The form's values of a saved coupon (or a new one: 10 % off, no limits). */
export function couponFormValues(coupon: AdminCoupon | null): CouponFormValues {
  return {
    code: coupon?.code ?? '',
    kind: coupon?.kind ?? 'percent',
    value: coupon ? (coupon.kind === 'percent' ? String(coupon.value) : rupees(coupon.value)) : '',
    maxDiscount: rupees(coupon?.maxDiscount ?? null),
    minOrder: coupon && coupon.minOrder > 0 ? rupees(coupon.minOrder) : '',
    startsAt: coupon?.startsAt ?? '',
    endsAt: coupon?.endsAt ?? '',
    usageLimit: whole(coupon?.usageLimit ?? null),
    perCustomerLimit: whole(coupon?.perCustomerLimit ?? null),
    firstOrderOnly: coupon?.firstOrderOnly ? 'on' : '',
    categoryIds: coupon?.categoryIds ?? [],
  };
}

/** The form's values of a saved offer (or a new pieces offer). */
export function offerFormValues(offer: AdminOffer | null): OfferFormValues {
  return {
    name: offer?.name ?? '',
    kind: offer?.kind ?? 'pieces_percent',
    minPieces: whole(offer?.minPieces ?? null),
    percent: whole(offer?.percent ?? null),
    minOrder: rupees(offer?.minOrder ?? null),
    flat: rupees(offer?.flat ?? null),
    startsAt: offer?.startsAt ?? '',
    endsAt: offer?.endsAt ?? '',
    categoryIds: offer?.categoryIds ?? [],
  };
}

/** Reads typed text for the schema: empty → null, anything else as the schema's type (a wrong one fails there). */
const optionalText = (text: string) => (text.trim() === '' ? null : text.trim());
const optionalWhole = (text: string) => {
  const value = text.trim();
  if (value === '') return null;
  return /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
};

/** Rupees typed in a field → paise for the schema; null when left empty or not an amount (its message in `errors`). */
function readRupees(typed: string, field: string, errors: Record<string, string>): number | null {
  const text = typed.trim();
  if (text === '') return null;
  const paise = parseRupees(text);
  // Not an amount: told here, and left out of the schema's check so that it still checks the other fields.
  if (paise === null) errors[field] = 'Enter an amount in rupees, like 500 or 1,999.';
  return paise;
}

/** The schema's and the rupee fields' messages, one per field; a wrong category id is the categories' field. */
function formErrors(issues: Parameters<typeof fieldMessages>[0], errors: Record<string, string>): Record<string, string> {
  const all: Record<string, string> = {};
  for (const [field, message] of Object.entries({ ...fieldMessages(issues, 'form'), ...errors }))
    all[field.startsWith('categoryIds') ? 'categoryIds' : field] ??= message;
  return all;
}

/** What the service is given for a typed coupon form, or per-field messages when it is wrong. */
export function couponPayload(values: CouponFormValues): Checked<CouponBody> {
  const errors: Record<string, string> = {};
  const percent = values.kind === 'percent';
  const body = {
    code: values.code,
    kind: values.kind,
    value: percent ? optionalWhole(values.value) : readRupees(values.value, 'value', errors),
    maxDiscount: readRupees(values.maxDiscount, 'maxDiscount', errors),
    minOrder: readRupees(values.minOrder, 'minOrder', errors) ?? 0,
    startsAt: optionalText(values.startsAt),
    endsAt: optionalText(values.endsAt),
    usageLimit: optionalWhole(values.usageLimit),
    perCustomerLimit: optionalWhole(values.perCustomerLimit),
    firstOrderOnly: values.firstOrderOnly === 'on',
    categoryIds: values.categoryIds,
  };
  const parsed = couponBodySchema.safeParse(body);
  const all = formErrors(parsed.success ? [] : parsed.error.issues, errors);
  if (Object.keys(all).length > 0) return { errors: all };
  return { data: body as CouponBody };
}

/** What the service is given for a typed offer form: only the chosen kind's figures. */
export function offerPayload(values: OfferFormValues): Checked<OfferBody> {
  const errors: Record<string, string> = {};
  const pieces = values.kind === 'pieces_percent';
  const body = {
    name: values.name,
    kind: values.kind,
    minPieces: pieces ? optionalWhole(values.minPieces) : null,
    percent: pieces ? optionalWhole(values.percent) : null,
    categoryIds: pieces ? values.categoryIds : [],
    minOrder: pieces ? null : readRupees(values.minOrder, 'minOrder', errors),
    flat: pieces ? null : readRupees(values.flat, 'flat', errors),
    startsAt: optionalText(values.startsAt),
    endsAt: optionalText(values.endsAt),
  };
  const parsed = offerBodySchema.safeParse(body);
  const all = formErrors(parsed.success ? [] : parsed.error.issues, errors);
  if (Object.keys(all).length > 0) return { errors: all };
  return { data: body as OfferBody };
}

/** The posted form as text, the chosen categories as a list. */
export function postedValues<Field extends string>(
  form: FormData,
  fields: readonly Field[],
): Record<Field, string> & { categoryIds: string[] } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const categoryIds = form.getAll('categoryIds').filter((value): value is string => typeof value === 'string' && value !== '');
  return { ...(Object.fromEntries(fields.map((name) => [name, text(name)])) as Record<Field, string>), categoryIds };
}
