import { z } from 'zod';
import { istDate, istDayStart } from './india-time.js';
import { rupeesCompact, type Paise } from './money.js';
import { orderTotals, shareInProportion, shippingFee, type OrderLineInput, type OrderTotals } from './pricing.js';

// Issue 41: coupon codes and automatic offers, priced after the product's own discount (the selling price, pricing.ts):
// the best automatic offer first, then one coupon, each shared over the lines it covers in proportion to the last
// paisa (shareInProportion). Free shipping is judged on what she pays after both. Pure: the server, the bag page and
// the counter call the same functions.

/** A code as the shopper may type it: letters and digits, any case, stored in capitals. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9]{3,20}$/;

/** What a shopper types, in the form the coupon is stored under ('festive10 ' → 'FESTIVE10'). */
export const normaliseCouponCode = (typed: string): string => typed.trim().toUpperCase();

export const applyCouponSchema = z.object({
  code: z
    .string({ message: 'Please enter a coupon code.' })
    .trim()
    .min(1, 'Please enter a coupon code.')
    .max(20, 'A coupon code has at most 20 letters and digits.')
    .transform(normaliseCouponCode)
    .refine((code) => COUPON_CODE_PATTERN.test(code), 'A coupon code has 3 to 20 letters and digits.'),
});
export type ApplyCouponInput = z.infer<typeof applyCouponSchema>;

/** Wrong codes a shopper (and, separately, a client) may try before a pause: codes cannot be guessed. */
export const COUPON_GUESS_LIMIT = { maxWrong: 10, windowMinutes: 10 } as const;

/** A coupon as the rules read it (promotions/tables.ts holds it). Dates are India days, YYYY-MM-DD, both ends included. */
export interface CouponRule {
  code: string;
  kind: 'percent' | 'flat';
  /** Whole percent, or paise. */
  value: number;
  maxDiscountPaise: Paise | null;
  minOrderPaise: Paise;
  startsOn: string | null;
  endsOn: string | null;
  usageLimit: number | null;
  usedCount: number;
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
  categoryIds: readonly string[];
  disabled: boolean;
}

/** An automatic offer (no code): 'pieces_percent' — N or more pieces from the categories → X % off those pieces; 'order_flat' — goods of ₹Y or more → ₹Z off. */
export interface OfferRule {
  id: string;
  name: string;
  kind: 'pieces_percent' | 'order_flat';
  minPieces: number | null;
  percent: number | null;
  categoryIds: readonly string[];
  minOrderPaise: Paise | null;
  flatPaise: Paise | null;
  startsOn: string | null;
  endsOn: string | null;
}

/** A bag line: pricing.ts's parts and quantity, and the product's category (offers and coupons may be limited to some). */
export interface PromoLineInput extends OrderLineInput {
  categoryId: string | null;
}

/** What the shop knows of the shopper for a code's per-shopper rules; a signed-out shopper has no such facts yet. */
export interface ShopperFacts {
  /** Her live uses of this coupon (released ones not counted). */
  usesOfCoupon: number;
  /** Whether she has an order that counts (paid or on its way; cancelled and expired ones do not). */
  hasOrdered: boolean;
}

/** One order-level discount as the bag, the order and the invoice list it. */
export interface PromoDiscount {
  kind: 'offer' | 'coupon';
  label: string;
  amount: Paise;
  code?: string;
}

/** Why a code cannot be used, in words for the field: 'This code expired on 31 Oct 2026.' */
export type CouponRefusal =
  | { kind: 'unknown'; message: string }
  | { kind: 'expired'; message: string }
  | { kind: 'not_started'; message: string }
  | { kind: 'min_order'; message: string; shortBy: Paise }
  | { kind: 'first_order'; message: string }
  | { kind: 'used_up'; message: string }
  | { kind: 'used_by_shopper'; message: string }
  | { kind: 'not_for_items'; message: string };

const dayInWords = (day: string) => istDate(istDayStart(day));

