import { describe, expect, it } from 'vitest';
import { isPartlyRefunded } from '../../lib/order-format';
import { cancelReasonOf, refundNotice, returnItemsOf } from './after-sales';

const formOf = (entries: Array<[string, string]>) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

describe('the order page after-sales forms', () => {
  it('reads the ticked lines of the return form with their quantities', () => {
    const form = formOf([
      ['returnItem', 'line-1'],
      ['quantity:line-1', '2'],
      ['quantity:line-2', '1'],
      ['returnItem', 'line-3'],
    ]);
    expect(returnItemsOf(form)).toEqual([
      { itemId: 'line-1', quantity: 2 },
      { itemId: 'line-3', quantity: 1 },
    ]);
    expect(returnItemsOf(formOf([]))).toEqual([]);
  });

  it('sends the chosen cancel reason, with her words after it, and nothing for a reason not on the list', () => {
    expect(cancelReasonOf(formOf([['reason', 'Found a better price']]))).toBe('Found a better price');
    expect(
      cancelReasonOf(
        formOf([
          ['reason', 'Other'],
          ['reasonDetail', ' Gift no longer needed '],
        ]),
      ),
    ).toBe('Other: Gift no longer needed');
    expect(cancelReasonOf(formOf([['reason', 'made up']]))).toBe('');
  });

  it('says where a refund goes and by when', () => {
    const payment = {
      _id: 'p',
      amount: 120_000,
      paymentMethod: 'upi',
      paymentStatus: 'refunded' as const,
      paymentDate: null,
      razorpay_id: 'pay_1',
      razorpay_order_id: 'order_1',
      products: [],
    };
    const timeline = [{ status: 'refunded' as const, note: '', at: '2026-11-27T06:00:00.000Z' }];
    const status = 'refunded' as const;
    expect(refundNotice({ status, refundedAmount: 120_000, payment, timeline })).toBe(
      'Your refund of ₹1,200 goes back to your UPI account, typically within 2–3 working days (by 2 Dec 2026).',
    );
    expect(refundNotice({ status: 'cancelled', refundedAmount: 0, payment, timeline })).toBeNull();
    // Some pieces came back, the rest were kept: the order says it was partly refunded, and for what.
    expect(isPartlyRefunded({ status, refundedAmount: 60_000, payment })).toBe(true);
    expect(isPartlyRefunded({ status, refundedAmount: 120_000, payment })).toBe(false);
    expect(isPartlyRefunded({ status: 'returned', refundedAmount: 0, payment })).toBe(false);
    expect(refundNotice({ status, refundedAmount: 60_000, payment, timeline })).toBe(
      'Your refund of ₹600 for the pieces you returned goes back to your UPI account, typically within 2–3 working days (by 2 Dec 2026).',
    );
  });
});
