import { describe, expect, it } from 'vitest';
import { shareInProportion, shippingFee } from './pricing.js';
import {
  applyCouponSchema,
  bestOffer,
  checkCoupon,
  nextOfferHint,
  priceBag,
  type CouponRule,
  type OfferRule,
  type PromoLineInput,
} from './promotions.js';

const KURTI = 'c0000000-0000-4000-8000-000000000001';
const SAREE = 'c0000000-0000-4000-8000-000000000002';
const TODAY = '2026-11-29';

const coupon = (over: Partial<CouponRule> = {}): CouponRule => ({
  code: 'FESTIVE10',
  kind: 'percent',
  value: 10,
  maxDiscountPaise: null,
  minOrderPaise: 0,
  startsOn: null,
  endsOn: null,
  usageLimit: null,
  usedCount: 0,
  perCustomerLimit: null,
  firstOrderOnly: false,
  categoryIds: [],
  disabled: false,
  ...over,
});

const piecesOffer = (over: Partial<OfferRule> = {}): OfferRule => ({
  id: 'o1',
  name: '3 kurtis or more: 10% off',
  kind: 'pieces_percent',
  minPieces: 3,
  percent: 10,
  categoryIds: [KURTI],
  minOrderPaise: null,
  flatPaise: null,
  startsOn: null,
  endsOn: null,
  ...over,
});

const flatOffer = (over: Partial<OfferRule> = {}): OfferRule => ({
  id: 'o2',
  name: '₹200 off above ₹2,000',
  kind: 'order_flat',
  minPieces: null,
  percent: null,
  categoryIds: [],
  minOrderPaise: 2_00_000,
  flatPaise: 20_000,
  startsOn: null,
  endsOn: null,
  ...over,
});

const line = (rupees: number, quantity: number, categoryId: string | null = KURTI): PromoLineInput => ({
  productPrice: rupees * 100,
  quantity,
  categoryId,
});

const priced = (lines: PromoLineInput[]) =>
  lines.map((l) => ({ total: l.productPrice * l.quantity, quantity: l.quantity, categoryId: l.categoryId }));
const afterNoOffer = (lines: PromoLineInput[]) => priced(lines).map((l) => ({ ...l, afterOffer: l.total }));

/** A small deterministic generator for the property checks (no dependency, same cases every run). */
function random(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % below;
  };
}

