import { describe, expect, it } from 'vitest';
import { formatINR, rupeesToPaise } from './money.js';

describe('rupeesToPaise', () => {
  it('converts whole and fractional rupees', () => {
    expect(rupeesToPaise(999)).toBe(99_900);
    expect(rupeesToPaise(12.5)).toBe(1_250);
    expect(rupeesToPaise(0.01)).toBe(1);
  });

  it('rounds the decimal value, not its binary approximation', () => {
    expect(rupeesToPaise(1.005)).toBe(101);
    expect(rupeesToPaise(8.675)).toBe(868);
  });

  it('rejects amounts that are not numbers', () => {
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
    expect(() => rupeesToPaise(Infinity)).toThrow(RangeError);
  });
});

describe('formatINR', () => {
  it('groups digits the Indian way with two decimals', () => {
    expect(formatINR(12_345_600)).toBe('₹1,23,456.00');
    expect(formatINR(5_000)).toBe('₹50.00');
    expect(formatINR(0)).toBe('₹0.00');
  });

  it('drops .00 on whole rupees when compact', () => {
    expect(formatINR(99_900, { compact: true })).toBe('₹999');
    expect(formatINR(99_950, { compact: true })).toBe('₹999.50');
    expect(formatINR(899_900, { compact: true })).toBe('₹8,999');
  });

  it('refuses fractional paise', () => {
    expect(() => formatINR(10.5)).toThrow(RangeError);
  });
});
