import { describe, expect, it } from 'vitest';
import {
  apparelGstRate,
  creditNoteTax,
  financialYearOf,
  formatInvoiceNumber,
  gstRate,
  gstRatesOn,
  gstRuleOf,
  INVOICE_NUMBER_MAX_LENGTH,
  JOB_WORK_RATE,
  JOB_WORK_SAC,
  returnShare,
  taxInvoice,
} from './invoice.js';

const NOW = new Date('2026-11-20T10:00:00+05:30');

describe('apparelGstRate', () => {
  it('is 5 % while the taxable value of a piece at 5 % is at most ₹2,500, else 18 %', () => {
    // ₹2,625.00 including 5 % is ₹2,500.00 taxable: still 5 %; a paisa more is over the line.
    expect(apparelGstRate(262_500, 1, NOW)).toBe(5);
    expect(apparelGstRate(262_501, 1, NOW)).toBe(18);
    // The value of one piece decides, not the line: three pieces of ₹2,000 stay at 5 %.
    expect(apparelGstRate(600_000, 3, NOW)).toBe(5);
  });

  it('follows the dated table: ₹1,000 and 12 % before 22 September 2025 (India time)', () => {
    expect(apparelGstRate(105_000, 1, new Date('2025-09-21T23:59:00+05:30'))).toBe(5);
    expect(apparelGstRate(105_001, 1, new Date('2025-09-21T23:59:00+05:30'))).toBe(12);
    expect(apparelGstRate(105_001, 1, new Date('2025-09-22T00:01:00+05:30'))).toBe(5);
  });
});

describe('gstRate by HSN (the dated table)', () => {
  it('taxes fabric and sarees (chapters 50–55) at 5 % whatever the price: an ₹8,099 silk saree under 5007', () => {
    expect(gstRate('5007', 8_09_900, 1, NOW)).toBe(5);
    expect(gstRate('52085100', 50_00_000, 1, NOW)).toBe(5);
    const invoice = taxInvoice({
      lines: [{ name: 'Silk saree', hsnCode: '5007', quantity: 1, unitPrice: 8_09_900, total: 8_09_900 }],
      at: NOW,
      placeOfSupply: 'Karnataka',
      shopState: 'Karnataka',
    });
    // Within the state: 2.5 % of ₹7,713.33 is ₹192.83 each, the taxable value what the ₹8,099 leaves after both.
    expect(invoice.lines[0]).toMatchObject({ rate: 5, taxableValue: 7_71_334, cgst: 19_283, sgst: 19_283 });
  });

  it('taxes garments and made-ups (chapters 61–63) by the value of a piece, imitation jewellery at 3 %, and goods of no known HSN as garments', () => {
    expect([gstRate('6204', 262_500, 1, NOW), gstRate('6204', 262_501, 1, NOW), gstRate('6304', 262_501, 1, NOW)]).toEqual([5, 18, 18]);
    expect(gstRate('7117', 5_00_000, 1, NOW)).toBe(3);
    expect([gstRate('', 262_501, 1, NOW), gstRate('9999', 100_000, 1, NOW)]).toEqual([18, 5]);
    // Before 22 September 2025: garments 5 % up to ₹1,000 a piece, 12 % above; fabric 5 % then too.
    const before = new Date('2025-09-21T12:00:00+05:30');
    expect([gstRate('6204', 105_001, 1, before), gstRate('5007', 8_09_900, 1, before)]).toEqual([12, 5]);
    expect(gstRuleOf('50071000', NOW)).toEqual({ rate: 5 });
  });
});

