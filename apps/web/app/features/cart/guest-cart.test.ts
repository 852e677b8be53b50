import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToGuestCart, clearGuestCart, guestCartCount, readGuestCart, removeFromGuestCart, setGuestQuantity } from './guest-cart';

const PRODUCT = '0b7e4c1e-5a51-4d39-9a53-2f3d0f0e6c11';
const VARIANT = '5f0c2b1a-3e4d-4c5b-8a6f-7e8d9c0b1a2f';
const KEY = 'saanjh.cart';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { localStorage: storage, addEventListener: () => {}, removeEventListener: () => {} });
});
afterEach(() => vi.unstubAllGlobals());

describe('the browser cart', () => {
  it('keeps lines in the account cart’s shape and adds to the line of the same product and variant', () => {
    expect(addToGuestCart({ productId: PRODUCT, variantId: VARIANT, quantity: 1 }, 5)).toEqual({ before: 0, after: 1 });
    expect(addToGuestCart({ productId: PRODUCT, variantId: VARIANT, quantity: 2 }, 5)).toEqual({ before: 1, after: 3 });
    addToGuestCart({ productId: PRODUCT, quantity: 1 }, 5);
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([
      { productId: PRODUCT, variantId: VARIANT, quantity: 3 },
      { productId: PRODUCT, quantity: 1 },
    ]);
    expect(guestCartCount(readGuestCart())).toBe(4);
  });

  it('never goes beyond the stock or 10 pieces a line', () => {
    expect(addToGuestCart({ productId: PRODUCT, variantId: VARIANT, quantity: 4 }, 3)).toEqual({ before: 0, after: 3 });
    expect(addToGuestCart({ productId: PRODUCT, variantId: VARIANT, quantity: 1 }, 3)).toEqual({ before: 3, after: 3 });
    expect(addToGuestCart({ productId: PRODUCT, quantity: 15 }, 40)).toEqual({ before: 0, after: 10 });
    expect(addToGuestCart({ productId: VARIANT, quantity: 1 }, 0)).toEqual({ before: 0, after: 0 });
    expect(readGuestCart()).toHaveLength(2);
  });

  it('sets quantities within 1..10, removes lines, and clears', () => {
    addToGuestCart({ productId: PRODUCT, variantId: VARIANT, quantity: 2 }, 9);
    setGuestQuantity(PRODUCT, VARIANT, 12);
    expect(readGuestCart()[0]?.quantity).toBe(10);
    setGuestQuantity(PRODUCT, VARIANT, 0);
    expect(readGuestCart()[0]?.quantity).toBe(1);
    removeFromGuestCart(PRODUCT, VARIANT);
    expect(readGuestCart()).toEqual([]);
    addToGuestCart({ productId: PRODUCT, quantity: 1 }, 9);
    clearGuestCart();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('drops what it cannot read instead of trusting it', () => {
    storage.setItem(
      KEY,
      JSON.stringify([
        { productId: PRODUCT, quantity: 2 },
        { productId: 'not-an-id', quantity: 1 },
        { productId: PRODUCT, quantity: 99 },
        { productId: PRODUCT, quantity: 1.5 },
        { productId: PRODUCT, quantity: '2' },
        { productId: PRODUCT, variantId: 'red-m', quantity: 1 },
        null,
        'line',
        { productId: PRODUCT, variantId: VARIANT, quantity: 1, price: 1 },
      ]),
    );
    // Only the three fields of a good line are kept: a price written into storage is not.
    expect(readGuestCart()).toEqual([
      { productId: PRODUCT, quantity: 2 },
      { productId: PRODUCT, variantId: VARIANT, quantity: 1 },
    ]);
    storage.setItem(KEY, '{not json');
    expect(readGuestCart()).toEqual([]);
  });
});
