import { describe, expect, it } from 'vitest';
import {
  formatIndianInteger,
  formatINR,
  formatSignedINR,
  MAX_RUPEE_DIGITS,
  paiseToDecimal,
  parseRupees,
  rupeesCompact,
  rupeesToPaise,
} from './money.js';

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

describe('formatSignedINR', () => {
  it('shows a round-off with its sign: a minus sign, a plus, none for nothing', () => {
    expect([formatSignedINR(-10), formatSignedINR(25), formatSignedINR(0)]).toEqual(['−₹0.10', '+₹0.25', '₹0.00']);
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

  it('writes what Intl en-IN writes, for amounts of every length and sign', () => {
    const intl = (fractionDigits: number) =>
      new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: 'INR',
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      });
    const withDecimals = intl(2);
    const wholeRupees = intl(0);
    // Every length from 1 to 15 digits, with a deterministic spread of digits (and whole rupees) in each.
    const amounts = [1, 9, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 9_999_999, 10_000_000];
    for (let digits = 1; digits <= 15; digits++) {
      for (let i = 1; i <= 7; i++) {
        const amount = Math.floor((10 ** digits - 1) * (i / 7.3));
        amounts.push(amount, amount - (amount % 100));
      }
    }
    for (const paise of amounts.flatMap((amount) => (amount === 0 ? [0] : [amount, -amount]))) {
      const rupees = paise / 100;
      expect(formatINR(paise), `${paise}`).toBe(withDecimals.format(rupees));
      if (paise % 100 === 0) expect(formatINR(paise, { compact: true }), `${paise}`).toBe(wholeRupees.format(rupees));
    }
  });

  it('stays exact where dividing by 100 in floating point would not', () => {
    // Intl, given the rupees as a float, writes this '₹9,00,71,99,25,47,409.90'.
    expect(formatINR(Number.MAX_SAFE_INTEGER)).toBe('₹9,00,71,99,25,47,409.91');
    // and '-₹0.00' for a negative zero, which a subtraction can leave.
    expect(formatINR(-0)).toBe('₹0.00');
  });
});

describe('formatIndianInteger', () => {
  it('groups the last three digits, then pairs, as Intl en-IN does', () => {
    const intl = new Intl.NumberFormat('en-IN');
    for (const value of [0, 7, 42, 999, 1_000, 12_345, 123_456, 1_234_567, 12_345_678, 987_654_321_012, -1_234_567]) {
      expect(formatIndianInteger(value)).toBe(intl.format(value));
    }
    expect(formatIndianInteger(1_234_567)).toBe('12,34,567');
  });

  it('refuses what is not a whole number', () => {
    expect(() => formatIndianInteger(1.5)).toThrow(RangeError);
    expect(() => formatIndianInteger(Number.NaN)).toThrow(RangeError);
  });
});

describe('rupeesCompact', () => {
  it('is formatINR without .00 on whole rupees', () => {
    expect(rupeesCompact(99_900)).toBe('₹999');
    expect(rupeesCompact(99_950)).toBe('₹999.50');
    expect(rupeesCompact(12_345_600)).toBe('₹1,23,456');
    expect(rupeesCompact(-5_000)).toBe('-₹50');
  });
});

describe('paiseToDecimal', () => {
  it('writes rupees with two decimals, no symbol and no grouping', () => {
    expect(paiseToDecimal(12_345_600)).toBe('123456.00');
    expect(paiseToDecimal(99_950)).toBe('999.50');
    expect(paiseToDecimal(5)).toBe('0.05');
    expect(paiseToDecimal(0)).toBe('0.00');
    expect(paiseToDecimal(-150)).toBe('-1.50');
  });

  it('is exact where a float would not be', () => {
    expect(paiseToDecimal(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(rupeesToPaise(Number(paiseToDecimal(1_005)))).toBe(1_005);
  });

  it('refuses fractional paise', () => {
    expect(() => paiseToDecimal(10.5)).toThrow(RangeError);
  });
});

describe('parseRupees', () => {
  it('reads whole rupees and up to two decimals into paise', () => {
    expect(parseRupees('1299')).toBe(129_900);
    expect(parseRupees('1299.5')).toBe(129_950);
    expect(parseRupees('1299.05')).toBe(129_905);
    expect(parseRupees('0')).toBe(0);
    expect(parseRupees('0.01')).toBe(1);
    expect(parseRupees('007')).toBe(700);
  });

  it('reads the text, never a float: every amount with two decimals comes back exact', () => {
    for (let paise = 0; paise <= 100_000; paise += 37) expect(parseRupees(paiseToDecimal(paise)), `${paise}`).toBe(paise);
    expect(parseRupees('1.15')).toBe(115);
    expect(parseRupees('8.67')).toBe(867);
    expect(parseRupees('99999999.99')).toBe(9_999_999_999);
  });

  it('takes the rupee sign, spaces around, and digit grouping as people write it', () => {
    expect(parseRupees(' ₹1,299.05 ')).toBe(129_905);
    expect(parseRupees('₹ 1299')).toBe(129_900);
    expect(parseRupees('1,23,456')).toBe(12_345_600);
    expect(parseRupees('1,00,00,000.00')).toBe(1_000_000_000);
    expect(parseRupees('123,456')).toBe(12_345_600);
    expect(parseRupees('12,345,678')).toBe(1_234_567_800);
    expect(parseRupees('\t1499.50\n')).toBe(149_950);
  });

  it('refuses what is not an amount with at most two decimals', () => {
    for (const text of ['', ' ', '₹', '-5', '+5', '12.345', 'abc', '1e3', '0x10', '.5', '12.', '1.2.3', 'Infinity', 'NaN', '5 00', '₹-5']) {
      expect(parseRupees(text), JSON.stringify(text)).toBeNull();
    }
  });

  it('refuses commas that are not digit groups (a decimal comma is not silently a bigger amount)', () => {
    for (const text of ['12,5', '12,50', '1,2,3', ',100', '100,', '1,,000', '1234,567', '1,2345']) {
      expect(parseRupees(text), text).toBeNull();
    }
  });

  it(`refuses more than ${MAX_RUPEE_DIGITS} digits before the point, so paise stay far inside a safe integer`, () => {
    expect(parseRupees('9'.repeat(MAX_RUPEE_DIGITS))).toBe(9_999_999_900);
    expect(parseRupees('9'.repeat(MAX_RUPEE_DIGITS + 1))).toBeNull();
    expect(parseRupees('999,999,999')).toBeNull();
    expect(parseRupees('9'.repeat(30))).toBeNull();
    expect(parseRupees(`000${'9'.repeat(MAX_RUPEE_DIGITS)}`)).toBe(9_999_999_900);
  });
});