describe('taxInvoice', () => {
  const lines = [
    { name: 'Kurti', hsnCode: '6211', quantity: 2, unitPrice: 105_000, total: 210_000 },
    { name: 'Lehenga', hsnCode: '6204', quantity: 1, unitPrice: 590_000, total: 590_000 },
  ];

  it('splits GST into CGST and SGST within the shop state, per rate', () => {
    const invoice = taxInvoice({ lines, at: NOW, placeOfSupply: 'Karnataka', shopState: 'Karnataka' });
    expect(invoice.interState).toBe(false);
    // 210000 at 5 %: taxable 200000, tax 10000; 590000 at 18 %: taxable 500000, tax 90000.
    expect(invoice.lines.map((line) => [line.rate, line.taxableValue, line.cgst, line.sgst, line.igst])).toEqual([
      [5, 200_000, 5_000, 5_000, 0],
      [18, 500_000, 45_000, 45_000, 0],
    ]);
    expect(invoice.byRate).toEqual([
      { rate: 5, taxableValue: 200_000, cgst: 5_000, sgst: 5_000, igst: 0 },
      { rate: 18, taxableValue: 500_000, cgst: 45_000, sgst: 45_000, igst: 0 },
    ]);
    expect(invoice.taxableValue + invoice.totalTax).toBe(800_000);
  });

  it('charges IGST when the place of supply is another state', () => {
    const invoice = taxInvoice({ lines, at: NOW, placeOfSupply: 'Maharashtra', shopState: 'Karnataka' });
    expect(invoice.interState).toBe(true);
    expect([invoice.cgst, invoice.sgst, invoice.igst]).toEqual([0, 0, 100_000]);
  });

  it('shares a bill discount over the lines, so a piece may fall into the lower rate', () => {
    // 10 % off 800000 = 720000: the lehenga line becomes 531000, still above the line; kurtis 189000.
    const invoice = taxInvoice({ lines, total: 720_000, at: NOW, placeOfSupply: 'Karnataka', shopState: 'Karnataka' });
    expect(invoice.lines.map((line) => line.amount)).toEqual([189_000, 531_000]);
    expect(invoice.total).toBe(720_000);
    // 50 % off: the lehenga is 295000 for one piece, taxable at 5 % would be 280952 > 250000 → 18 % still;
    const half = taxInvoice({ lines, total: 400_000, at: NOW, placeOfSupply: 'Karnataka', shopState: 'Karnataka' });
    expect(half.lines[1]!.rate).toBe(18);
    // 60 % off: 236000 a piece → 5 %.
    const more = taxInvoice({ lines, total: 320_000, at: NOW, placeOfSupply: 'Karnataka', shopState: 'Karnataka' });
    expect(more.lines[1]!.rate).toBe(5);
  });

  it("taxes a typed-in service at the rate chosen for it, not its HSN's rule (issue 40)", () => {
    // Blouse stitching at ₹3,000: the garment rule would say 18 % above ₹2,500; job work (SAC 9988) is 5 %.
    const stitching = { name: 'Blouse stitching', hsnCode: JOB_WORK_SAC, quantity: 1, unitPrice: 300_000, total: 300_000 };
    const invoice = taxInvoice({
      lines: [stitching, { ...stitching, rate: JOB_WORK_RATE }],
      at: NOW,
      placeOfSupply: 'Karnataka',
      shopState: 'Karnataka',
    });
    expect(invoice.lines.map((line) => [line.rate, line.taxableValue])).toEqual([
      [18, 254_238],
      [5, 285_714],
    ]);
    // The rates the counter offers: those of the table's row in force.
    expect(gstRatesOn(NOW)).toEqual([3, 5, 18]);
    expect(gstRatesOn(new Date('2025-09-21T12:00:00+05:30'))).toEqual([3, 5, 12]);
  });

  it('keeps odd paise: CGST and SGST each at half the rate, equal, and the parts add up to the amount', () => {
    const invoice = taxInvoice({
      lines: [{ name: 'Dupatta', hsnCode: '6214', quantity: 1, unitPrice: 49_999, total: 49_999 }],
      at: NOW,
      placeOfSupply: 'Karnataka',
      shopState: 'Karnataka',
    });
    const line = invoice.lines[0]!;
    // 49999 / 1.05 = 47618.095; 2.5 % of 47618 = 1190.45: each half ₹11.90, the taxable value what is left.
    expect([line.taxableValue, line.cgst, line.sgst]).toEqual([47_619, 1_190, 1_190]);
    expect(line.taxableValue + line.cgst + line.sgst).toBe(49_999);
  });

  // Issue 43: ₹214.25 CGST beside ₹214.23 SGST on one bill; the tax was computed whole, then halved.
  it('CGST and SGST are equal on every line and invoice, and every invoice total still matches', () => {
    const amounts = [1, 2, 3, 99, 101, 999, 49_999, 50_001, 1_23_457, 2_62_499, 8_09_900, 9_99_999];
    for (const rate of [3, 5, 12, 18, 28]) {
      const invoice = taxInvoice({
        lines: amounts.map((amount, index) => ({ name: `L${index}`, hsnCode: '', quantity: 1, unitPrice: amount, total: amount, rate })),
        shipping: 7_777,
        at: NOW,
        placeOfSupply: 'Karnataka',
        shopState: 'Karnataka',
      });
      for (const line of invoice.lines) {
        expect(line.cgst).toBe(line.sgst);
        expect(line.taxableValue + line.cgst + line.sgst).toBe(line.amount);
        // Each half is half the rate on the taxable value it is printed with, to within the paisa of rounding.
        expect(Math.abs(line.cgst - (line.taxableValue * line.rate) / 200)).toBeLessThanOrEqual(1);
      }
      expect(invoice.cgst).toBe(invoice.sgst);
      expect(invoice.taxableValue + invoice.totalTax).toBe(invoice.total);
      expect(invoice.total).toBe(amounts.reduce((sum, amount) => sum + amount, 0) + 7_777);
      for (const entry of invoice.byRate) expect(entry.cgst).toBe(entry.sgst);
    }
  });

  it('taxes shipping at the rate of the principal supply', () => {
    const invoice = taxInvoice({ lines, shipping: 5_000, at: NOW, placeOfSupply: 'Kerala', shopState: 'Karnataka' });
    expect(invoice.lines.at(-1)).toMatchObject({ name: 'Shipping', rate: 18, amount: 5_000, taxableValue: 4_237, igst: 763 });
    expect(invoice.total).toBe(805_000);
  });
});

