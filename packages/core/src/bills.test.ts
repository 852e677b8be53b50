import { describe, expect, it } from 'vitest';
import { billPayments, createBillSchema, billQuerySchema, describeBillPayments } from './bills.js';
import { billTotals, isBillDiscount, maxFlatDiscount, shareInProportion } from './pricing.js';
import { mondayOf, weekLabel } from './calendar-days.js';
import { weeklyQuerySchema, roundToRupee } from './reports.js';

describe('billTotals', () => {
  it('is Σ item totals × (1 − discount/100), rounded half up to the paisa', () => {
    // 2 × ₹499.99 + ₹150.01 = ₹1,149.99; 12.5 % off = 1006.24125 → ₹1,006.24
    const bill = billTotals(
      [
        { price: 49_999, quantity: 2 },
        { price: 15_001, quantity: 1 },
      ],
      12.5,
    );
    expect(bill.lines.map((line) => line.total)).toEqual([99_998, 15_001]);
    expect(bill.subtotal).toBe(114_999);
    expect(bill.net).toBe(100_624);
    expect(bill.discountAmount).toBe(14_375);
    // ₹1,006.24 to the nearest rupee: ₹1,006.00, round-off −₹0.24.
    expect([bill.total, bill.roundOff]).toEqual([100_600, -24]);
  });

  it('rounds an exact half paisa up', () => {
    // 101 paise at 50 % = 50.5 → 51; 333 at 15 % = 283.05 → 283
    expect(billTotals([{ price: 101, quantity: 1 }], 50).net).toBe(51);
    expect(billTotals([{ price: 333, quantity: 1 }], 15).net).toBe(283);
    // two decimals: 10001 × (1 − 0.0125) = 9875.9875 → 9876
    expect(billTotals([{ price: 10_001, quantity: 1 }], 1.25).net).toBe(9_876);
  });

  it('rounds the total to the nearest rupee, 50 paise up, as its own round-off (issue 40)', () => {
    // The issue's bill: ₹2,429.10 → ₹2,429.00, round-off −₹0.10.
    expect(billTotals([{ price: 242_910, quantity: 1 }], 0)).toMatchObject({ net: 242_910, total: 242_900, roundOff: -10 });
    expect(billTotals([{ price: 242_950, quantity: 1 }], 0)).toMatchObject({ total: 243_000, roundOff: 50 });
    expect(billTotals([{ price: 242_949, quantity: 1 }], 0)).toMatchObject({ total: 242_900, roundOff: -49 });
    expect(billTotals([{ price: 242_900, quantity: 1 }], 0)).toMatchObject({ total: 242_900, roundOff: 0 });
    expect(billTotals([{ price: 49, quantity: 1 }], 0)).toMatchObject({ total: 0, roundOff: -49 });
  });

  it("takes each line's own discount, then the bill's percentage, then the flat ₹ discount (issue 40)", () => {
    // Saree ₹2,699 × 1 at 10 % = ₹2,429.10; kurti ₹999 × 2 = ₹1,998: ₹4,427.10; 5 % off = ₹4,205.745 → ₹4,205.75;
    // ₹200 flat: ₹4,005.75 → ₹4,006.00 (round-off +₹0.25).
    const bill = billTotals(
      [
        { price: 269_900, quantity: 1, discount: 10 },
        { price: 99_900, quantity: 2 },
      ],
      5,
      20_000,
    );
    expect(bill.lines.map((line) => [line.total, line.discountAmount, line.net])).toEqual([
      [269_900, 26_990, 242_910],
      [199_800, 0, 199_800],
    ]);
    expect(bill).toMatchObject({
      subtotal: 469_700,
      lineDiscountAmount: 26_990,
      percentDiscountAmount: 22_135,
      flatDiscount: 20_000,
      net: 400_575,
      discountAmount: 69_125,
      roundOff: 25,
      total: 400_600,
    });
    expect(maxFlatDiscount([{ price: 269_900, quantity: 1, discount: 10 }], 0)).toBe(242_910);
    expect(() => billTotals([{ price: 10_000, quantity: 1 }], 0, 10_001)).toThrow(RangeError);
    expect(() => billTotals([{ price: 10_000, quantity: 1, discount: 100.5 }], 0)).toThrow(RangeError);
    expect(billTotals([{ price: 10_000, quantity: 1 }], 0, 10_000)).toMatchObject({ net: 0, total: 0 });
  });

  it('keeps everything at 0 % and gives everything away at 100 %', () => {
    expect(billTotals([{ price: 123_456, quantity: 3 }], 0)).toMatchObject({
      subtotal: 370_368,
      net: 370_368,
      total: 370_400,
      discountAmount: 0,
    });
    expect(billTotals([{ price: 123_456, quantity: 3 }], 100)).toMatchObject({ subtotal: 370_368, total: 0, discountAmount: 370_368 });
  });

  it('refuses discounts outside 0–100 or with more than two decimals, and negative prices', () => {
    expect(() => billTotals([{ price: 100, quantity: 1 }], 100.01)).toThrow(RangeError);
    expect(() => billTotals([{ price: 100, quantity: 1 }], -1)).toThrow(RangeError);
    expect(() => billTotals([{ price: 100, quantity: 1 }], 1.005)).toThrow(RangeError);
    expect(() => billTotals([{ price: -1, quantity: 1 }], 0)).toThrow(RangeError);
    expect(() => billTotals([{ price: 100, quantity: 0 }], 0)).toThrow(RangeError);
    expect(isBillDiscount(33.33)).toBe(true);
    expect(isBillDiscount(0.1 + 0.2)).toBe(true);
  });
});

