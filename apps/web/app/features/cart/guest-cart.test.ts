import { MAX_CART_LINES } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { addToGuestCart, guestCartCount, parseGuestCart, removeFromGuestCart, serializeGuestCart, setGuestQuantity } from './guest-cart';

const PRODUCT = '0b7e4c1e-5a51-4d39-9a53-2f3d0f0e6c11';
const VARIANT = '5f0c2b1a-3e4d-4c5b-8a6f-7e8d9c0b1a2f';

describe('the signed-out cart', () => {
  it('keeps lines in the account cart’s shape and adds to the line of the same product and variant', () => {
    let step = addToGuestCart([], { productId: PRODUCT, variantId: VARIANT, quantity: 1 }, 5);
    expect(step).toMatchObject({ before: 0, after: 1 });
    step = addToGuestCart(step.lines, { productId: PRODUCT, variantId: VARIANT, quantity: 2 }, 5);
    expect(step).toMatchObject({ before: 1, after: 3 });
    step = addToGuestCart(step.lines, { productId: PRODUCT, quantity: 1 }, 5);
    expect(JSON.parse(serializeGuestCart(step.lines))).toEqual([
      { productId: PRODUCT, variantId: VARIANT, quantity: 3 },
      { productId: PRODUCT, quantity: 1 },
    ]);
    expect(guestCartCount(step.lines)).toBe(4);
  });

  it('never goes beyond the stock or 10 pieces a line', () => {
    let step = addToGuestCart([], { productId: PRODUCT, variantId: VARIANT, quantity: 4 }, 3);
    expect(step).toMatchObject({ before: 0, after: 3 });
    step = addToGuestCart(step.lines, { productId: PRODUCT, variantId: VARIANT, quantity: 1 }, 3);
    expect(step).toMatchObject({ before: 3, after: 3 });
    step = addToGuestCart(step.lines, { productId: PRODUCT, quantity: 15 }, 40);
    expect(step).toMatchObject({ before: 0, after: 10 });
    step = addToGuestCart(step.lines, { productId: VARIANT, quantity: 1 }, 0);
    expect(step).toMatchObject({ before: 0, after: 0 });
    expect(step.lines).toHaveLength(2);
  });

  it('sets quantities within 1..10 and removes lines', () => {
    let lines = addToGuestCart([], { productId: PRODUCT, variantId: VARIANT, quantity: 2 }, 9).lines;
    lines = setGuestQuantity(lines, PRODUCT, VARIANT, 12);
    expect(lines[0]?.quantity).toBe(10);
    lines = setGuestQuantity(lines, PRODUCT, VARIANT, 0);
    expect(lines[0]?.quantity).toBe(1);
    expect(removeFromGuestCart(lines, PRODUCT, VARIANT)).toEqual([]);
  });

  it('drops what it cannot read instead of trusting it', () => {
    const stored = JSON.stringify([
      { productId: PRODUCT, quantity: 2 },
      { productId: 'not-an-id', quantity: 1 },
      { productId: PRODUCT, quantity: 99 },
      { productId: PRODUCT, quantity: 1.5 },
      { productId: PRODUCT, quantity: '2' },
      { productId: PRODUCT, variantId: 'red-m', quantity: 1 },
      null,
      'line',
      { productId: PRODUCT, variantId: VARIANT, quantity: 1, price: 1 },
      // A second line of the same item is not a second line.
      { productId: PRODUCT, variantId: VARIANT, quantity: 5 },
    ]);
    // Only the three fields of a good line are kept: a price written into the cookie is not.
    expect(parseGuestCart(stored)).toEqual([
      { productId: PRODUCT, quantity: 2 },
      { productId: PRODUCT, variantId: VARIANT, quantity: 1 },
    ]);
    expect(parseGuestCart('{not json')).toEqual([]);
    expect(parseGuestCart('{"productId":1}')).toEqual([]);
    expect(parseGuestCart(undefined)).toEqual([]);
  });

  it('keeps at most the account cart’s number of lines', () => {
    const many = Array.from({ length: MAX_CART_LINES + 5 }, (_, index) => ({
      productId: `0b7e4c1e-5a51-4d39-9a53-${String(index).padStart(12, '0')}`,
      quantity: 1,
    }));
    expect(parseGuestCart(JSON.stringify(many))).toHaveLength(MAX_CART_LINES);
  });
});
