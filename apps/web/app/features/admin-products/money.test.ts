import { describe, expect, it } from 'vitest';
import { parseRupees, parseWhole, rupeesInput } from './money';

describe('rupee fields', () => {
  it('shows paise as rupees with two decimals', () => {
    expect(rupeesInput(129900)).toBe('1299.00');
    expect(rupeesInput(50)).toBe('0.50');
    expect(rupeesInput(0)).toBe('0.00');
  });

  it('reads rupees as typed into paise', () => {
    expect(parseRupees('1299')).toBe(129900);
    expect(parseRupees('1299.5')).toBe(129950);
    expect(parseRupees(' ₹1,299.05 ')).toBe(129905);
    expect(parseRupees('1.005'.slice(0, 4))).toBe(100);
    expect(parseRupees('0')).toBe(0);
  });

  it('refuses what is not an amount with at most two decimals', () => {
    for (const text of ['', '-5', '12.345', 'abc', '1e3', '.5', '12.']) expect(parseRupees(text)).toBeNull();
  });

  it('reads whole numbers only', () => {
    expect(parseWhole('12')).toBe(12);
    expect(parseWhole(' 0 ')).toBe(0);
    for (const text of ['', '1.5', '-1', 'x']) expect(parseWhole(text)).toBeNull();
  });
});