const inDates = (rule: { startsOn: string | null; endsOn: string | null }, today: string) =>
  (rule.startsOn === null || rule.startsOn <= today) && (rule.endsOn === null || today <= rule.endsOn);

const inCategories = (categoryIds: readonly string[], categoryId: string | null) =>
  categoryIds.length === 0 || (categoryId !== null && categoryIds.includes(categoryId));

/** `amount × percent / 100` rounded half up to the paisa, in integers. */
const percentOf = (amount: Paise, percent: number): Paise => Math.floor((amount * percent + 50) / 100);

/** Shares `amount` over the lines whose `covered` is true, in proportion to `weights`; the others take 0. */
function shareOver(amount: Paise, weights: readonly Paise[], covered: readonly boolean[]): Paise[] {
  return shareInProportion(
    amount,
    weights.map((weight, index) => (covered[index] ? weight : 0)),
  );
}

interface PricedLine {
  total: Paise;
  quantity: number;
  categoryId: string | null;
}

/** What an offer takes off the goods (0 when it does not apply), and the lines it covers. */
export function offerDiscount(offer: OfferRule, lines: readonly PricedLine[]): { amount: Paise; covered: boolean[] } {
  if (offer.kind === 'pieces_percent') {
    const covered = lines.map((line) => inCategories(offer.categoryIds, line.categoryId));
    const pieces = lines.reduce((sum, line, index) => sum + (covered[index] ? line.quantity : 0), 0);
    if (pieces < (offer.minPieces ?? 1)) return { amount: 0, covered };
    const base = lines.reduce((sum, line, index) => sum + (covered[index] ? line.total : 0), 0);
    return { amount: percentOf(base, offer.percent ?? 0), covered };
  }
  const covered = lines.map(() => true);
  const goods = lines.reduce((sum, line) => sum + line.total, 0);
  if (goods <= 0 || goods < (offer.minOrderPaise ?? 0)) return { amount: 0, covered };
  return { amount: Math.min(offer.flatPaise ?? 0, goods), covered };
}

/** The offer that takes the most off today (the first listed on a tie), or null when none applies. */
export function bestOffer(
  offers: readonly OfferRule[],
  lines: readonly PricedLine[],
  today: string,
): { offer: OfferRule; amount: Paise; covered: boolean[] } | null {
  let best: { offer: OfferRule; amount: Paise; covered: boolean[] } | null = null;
  for (const offer of offers) {
    if (!inDates(offer, today)) continue;
    const { amount, covered } = offerDiscount(offer, lines);
    if (amount > 0 && (!best || amount > best.amount)) best = { offer, amount, covered };
  }
  return best;
}

const piecesInWords = (n: number) => `${n} more ${n === 1 ? 'piece' : 'pieces'}`;

/**
 * What to add to reach an offer that would take more off than the one applied: 'Add ₹450 more for ₹200 off', or
 * 'Add 1 more piece for 10% off (Festive: 3 kurtis or more)'. The nearest such offer; null when there is none.
 */
export function nextOfferHint(offers: readonly OfferRule[], lines: readonly PricedLine[], today: string, applied: Paise): string | null {
  const goods = lines.reduce((sum, line) => sum + line.total, 0);
  let best: { text: string; short: number } | null = null;
  for (const offer of offers) {
    if (!inDates(offer, today)) continue;
    if (offer.kind === 'order_flat') {
      const short = (offer.minOrderPaise ?? 0) - goods;
      if (short <= 0 || (offer.flatPaise ?? 0) <= applied) continue;
      if (!best || short < best.short)
        best = { text: `Add ${rupeesCompact(short)} more for ${rupeesCompact(offer.flatPaise ?? 0)} off`, short };
    } else {
      const covered = lines.filter((line) => inCategories(offer.categoryIds, line.categoryId));
      const pieces = covered.reduce((sum, line) => sum + line.quantity, 0);
      const missing = (offer.minPieces ?? 1) - pieces;
      if (missing <= 0 || pieces === 0) continue;
      // What the offer would take off with one more of the cheapest piece it covers, if that beats what is applied.
      const cheapest = Math.min(...covered.map((line) => line.total / line.quantity));
      const base = covered.reduce((sum, line) => sum + line.total, 0) + cheapest * missing;
      if (percentOf(base, offer.percent ?? 0) <= applied) continue;
      // Pieces are compared with rupees by what the missing pieces would cost.
      const short = cheapest * missing;
      if (!best || short < best.short)
        best = { text: `Add ${piecesInWords(missing)} for ${offer.percent ?? 0}% off (${offer.name})`, short };
    }
  }
  return best?.text ?? null;
}

