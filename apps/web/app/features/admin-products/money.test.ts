import { describe, expect, it } from 'vitest';
import { parseRupees } from '@shop/core';
import { parseWhole, rupeesInput } from './money';

describe('rupee fields', () => {
  it('shows paise as rupees with two decimals', () => {
    expect(rupeesInput(129900)).toBe('1299.00');
    expect(rupeesInput(50)).toBe('0.50');
    expect(rupeesInput(0)).toBe('0.00');
  });

  it('reads what it shows back as the same paise (the field round-trips)', () => {
    for (const paise of [0, 1, 50, 129_900, 129_905, 1_000_000_000]) expect(parseRupees(rupeesInput(paise))).toBe(paise);
  });

  it('reads whole numbers only', () => {
    expect(parseWhole('12')).toBe(12);
    expect(parseWhole(' 0 ')).toBe(0);
    for (const text of ['', '1.5', '-1', 'x']) expect(parseWhole(text)).toBeNull();
  });
});
