import { describe, expect, it } from 'vitest';
import { cartLinkLabel } from './cart-link';

describe('what the shopper reads about the cart', () => {
  it('names the header’s cart with its count', () => {
    expect(cartLinkLabel(0)).toBe('Cart, empty');
    expect(cartLinkLabel(1)).toBe('Cart, 1 item');
    expect(cartLinkLabel(3)).toBe('Cart, 3 items');
  });
});
