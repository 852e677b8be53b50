import { describe, expect, it } from 'vitest';
import { colourExtraLabel, sizeExtraLabel } from './choice-extras';

// Issue 38: an extra-price size said '+₹100' while the price rose by ₹80 (the discount applies to the extra too).
describe('the product page’s extra-price labels', () => {
  it('say what she pays more: a ₹100 size at 20 % off is +₹80', () => {
    const kurti = { productPrice: 129_900, productDiscount: 20 };
    expect(sizeExtraLabel(kurti, { variantColorPrice: 0, variantSizePrice: 10_000 })).toBe('+₹80');
    expect(sizeExtraLabel(kurti, { variantColorPrice: 0, variantSizePrice: 20_000 })).toBe('+₹160');
    expect(sizeExtraLabel(kurti, { variantColorPrice: 0, variantSizePrice: 0 })).toBeNull();
  });

  it('price a colour’s extra the same way, and a size over a costlier colour by its own part', () => {
    const rayon = { productPrice: 99_900, productDiscount: 15 };
    expect(colourExtraLabel(rayon, 15_000)).toBe('+₹128');
    expect(colourExtraLabel(rayon, 0)).toBeNull();
    expect(sizeExtraLabel(rayon, { variantColorPrice: 15_000, variantSizePrice: 20_000 })).toBe('+₹170');
  });

  it('are the extra itself without a discount', () => {
    expect(sizeExtraLabel({ productPrice: 50_000, productDiscount: 0 }, { variantColorPrice: 0, variantSizePrice: 10_000 })).toBe('+₹100');
  });
});
