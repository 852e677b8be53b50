import { describe, expect, it } from 'vitest';
import { applyDiscount, extraSellingPrice, lineTotal, orderTotals, shippingFee, unitPrice } from './pricing.js';
import { SHIPPING } from './policy.js';

describe('unitPrice', () => {
  it('adds colour and size extras to the product price before the discount', () => {
    expect(unitPrice({ productPrice: 100_000, variantColorPrice: 5_000, variantSizePrice: 2_500, productDiscount: 20 })).toEqual({
      mrp: 107_500,
      selling: 86_000,
      saving: 21_500,
      discountPercent: 20,
    });
  });

  it('treats missing extras and discount as zero', () => {
    expect(unitPrice({ productPrice: 49_900 })).toEqual({ mrp: 49_900, selling: 49_900, saving: 0, discountPercent: 0 });
  });

  it('rejects negative or fractional parts', () => {
    expect(() => unitPrice({ productPrice: -1 })).toThrow(RangeError);
    expect(() => unitPrice({ productPrice: 100, variantSizePrice: 0.5 })).toThrow(RangeError);
  });
});

describe('applyDiscount', () => {
  it('rounds the selling price half up to the whole rupee', () => {
    // ₹999 at 15 % off = ₹849.15 → ₹849; ₹8,499 at 20 % = ₹6,799.20 → ₹6,799; ₹999 at 50 % = ₹499.50 → ₹500
    expect(applyDiscount(99_900, 15)).toBe(84_900);
    expect(applyDiscount(849_900, 20)).toBe(679_900);
    expect(applyDiscount(99_900, 50)).toBe(50_000);
    expect(applyDiscount(99_900, 49)).toBe(50_900); // ₹509.49 → ₹509
  });

  it('never sells above the MRP, even when the MRP itself has paise', () => {
    expect(applyDiscount(99_950, 0)).toBe(99_950);
    expect(applyDiscount(150, 0)).toBe(150);
    expect(applyDiscount(99_950, 10)).toBe(90_000); // ₹899.55 → ₹900, still below the MRP
  });

  it('accepts 0 to 90 whole percent only', () => {
    expect(applyDiscount(10_000, 0)).toBe(10_000);
    expect(applyDiscount(10_000, 90)).toBe(1_000);
    expect(() => applyDiscount(10_000, 91)).toThrow(RangeError);
    expect(() => applyDiscount(10_000, -5)).toThrow(RangeError);
    expect(() => applyDiscount(10_000, 12.5)).toThrow(RangeError);
  });
});

describe('extraSellingPrice (issue 38: a size says what it adds to the price she pays)', () => {
  it('is the difference of the selling prices, the discount taken off the extra too', () => {
    // Chikankari Cotton Kurti: ₹1,299 at 20 % off, XL ₹100 more: ₹1,039 → ₹1,119, so XL adds ₹80, not ₹100.
    const xl = { productPrice: 129_900, variantSizePrice: 10_000, productDiscount: 20 };
    expect(extraSellingPrice(xl, 'variantSizePrice')).toBe(8_000);
    expect(extraSellingPrice(xl, 'variantSizePrice')).toBe(unitPrice(xl).selling - unitPrice({ ...xl, variantSizePrice: 0 }).selling);
    // Each price rounds to the rupee: ₹999 → ₹849 and ₹1,149 → ₹977 at 15 % off, so Maroon's ₹150 adds ₹128.
    expect(extraSellingPrice({ productPrice: 99_900, variantColorPrice: 15_000, productDiscount: 15 }, 'variantColorPrice')).toBe(12_800);
    // Over a colour extra, the size's part only.
    expect(
      extraSellingPrice(
        { productPrice: 99_900, variantColorPrice: 15_000, variantSizePrice: 20_000, productDiscount: 15 },
        'variantSizePrice',
      ),
    ).toBe(17_000);
    expect(extraSellingPrice({ productPrice: 50_000, variantSizePrice: 10_000 }, 'variantSizePrice')).toBe(10_000);
    expect(extraSellingPrice({ productPrice: 50_000, productDiscount: 30 }, 'variantSizePrice')).toBe(0);
  });
});

describe('lineTotal', () => {
  it('multiplies by the quantity (the spec forgot to)', () => {
    expect(lineTotal(45_000, 3)).toBe(135_000);
  });

  it('rejects a quantity below one or fractional', () => {
    expect(() => lineTotal(45_000, 0)).toThrow(RangeError);
    expect(() => lineTotal(45_000, 1.5)).toThrow(RangeError);
  });
});

describe('shippingFee', () => {
  it('charges the flat fee below ₹999 and nothing from ₹999 up', () => {
    expect(shippingFee(99_899)).toBe(SHIPPING.flatFeePaise);
    expect(shippingFee(99_900)).toBe(0);
    expect(shippingFee(250_000)).toBe(0);
  });

  it('charges nothing for an empty order', () => {
    expect(shippingFee(0)).toBe(0);
  });

  it('uses the policy constants (₹999, ₹50)', () => {
    expect(SHIPPING).toEqual({ freeShippingFromPaise: 99_900, flatFeePaise: 5_000 });
  });
});

describe('orderTotals', () => {
  it('sums selling price × quantity and adds shipping below the threshold', () => {
    const totals = orderTotals([
      { productPrice: 30_000, productDiscount: 10, quantity: 2 },
      { productPrice: 20_000, variantSizePrice: 1_000, quantity: 1 },
    ]);
    expect(totals.lines.map((line) => line.total)).toEqual([54_000, 21_000]);
    expect(totals.mrpTotal).toBe(81_000);
    expect(totals.subtotal).toBe(75_000);
    expect(totals.shipping).toBe(5_000);
    expect(totals.total).toBe(80_000);
  });

  it('ships free once the discounted subtotal reaches ₹999', () => {
    const totals = orderTotals([{ productPrice: 111_000, productDiscount: 10, quantity: 1 }]);
    expect(totals.subtotal).toBe(99_900);
    expect(totals.shipping).toBe(0);
    expect(totals.total).toBe(99_900);
  });
});

describe('orderTotals with cash on delivery (issue 41)', () => {
  it('adds the COD fee after shipping, and nothing for an online order', () => {
    const lines = [{ productPrice: 50_000, quantity: 1 }];
    expect(orderTotals(lines).codFee).toBe(0);
    const cod = orderTotals(lines, { codFee: 4_900 });
    expect(cod).toMatchObject({ subtotal: 50_000, shipping: 5_000, codFee: 4_900, total: 59_900 });
    // Free shipping is judged on the goods alone: the fee never tips an order over ₹999.
    expect(orderTotals([{ productPrice: 95_000, quantity: 1 }], { codFee: 5_000 })).toMatchObject({ shipping: 5_000, total: 105_000 });
  });

  it('refuses a fee that is not whole paise', () => {
    expect(() => orderTotals([{ productPrice: 50_000, quantity: 1 }], { codFee: -1 })).toThrow();
    expect(() => orderTotals([{ productPrice: 50_000, quantity: 1 }], { codFee: 1.5 })).toThrow();
  });
});