/** The coupon's discount on what its pieces come to after the offer: percent (capped) or flat, never more than they cost. */
function couponAmount(coupon: CouponRule, base: Paise): Paise {
  const raw = coupon.kind === 'percent' ? percentOf(base, coupon.value) : coupon.value;
  const capped = coupon.kind === 'percent' && coupon.maxDiscountPaise !== null ? Math.min(raw, coupon.maxDiscountPaise) : raw;
  return Math.min(capped, base);
}

/**
 * Whether `coupon` may be used on these lines (their totals after the offer's shares): the refusal in words, or
 * the discount and the lines it covers. `shopper` undefined: a signed-out shopper, whose per-shopper rules are
 * checked when she signs in and again when she pays. `code` is what she typed (a null coupon: no such code).
 */
export function checkCoupon(
  code: string,
  coupon: CouponRule | null,
  lines: ReadonlyArray<PricedLine & { afterOffer: Paise }>,
  today: string,
  shopper?: ShopperFacts,
): { ok: true; amount: Paise; covered: boolean[] } | { ok: false; refusal: CouponRefusal } {
  const refuse = (refusal: CouponRefusal) => ({ ok: false as const, refusal });
  if (!coupon || coupon.disabled) return refuse({ kind: 'unknown', message: `${code} is not a valid coupon code.` });
  if (coupon.endsOn !== null && today > coupon.endsOn)
    return refuse({ kind: 'expired', message: `This code expired on ${dayInWords(coupon.endsOn)}.` });
  if (coupon.startsOn !== null && today < coupon.startsOn)
    return refuse({ kind: 'not_started', message: `This code is not active yet (starts ${dayInWords(coupon.startsOn)}).` });
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit)
    return refuse({ kind: 'used_up', message: 'This code has been used up.' });
  if (shopper && coupon.firstOrderOnly && shopper.hasOrdered)
    return refuse({ kind: 'first_order', message: 'This code is for your first order only.' });
  if (shopper && coupon.perCustomerLimit !== null && shopper.usesOfCoupon >= coupon.perCustomerLimit)
    return refuse({
      kind: 'used_by_shopper',
      message:
        coupon.perCustomerLimit === 1
          ? 'You have already used this code.'
          : `You have already used this code ${coupon.perCustomerLimit} times.`,
    });
  const covered = lines.map((line) => inCategories(coupon.categoryIds, line.categoryId));
  const base = lines.reduce((sum, line, index) => sum + (covered[index] ? line.afterOffer : 0), 0);
  if (base <= 0) return refuse({ kind: 'not_for_items', message: 'This code is not for the items in your bag.' });
  if (base < coupon.minOrderPaise) {
    const shortBy = coupon.minOrderPaise - base;
    return refuse({ kind: 'min_order', message: `Add ${rupeesCompact(shortBy)} more to use ${coupon.code}`, shortBy });
  }
  return { ok: true, amount: couponAmount(coupon, base), covered };
}

export interface BagLine {
  /** The selling price × quantity (pricing.ts). */
  total: Paise;
  /** Shares of the offer and the coupon. */
  offerShare: Paise;
  couponShare: Paise;
  /** offerShare + couponShare: what the order item keeps as its discount. */
  discount: Paise;
  /** What she pays for the line: total − discount. */
  net: Paise;
}