describe('shareInProportion (the one function every order-level discount is shared by)', () => {
  it('adds up to the amount exactly, never gives a line more than its weight, and gives weightless lines nothing', () => {
    const next = random(41);
    for (let run = 0; run < 2_000; run++) {
      const weights = Array.from({ length: 1 + next(8) }, () => (next(4) === 0 ? 0 : 1 + next(5_00_000)));
      const sum = weights.reduce((a, b) => a + b, 0);
      const amount = next(sum + 1);
      const shares = shareInProportion(amount, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : amount);
      shares.forEach((share, index) => {
        expect(Number.isInteger(share)).toBe(true);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(weights[index]!);
        if (weights[index] === 0) expect(share).toBe(0);
        // Within a paisa of the exact proportion.
        if (sum > 0) expect(Math.abs(share - (amount * weights[index]!) / sum)).toBeLessThan(1);
      });
    }
  });

  it('gives the left-over paise to the largest remainders, earlier lines first on a tie', () => {
    expect(shareInProportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(shareInProportion(5, [3, 7])).toEqual([2, 3]);
    expect(shareInProportion(1, [50, 50])).toEqual([1, 0]);
  });
});

describe('shipping on what she pays after discounts', () => {
  it('is free when the goods less discounts reach ₹999, and charged when a discount brings them below', () => {
    expect(shippingFee(1_00_000, 99_900)).toBe(0);
    expect(shippingFee(1_00_000, 99_899)).toBe(5_000);
    expect(shippingFee(0, 0)).toBe(0);
    // Goods given away whole still ship.
    expect(shippingFee(50_000, 0)).toBe(5_000);
  });
});

describe('applyCouponSchema', () => {
  it('takes a code in any case with spaces around, and refuses what cannot be a code in words', () => {
    expect(applyCouponSchema.parse({ code: ' festive10 ' })).toEqual({ code: 'FESTIVE10' });
    expect(applyCouponSchema.safeParse({ code: '' }).error?.issues[0]?.message).toBe('Please enter a coupon code.');
    expect(applyCouponSchema.safeParse({ code: 'AB' }).error?.issues[0]?.message).toBe('A coupon code has 3 to 20 letters and digits.');
    expect(applyCouponSchema.safeParse({ code: 'FEST-10' }).error?.issues[0]?.message).toBe(
      'A coupon code has 3 to 20 letters and digits.',
    );
  });
});

describe('checkCoupon: every refusal in words', () => {
  const bag = afterNoOffer([line(1_000, 2)]);
  const refusal = (rule: CouponRule | null, lines = bag, shopper?: { usesOfCoupon: number; hasOrdered: boolean }) => {
    const checked = checkCoupon('FESTIVE10', rule, lines, TODAY, shopper);
    return checked.ok ? null : checked.refusal.message;
  };

  it('refuses an unknown or disabled code', () => {
    expect(refusal(null)).toBe('FESTIVE10 is not a valid coupon code.');
    expect(refusal(coupon({ disabled: true }))).toBe('FESTIVE10 is not a valid coupon code.');
  });

  it('takes both end days (India days) and refuses outside them with the date', () => {
    expect(refusal(coupon({ startsOn: TODAY, endsOn: TODAY }))).toBeNull();
    expect(refusal(coupon({ endsOn: '2026-10-31' }))).toBe('This code expired on 31 Oct 2026.');
    expect(refusal(coupon({ startsOn: '2026-12-01' }))).toBe('This code is not active yet (starts 1 Dec 2026).');
  });

  it('says how much more to add to reach the minimum', () => {
    expect(refusal(coupon({ minOrderPaise: 2_45_000 }))).toBe('Add ₹450 more to use FESTIVE10');
    expect(refusal(coupon({ minOrderPaise: 2_00_000 }))).toBeNull();
    const checked = checkCoupon('FESTIVE10', coupon({ minOrderPaise: 2_45_000 }), bag, TODAY);
    expect(checked.ok ? 0 : checked.refusal).toMatchObject({ kind: 'min_order', shortBy: 45_000 });
  });

  it('refuses a code used up in all, or by this shopper, and a first-order code to a returning shopper', () => {
    expect(refusal(coupon({ usageLimit: 5, usedCount: 5 }))).toBe('This code has been used up.');
    expect(refusal(coupon({ usageLimit: 5, usedCount: 4 }))).toBeNull();
    expect(refusal(coupon({ perCustomerLimit: 1 }), bag, { usesOfCoupon: 1, hasOrdered: true })).toBe('You have already used this code.');
    expect(refusal(coupon({ perCustomerLimit: 2 }), bag, { usesOfCoupon: 2, hasOrdered: true })).toBe(
      'You have already used this code 2 times.',
    );
    expect(refusal(coupon({ perCustomerLimit: 2 }), bag, { usesOfCoupon: 1, hasOrdered: true })).toBeNull();
    expect(refusal(coupon({ firstOrderOnly: true }), bag, { usesOfCoupon: 0, hasOrdered: true })).toBe(
      'This code is for your first order only.',
    );
    expect(refusal(coupon({ firstOrderOnly: true }), bag, { usesOfCoupon: 0, hasOrdered: false })).toBeNull();
    // Signed out: the shopper's own rules wait for her to sign in.
    expect(refusal(coupon({ firstOrderOnly: true, perCustomerLimit: 1 }))).toBeNull();
  });

  it('refuses a category-limited code for a bag without those pieces, and counts only those pieces towards the minimum', () => {
    expect(refusal(coupon({ categoryIds: [SAREE] }))).toBe('This code is not for the items in your bag.');
    const mixed = afterNoOffer([line(1_000, 1, KURTI), line(3_000, 1, SAREE)]);
    expect(refusal(coupon({ categoryIds: [KURTI], minOrderPaise: 2_00_000 }), mixed)).toBe('Add ₹1,000 more to use FESTIVE10');
  });

  it('takes a percent (capped) or a flat amount, never more than the pieces cost', () => {
    const amount = (rule: CouponRule, lines = bag) => {
      const checked = checkCoupon('FESTIVE10', rule, lines, TODAY);
      return checked.ok ? checked.amount : null;
    };
    expect(amount(coupon())).toBe(20_000);
    expect(amount(coupon({ maxDiscountPaise: 15_000 }))).toBe(15_000);
    expect(amount(coupon({ kind: 'flat', value: 30_000 }))).toBe(30_000);
    expect(amount(coupon({ kind: 'flat', value: 5_00_000 }))).toBe(2_00_000);
    // 10 % of ₹333.35 is 3,333.5 paise: half up.
    expect(amount(coupon(), [{ total: 33_335, quantity: 1, categoryId: KURTI, afterOffer: 33_335 }])).toBe(3_334);
  });
});

describe('offers', () => {
  it('applies "N or more pieces from these categories" to those pieces only', () => {
    const lines = priced([line(1_000, 2, KURTI), line(5_000, 1, SAREE)]);
    expect(bestOffer([piecesOffer()], lines, TODAY)).toBeNull();
    const three = priced([line(1_000, 3, KURTI), line(5_000, 1, SAREE)]);
    expect(bestOffer([piecesOffer()], three, TODAY)).toMatchObject({ amount: 30_000, covered: [true, false] });
  });

  it('picks the offer that takes the most, within its dates', () => {
    const lines = priced([line(1_000, 3, KURTI)]);
    // 10 % of ₹3,000 = ₹300 beats ₹200 off.
    expect(bestOffer([flatOffer(), piecesOffer()], lines, TODAY)?.offer.id).toBe('o1');
    expect(bestOffer([flatOffer(), piecesOffer({ percent: 5 })], lines, TODAY)?.offer.id).toBe('o2');
    expect(bestOffer([flatOffer({ endsOn: '2026-11-28' }), piecesOffer({ startsOn: '2026-11-30' })], lines, TODAY)).toBeNull();
  });

  it('hints at the nearest offer that would take more off', () => {
    expect(nextOfferHint([flatOffer()], priced([line(1_550, 1)]), TODAY, 0)).toBe('Add ₹450 more for ₹200 off');
    expect(nextOfferHint([flatOffer()], priced([line(2_000, 1)]), TODAY, 20_000)).toBeNull();
    expect(nextOfferHint([piecesOffer()], priced([line(1_000, 2)]), TODAY, 0)).toBe(
      'Add 1 more piece for 10% off (3 kurtis or more: 10% off)',
    );
    // Nothing of the offer's categories in the bag: no hint about it.
    expect(nextOfferHint([piecesOffer()], priced([line(1_000, 2, SAREE)]), TODAY, 0)).toBeNull();
    // An offer that would take less than the one applied is not worth a hint.
    expect(nextOfferHint([flatOffer({ flatPaise: 5_000, minOrderPaise: 9_00_000 })], priced([line(1_000, 3)]), TODAY, 30_000)).toBeNull();
  });
});

describe('priceBag', () => {
  it('takes the product discount first, then the offer, then the coupon on what is left, with each line’s shares', () => {
    // 3 kurtis at ₹1,000 (MRP ₹1,250 at 20 % off) and a saree at ₹3,000.
    const lines: PromoLineInput[] = [
      { productPrice: 1_25_000, productDiscount: 20, quantity: 3, categoryId: KURTI },
      line(3_000, 1, SAREE),
    ];
    const bag = priceBag(lines, {
      offers: [piecesOffer()],
      coupon: { code: 'FESTIVE10', rule: coupon({ maxDiscountPaise: 50_000 }) },
      today: TODAY,
    });
    expect(bag.subtotal).toBe(6_00_000);
    expect(bag.mrpTotal).toBe(6_75_000);
    expect(bag.offer).toEqual({ id: 'o1', name: '3 kurtis or more: 10% off', amount: 30_000 });
    // 10 % of 5,70,000 = 57,000, capped at 50,000; shared 2,70,000 : 3,00,000.
    expect(bag.coupon).toEqual({ code: 'FESTIVE10', amount: 50_000 });
    expect(bag.lines.map((l) => [l.offerShare, l.couponShare, l.discount, l.net])).toEqual([
      [30_000, 23_684, 53_684, 2_46_316],
      [0, 26_316, 26_316, 2_73_684],
    ]);
    expect(bag.discounts).toEqual([
      { kind: 'offer', label: '3 kurtis or more: 10% off', amount: 30_000 },
      { kind: 'coupon', label: 'Coupon FESTIVE10', amount: 50_000, code: 'FESTIVE10' },
    ]);
    expect(bag.discount).toBe(80_000);
    expect(bag.shipping).toBe(0);
    expect(bag.total).toBe(5_20_000);
    expect(bag.couponRefusal).toBeNull();
  });

  it('judges the coupon’s minimum after the offer, and answers the refusal without applying the code', () => {
    const bag = priceBag([line(1_000, 3)], {
      offers: [piecesOffer()],
      coupon: { code: 'BIG', rule: coupon({ code: 'BIG', minOrderPaise: 3_00_000 }) },
      today: TODAY,
    });
    expect(bag.coupon).toBeNull();
    expect(bag.couponRefusal?.message).toBe('Add ₹300 more to use BIG');
    expect(bag.discounts).toHaveLength(1);
    expect(bag.total).toBe(2_70_000);
  });

  it('charges shipping again when the discounts bring the goods below ₹999', () => {
    const bag = priceBag([line(1_050, 1)], { offers: [], coupon: { code: 'FESTIVE10', rule: coupon() }, today: TODAY });
    expect(bag.subtotal).toBe(1_05_000);
    expect(bag.discount).toBe(10_500);
    expect(bag.shipping).toBe(5_000);
    expect(bag.total).toBe(1_05_000 - 10_500 + 5_000);
  });

  it('without promotions prices as orderTotals does', () => {
    const bag = priceBag([line(500, 1)], { offers: [], today: TODAY });
    expect(bag).toMatchObject({ subtotal: 50_000, discount: 0, shipping: 5_000, total: 55_000, discounts: [], nextOfferHint: null });
    expect(bag.lines[0]).toMatchObject({ total: 50_000, discount: 0, net: 50_000 });
  });

  it('keeps every amount whole and consistent over many random bags (property check)', () => {
    const next = random(7);
    const categories = [KURTI, SAREE, null];
    for (let run = 0; run < 500; run++) {
      const lines = Array.from({ length: 1 + next(6) }, () => ({
        productPrice: 100 * (1 + next(5_000)) + next(100),
        productDiscount: next(4) === 0 ? next(60) : 0,
        quantity: 1 + next(10),
        categoryId: categories[next(3)]!,
      }));
      const rule = coupon({
        kind: next(2) === 0 ? 'percent' : 'flat',
        value: 0,
        categoryIds: next(2) === 0 ? [] : [KURTI],
        maxDiscountPaise: next(2) === 0 ? null : 1 + next(1_00_000),
      });
      rule.value = rule.kind === 'percent' ? 1 + next(90) : 1 + next(5_00_000);
      if (rule.kind === 'flat') rule.maxDiscountPaise = null;
      const bag = priceBag(lines, {
        offers: [piecesOffer({ minPieces: 1 + next(5), percent: 1 + next(90) }), flatOffer({ minOrderPaise: 1 + next(10_00_000) })],
        coupon: { code: 'FESTIVE10', rule },
        today: TODAY,
      });
      const offerSum = bag.lines.reduce((sum, l) => sum + l.offerShare, 0);
      const couponSum = bag.lines.reduce((sum, l) => sum + l.couponShare, 0);
      expect(offerSum).toBe(bag.offer?.amount ?? 0);
      expect(couponSum).toBe(bag.coupon?.amount ?? 0);
      expect(bag.discount).toBe(offerSum + couponSum);
      expect(bag.lines.reduce((sum, l) => sum + l.net, 0)).toBe(bag.subtotal - bag.discount);
      for (const l of bag.lines) {
        expect(l.net).toBeGreaterThanOrEqual(0);
        expect(l.discount).toBeLessThanOrEqual(l.total);
        expect(Number.isInteger(l.net)).toBe(true);
      }
      expect(bag.total).toBe(bag.subtotal - bag.discount + bag.shipping);
      expect(bag.shipping).toBe(shippingFee(bag.subtotal, bag.subtotal - bag.discount));
    }
  });
});