describe('shareInProportion', () => {
  it('adds up to the total exactly, largest remainder first', () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(90_000, [60_000, 40_000])).toEqual([54_000, 36_000]);
    expect(shareInProportion(0, [5, 5])).toEqual([0, 0]);
    const shares = shareInProportion(9_999_999_999, [8_888_888_888, 1_111_111_111, 7]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(9_999_999_999);
  });
});

describe('createBillSchema', () => {
  const line = { productId: '00000000-0000-4000-8000-000000000001', quantity: 1 };
  const issueOf = (input: unknown) => {
    const parsed = createBillSchema.safeParse(input);
    return parsed.success ? null : `${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`;
  };

  it('accepts a walk-in bill with catalogue and free-text lines', () => {
    const parsed = createBillSchema.parse({
      customerName: '',
      customerPhone: ' ',
      items: [line, { name: 'Alteration', price: 20_000, quantity: 1 }],
    });
    expect(parsed).toMatchObject({ customerName: undefined, customerPhone: undefined, discount: 0 });
  });

  it('names the field of bad input', () => {
    expect(issueOf({ discount: 101, items: [line] })).toMatch(/^discount: /);
    expect(issueOf({ discount: 10.125, items: [line] })).toMatch(/^discount: /);
    expect(issueOf({ items: [] })).toBe('items: Please add at least one item.');
    expect(issueOf({ items: [{ ...line, quantity: 0 }] })).toBe('items.0.quantity: quantity must be at least 1');
    expect(issueOf({ customerPhone: '12345', items: [line] })).toBe('customerPhone: Please enter a valid 10-digit mobile number.');
    expect(issueOf({ items: [{ name: 'Pin', price: -1, quantity: 1 }] })).toBe('items.0.price: price cannot be below zero');
    expect(issueOf({ items: [{ price: 100, quantity: 1 }] })).toBe('items.0.name: Item name is required.');
  });

  it('refuses a range that ends before it starts', () => {
    expect(billQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
  });

  const queryIssue = (input: unknown) => {
    const parsed = billQuerySchema.safeParse(input);
    return parsed.success ? null : `${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`;
  };

  it('searches by phone digits and bill number, filters by payment mode and void (issue 40)', () => {
    expect(billQuerySchema.parse({ phone: '+91 98765 43210', invoice: 'inv/26-27/00135', mode: 'upi', status: 'void' })).toMatchObject({
      phone: '9876543210',
      invoice: 'INV/26-27/00135',
      mode: 'upi',
      status: 'void',
    });
    expect(billQuerySchema.parse({ phone: '98765', invoice: '', mode: '', status: '' })).toEqual({ phone: '98765' });
    expect(queryIssue({ phone: '9' })).toMatch(/^phone:/);
    expect(queryIssue({ mode: 'cheque' })).toMatch(/^mode:/);
    expect(queryIssue({ status: 'open' })).toMatch(/^status:/);
    expect(queryIssue({ invoice: "1' or 1=1" })).toMatch(/^invoice:/);
  });

  it("takes a line's own discount and a flat ₹ discount; a typed-in line's HSN/SAC and rate, never a catalogue line's (issue 40)", () => {
    const parsed = createBillSchema.parse({
      discountFlat: 20_000,
      items: [
        { productId: line.productId, quantity: 1, discount: 12.5 },
        { name: 'Blouse stitching', price: 80_000, quantity: 1, hsnCode: ' 9988 ', gstRate: 5 },
      ],
    });
    expect(parsed.discountFlat).toBe(20_000);
    expect(parsed.items[0]!.discount).toBe(12.5);
    expect(parsed.items[1]).toMatchObject({ hsnCode: '9988', gstRate: 5 });
    expect(createBillSchema.parse({ items: [line] }).discountFlat).toBe(0);
    expect(issueOf({ discountFlat: 10.5, items: [line] })).toMatch(/^discountFlat:/);
    expect(issueOf({ items: [{ ...line, discount: 101 }] })).toMatch(/^items\.0\.discount:/);
    expect(issueOf({ items: [{ name: 'Fall', price: 1, quantity: 1, hsnCode: '99' }] })).toMatch(/^items\.0\.hsnCode:/);
    expect(issueOf({ items: [{ ...line, hsnCode: '9988' }] })).toMatch(/^items\.0\.hsnCode:/);
  });
});

describe('weekly report helpers', () => {
  it('labels weeks as the spec does', () => {
    expect(weekLabel('2025-03-10', '2025-03-16')).toBe('March 10-16, 2025');
    expect(weekLabel('2025-03-31', '2025-04-06')).toBe('March 31 - April 6, 2025');
    expect(weekLabel('2025-12-29', '2026-01-04')).toBe('December 29, 2025 - January 4, 2026');
  });

  it('finds Mondays and refuses impossible or non-Monday weeks', () => {
    expect(mondayOf('2025-03-16')).toBe('2025-03-10');
    expect(mondayOf('2025-03-10')).toBe('2025-03-10');
    expect(weeklyQuerySchema.safeParse({ weekStart: '2025-03-10' }).success).toBe(true);
    expect(weeklyQuerySchema.safeParse({ weekStart: '2025-03-11' }).success).toBe(false);
    expect(weeklyQuerySchema.safeParse({ weekStart: '2025-02-30' }).success).toBe(false);
  });

  it('rounds to whole rupees', () => {
    expect(roundToRupee(440_000 / 7)).toBe(62_900);
  });
});

describe('billPayments', () => {
  it('is one cash payment of the total when none is given', () => {
    expect(billPayments(undefined, 1_49_900)).toEqual({ ok: true, payments: [{ mode: 'cash', amount: 1_49_900 }] });
    expect(billPayments([], 500)).toEqual({ ok: true, payments: [{ mode: 'cash', amount: 500 }] });
  });

  it('splits across modes that add up to the total, with the change of the cash tendered', () => {
    expect(
      billPayments(
        [
          { mode: 'cash', amount: 50_000, tendered: 60_000 },
          { mode: 'upi', amount: 99_900 },
        ],
        1_49_900,
      ),
    ).toEqual({
      ok: true,
      payments: [
        { mode: 'cash', amount: 50_000, tendered: 60_000, change: 10_000 },
        { mode: 'upi', amount: 99_900 },
      ],
    });
  });

  it('refuses amounts that do not add up, naming both sums', () => {
    expect(billPayments([{ mode: 'card', amount: 1_00_000 }], 1_49_900)).toEqual({
      ok: false,
      field: 'payments',
      message: "The payments add up to ₹1,000.00; the bill's total is ₹1,499.00.",
    });
  });

  it('refuses a mode twice, change on a card, and less cash received than the cash amount', () => {
    expect(
      billPayments(
        [
          { mode: 'upi', amount: 100 },
          { mode: 'upi', amount: 100 },
        ],
        200,
      ),
    ).toMatchObject({ ok: false, field: 'payments.1.mode' });
    expect(billPayments([{ mode: 'card', amount: 200, tendered: 500 }], 200)).toMatchObject({ ok: false, field: 'payments.0.tendered' });
    expect(billPayments([{ mode: 'cash', amount: 200, tendered: 100 }], 200)).toEqual({
      ok: false,
      field: 'payments.0.tendered',
      message: 'Cash received must be at least the cash amount.',
    });
  });

  it('takes payments in the createBill body: known modes, whole paise, at most one per mode', () => {
    const items = [{ name: 'Alteration', price: 15_000, quantity: 1 }];
    expect(createBillSchema.safeParse({ items, payments: [{ mode: 'upi', amount: 15_000 }] }).success).toBe(true);
    expect(createBillSchema.safeParse({ items, payments: [{ mode: 'cheque', amount: 15_000 }] }).success).toBe(false);
    expect(createBillSchema.safeParse({ items, payments: [{ mode: 'cash', amount: 150.5 }] }).success).toBe(false);
    expect(createBillSchema.safeParse({ items, payments: [{ mode: 'cash', amount: 0 }] }).success).toBe(false);
  });
});

describe('describeBillPayments', () => {
  it('reads a bill’s payments as a line, with the cash received and the change', () => {
    expect(
      describeBillPayments([
        { mode: 'cash', amount: 50_000, tendered: 60_000, change: 10_000 },
        { mode: 'upi', amount: 99_900 },
      ]),
    ).toBe('Cash ₹500.00 (received ₹600.00, change ₹100.00) · UPI ₹999.00');
    expect(describeBillPayments([{ mode: 'card', amount: 1_00_000 }])).toBe('Card ₹1,000.00');
  });
});