export interface BagPrice extends Omit<OrderTotals, 'lines' | 'total'> {
  lines: Array<OrderTotals['lines'][number] & BagLine>;
  /** The offer applied and what it took off. */
  offer: { id: string; name: string; amount: Paise } | null;
  /** The coupon applied and what it took off; null with `couponRefusal` when the code asked for cannot be used. */
  coupon: { code: string; amount: Paise } | null;
  couponRefusal: CouponRefusal | null;
  /** Each order-level discount as a line: the offer, then the coupon. */
  discounts: PromoDiscount[];
  /** Σ discounts. */
  discount: Paise;
  /** subtotal − discount + shipping: what she pays. */
  total: Paise;
  /** 'Add ₹450 more for ₹200 off', or null. */
  nextOfferHint: string | null;
}

export interface BagPromotions {
  offers: readonly OfferRule[];
  /** The code she asked for and the coupon stored under it (null: no such code); none when she asked for none. */
  coupon?: { code: string; rule: CouponRule | null };
  /** India day (YYYY-MM-DD) the bag is priced on. */
  today: string;
  shopper?: ShopperFacts;
}

/**
 * Prices a bag: the selling prices (pricing.ts's orderTotals), then the best automatic offer, then the coupon, each
 * shared over the lines it covers to the last paisa; shipping on what is paid after them. A code that cannot be used
 * is not applied and its refusal is answered (the bag shows it; checkout refuses it).
 */
export function priceBag(lines: readonly PromoLineInput[], promotions: BagPromotions): BagPrice {
  const totals = orderTotals(lines);
  const priced = totals.lines.map((line, index) => ({ total: line.total, quantity: line.quantity, categoryId: lines[index]!.categoryId }));
  const weights = priced.map((line) => line.total);

  const best = bestOffer(promotions.offers, priced, promotions.today);
  const offerShares = best ? shareOver(best.amount, weights, best.covered) : weights.map(() => 0);
  const afterOffer = priced.map((line, index) => ({ ...line, afterOffer: line.total - offerShares[index]! }));

  let coupon: BagPrice['coupon'] = null;
  let couponRefusal: CouponRefusal | null = null;
  let couponShares = weights.map(() => 0);
  if (promotions.coupon) {
    const checked = checkCoupon(promotions.coupon.code, promotions.coupon.rule, afterOffer, promotions.today, promotions.shopper);
    if (checked.ok) {
      coupon = { code: promotions.coupon.rule!.code, amount: checked.amount };
      couponShares = shareOver(
        checked.amount,
        afterOffer.map((line) => line.afterOffer),
        checked.covered,
      );
    } else couponRefusal = checked.refusal;
  }

  const discounts: PromoDiscount[] = [];
  if (best) discounts.push({ kind: 'offer', label: best.offer.name, amount: best.amount });
  if (coupon) discounts.push({ kind: 'coupon', label: `Coupon ${coupon.code}`, amount: coupon.amount, code: coupon.code });
  const discount = discounts.reduce((sum, item) => sum + item.amount, 0);
  const paysForGoods = totals.subtotal - discount;
  const shipping = shippingFee(totals.subtotal, paysForGoods);
  return {
    lines: totals.lines.map((line, index) => {
      const offerShare = offerShares[index]!;
      const couponShare = couponShares[index]!;
      return { ...line, offerShare, couponShare, discount: offerShare + couponShare, net: line.total - offerShare - couponShare };
    }),
    mrpTotal: totals.mrpTotal,
    subtotal: totals.subtotal,
    shipping,
    offer: best ? { id: best.offer.id, name: best.offer.name, amount: best.amount } : null,
    coupon,
    couponRefusal,
    discounts,
    discount,
    total: paysForGoods + shipping,
    nextOfferHint: nextOfferHint(promotions.offers, priced, promotions.today, best?.amount ?? 0),
  };
}