describe('invoice numbers', () => {
  it('runs April to March in India time', () => {
    expect(financialYearOf(new Date('2026-03-31T23:59:00+05:30'))).toBe('25-26');
    expect(financialYearOf(new Date('2026-04-01T00:01:00+05:30'))).toBe('26-27');
    // 31 March 19:00 UTC is already 1 April in India.
    expect(financialYearOf(new Date('2026-03-31T19:00:00Z'))).toBe('26-27');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('99-00');
  });

  it('formats INV/26-27/00042, at most 16 characters', () => {
    expect(formatInvoiceNumber('26-27', 42)).toBe('INV/26-27/00042');
    expect(formatInvoiceNumber('26-27', 999_999)).toHaveLength(INVOICE_NUMBER_MAX_LENGTH);
    expect(() => formatInvoiceNumber('26-27', 1_000_000)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('26-27', 0)).toThrow(RangeError);
  });
});

describe('returns (credit notes)', () => {
  it('refunds a line returned in any parts exactly what it was charged, in proportion to pieces', () => {
    // ₹1,000.01 for 3 pieces: the paise do not divide evenly.
    const amount = 1_00_001;
    expect(returnShare(amount, 3, 0, 3)).toBe(amount);
    const parts = [returnShare(amount, 3, 0, 1), returnShare(amount, 3, 1, 1), returnShare(amount, 3, 2, 1)];
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
    expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    expect(returnShare(amount, 3, 1, 2) + returnShare(amount, 3, 0, 1)).toBe(amount);
    expect(() => returnShare(amount, 3, 2, 2)).toThrow(RangeError);
    expect(() => returnShare(amount, 3, 0, 0)).toThrow(RangeError);
  });

  it("takes back each line's GST at its invoice rate, split as the invoice was", () => {
    const within = creditNoteTax({
      lines: [{ name: 'Silk saree', hsnCode: '5007', quantity: 1, unitPrice: 8_09_900, total: 8_09_900, rate: 18 }],
      placeOfSupply: 'Karnataka',
      shopState: 'Karnataka',
    });
    expect(within).toMatchObject({ interState: false, total: 8_09_900, taxableValue: 6_86_356, igst: 0 });
    expect(within.cgst + within.sgst).toBe(8_09_900 - 6_86_356);
    const across = creditNoteTax({
      lines: [{ name: 'Kurta', hsnCode: '6204', quantity: 2, unitPrice: 50_000, total: 90_000, rate: 5 }],
      placeOfSupply: 'Kerala',
      shopState: 'Karnataka',
    });
    expect(across).toMatchObject({ interState: true, taxableValue: 85_714, igst: 4_286, cgst: 0, byRate: [{ rate: 5, igst: 4_286 }] });
  });

  it('numbers credit notes in their own series within 16 characters', () => {
    expect(formatInvoiceNumber('26-27', 1, 'CN')).toBe('CN/26-27/00001');
    expect(formatInvoiceNumber('26-27', 42)).toBe('INV/26-27/00042');
  });
});
