import { describe, expect, it } from 'vitest';
import { billPayments, createBillSchema, billQuerySchema, describeBillPayments } from './bills.js';
import { billTotals, isBillDiscount, shareInProportion } from './pricing.js';
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
    expect(bill.total).toBe(100_624);
    expect(bill.discountAmount).toBe(14_375);
  });

  it('rounds an exact half paisa up', () => {
    // 101 paise at 50 % = 50.5 → 51; 333 at 15 % = 283.05 → 283
    expect(billTotals([{ price: 101, quantity: 1 }], 50).total).toBe(51);
    expect(billTotals([{ price: 333, quantity: 1 }], 15).total).toBe(283);
    // two decimals: 10001 × (1 − 0.0125) = 9875.9875 → 9876
    expect(billTotals([{ price: 10_001, quantity: 1 }], 1.25).total).toBe(9_876);
  });

  it('keeps everything at 0 % and gives everything away at 100 %', () => {
    expect(billTotals([{ price: 123_456, quantity: 3 }], 0)).toMatchObject({ subtotal: 370_368, total: 370_368, discountAmount: 0 });
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
