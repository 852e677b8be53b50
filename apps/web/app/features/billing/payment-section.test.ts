import { describe, expect, it } from 'vitest';
import { EMPTY_PAYMENT, paymentsOf, withRemainder } from './payment-section';

describe("the counter's payment draft", () => {
  it('pays the whole total by one mode, with the cash received when typed', () => {
    expect(paymentsOf(EMPTY_PAYMENT, 1_49_900)).toEqual({ ok: true, payments: [{ mode: 'cash', amount: 1_49_900 }] });
    expect(paymentsOf({ ...EMPTY_PAYMENT, choice: 'upi' }, 1_49_900)).toEqual({ ok: true, payments: [{ mode: 'upi', amount: 1_49_900 }] });
    expect(paymentsOf({ ...EMPTY_PAYMENT, received: '2,000' }, 1_49_900)).toEqual({
      ok: true,
      payments: [{ mode: 'cash', amount: 1_49_900, tendered: 2_00_000 }],
    });
    expect(paymentsOf({ ...EMPTY_PAYMENT, received: '1000' }, 1_49_900)).toEqual({
      ok: false,
      message: 'Cash received must be at least the cash amount.',
    });
  });

  it('splits as typed per mode, and says when the amounts do not add up', () => {
    const split = { ...EMPTY_PAYMENT, choice: 'split' as const, split: { cash: '500', upi: '999', card: '' } };
    expect(paymentsOf(split, 1_49_900)).toEqual({
      ok: true,
      payments: [
        { mode: 'cash', amount: 50_000 },
        { mode: 'upi', amount: 99_900 },
      ],
    });
    expect(paymentsOf({ ...split, split: { cash: '500', upi: '900', card: '' } }, 1_49_900)).toEqual({
      ok: false,
      message: "The payments add up to ₹1,400.00; the bill's total is ₹1,499.00.",
    });
    expect(paymentsOf({ ...split, split: { cash: 'lots', upi: '', card: '' } }, 1_49_900)).toEqual({
      ok: false,
      message: 'Cash: please type an amount in rupees.',
    });
  });

  // Its own reader dropped every comma and had no length limit: '12,5' (a decimal comma) was ₹125, and thirty nines
  // were paise beyond a safe integer. Amounts are read by @shop/core's parseRupees, as every rupee field is.
  it('reads amounts as every rupee field does: a comma only between digit groups, at most 8 digits before the point', () => {
    const split = { ...EMPTY_PAYMENT, choice: 'split' as const, split: { cash: '12,5', upi: '', card: '' } };
    expect(paymentsOf(split, 1_250)).toEqual({ ok: false, message: 'Cash: please type an amount in rupees.' });
    expect(paymentsOf({ ...EMPTY_PAYMENT, received: '9'.repeat(30) }, 1_49_900)).toEqual({
      ok: false,
      message: 'Cash received: please type an amount in rupees.',
    });
    expect(paymentsOf({ ...EMPTY_PAYMENT, received: '₹ 1,00,000' }, 1_49_900)).toEqual({
      ok: true,
      payments: [{ mode: 'cash', amount: 1_49_900, tendered: 1_00_00_000 }],
    });
  });

  it('records the cash received and the change on the cash part of a split (issue 40)', () => {
    const split = { ...EMPTY_PAYMENT, choice: 'split' as const, received: '600', split: { cash: '500', upi: '999', card: '' } };
    expect(paymentsOf(split, 1_49_900)).toEqual({
      ok: true,
      payments: [
        { mode: 'cash', amount: 50_000, tendered: 60_000 },
        { mode: 'upi', amount: 99_900 },
      ],
    });
    expect(paymentsOf({ ...split, received: '400' }, 1_49_900)).toEqual({
      ok: false,
      message: 'Cash received must be at least the cash amount.',
    });
    expect(paymentsOf({ ...split, split: { cash: '', upi: '1499', card: '' } }, 1_49_900)).toEqual({
      ok: false,
      message: 'Cash received: type the cash part of the split first.',
    });
  });

  it('pre-fills the last mode not typed in with what remains, once one is typed (issue 40)', () => {
    const split = { ...EMPTY_PAYMENT, choice: 'split' as const, split: { cash: '500', upi: '', card: '' }, typed: ['cash' as const] };
    expect(withRemainder(split, 1_49_950).split).toEqual({ cash: '500', upi: '', card: '999.50' });
    // Card typed first: UPI, the last left, holds the rest; two typed, the third holds it.
    expect(withRemainder({ ...split, split: { cash: '', upi: '', card: '1000' }, typed: ['card'] }, 1_49_900).split).toEqual({
      cash: '',
      upi: '499',
      card: '1000',
    });
    expect(withRemainder({ ...split, split: { cash: '500', upi: '900', card: '' }, typed: ['cash', 'upi'] }, 1_49_900).split.card).toBe(
      '99',
    );
    // Nothing left to pay: the untyped modes are empty; every mode typed, or none, or no scripts: as typed.
    expect(withRemainder({ ...split, split: { cash: '1499', upi: '', card: '5' } }, 1_49_900).split).toEqual({
      cash: '1499',
      upi: '',
      card: '',
    });
    const all = { ...split, split: { cash: '1', upi: '2', card: '3' }, typed: ['cash', 'upi', 'card'] as const };
    expect(withRemainder(all, 1_49_900)).toBe(all);
    const posted = { ...split, typed: undefined };
    expect(withRemainder(posted, 1_49_900)).toBe(posted);
    expect(paymentsOf(withRemainder(split, 1_49_900), 1_49_900)).toEqual({
      ok: true,
      payments: [
        { mode: 'cash', amount: 50_000 },
        { mode: 'card', amount: 99_900 },
      ],
    });
  });
});
