import { describe, expect, it } from 'vitest';
import { rememberSaved, savedState } from './saved-products';

describe('saved products', () => {
  it('answers from the server until a heart is toggled, then from the toggle, per shopper', () => {
    expect(savedState('asha', 'p1', ['p1'])).toBe(true);
    expect(savedState('asha', 'p2', ['p1'])).toBe(false);
    rememberSaved('asha', 'p1', false);
    rememberSaved('asha', 'p2', true);
    expect(savedState('asha', 'p1', ['p1'])).toBe(false);
    expect(savedState('asha', 'p2', ['p1'])).toBe(true);
    // Another shopper on the same tab starts from her own list.
    expect(savedState('nila', 'p1', ['p1'])).toBe(true);
    expect(savedState('nila', 'p2', [])).toBe(false);
  });
});
