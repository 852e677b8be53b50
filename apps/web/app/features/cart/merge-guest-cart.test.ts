import { describe, expect, it } from 'vitest';
import { cartLinkLabel } from './cart-link';
import { cappedMessage } from './merge-guest-cart';

describe('what the shopper reads about the cart', () => {
  it('tells how much of a capped line could be added', () => {
    expect(cappedMessage({ added: 2 }, 'Silk Saree')).toBe('Only 2 of Silk Saree could be added');
    expect(cappedMessage({ added: 0 }, 'Silk Saree')).toBe('Sorry, Silk Saree could not be added.');
  });

  it('names the header’s cart with its count', () => {
    expect(cartLinkLabel(0)).toBe('Cart, empty');
    expect(cartLinkLabel(1)).toBe('Cart, 1 item');
    expect(cartLinkLabel(3)).toBe('Cart, 3 items');
  });
});
