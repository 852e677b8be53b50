import { describe, expect, it } from 'vitest';
import { isPartlyRefunded } from '../../lib/order-format';
import { cancelReasonOf, orderPapers, refundNotice, returnItemsOf, returnLinesOf } from './after-sales';

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
      'Your refund of ₹1,200 goes back to your UPI account, typically within 2–7 working days (by 8 Dec 2026).',
    );
    expect(refundNotice({ status: 'cancelled', refundedAmount: 0, payment, timeline })).toBeNull();
    // Some pieces came back, the rest were kept: the order says it was partly refunded, and for what.
    expect(isPartlyRefunded({ status, refundedAmount: 60_000, payment })).toBe(true);
    expect(isPartlyRefunded({ status, refundedAmount: 120_000, payment })).toBe(false);
    expect(isPartlyRefunded({ status: 'returned', refundedAmount: 0, payment })).toBe(false);
    expect(refundNotice({ status, refundedAmount: 60_000, payment, timeline })).toBe(
      'Your refund of ₹600 for the pieces you returned goes back to your UPI account, typically within 2–7 working days (by 8 Dec 2026).',
    );
  });

  it('regression: names the returned piece by colour and size, with its reason, when two lines share a name', () => {
    const kurti = { productName: 'Chikankari Cotton Kurti', variantName: null, quantity: 1 };
    const order = {
      status: 'return_requested' as const,
      returnReason: 'damaged',
      items: [
        { ...kurti, itemId: 'i1', variantColor: 'Red', variantSize: 'M' },
        { ...kurti, itemId: 'i2', variantColor: 'Blue', variantSize: 'L', quantity: 2 },
      ],
      returnItems: [{ itemId: 'i2', quantity: 1, reason: 'wrong' }],
    } as unknown as Parameters<typeof returnLinesOf>[0];
    expect(returnLinesOf(order)).toEqual([
      { itemId: 'i2', pieces: 1, quantity: 2, text: '1 × Chikankari Cotton Kurti (Blue, L)', reason: 'Wrong item' },
    ]);
    // A return asked before lines kept their reason: the order's stands for them. A refused one names nothing.
    expect(returnLinesOf({ ...order, returnItems: [{ itemId: 'i1', quantity: 1, reason: null }] })[0]?.reason).toBe('Damaged');
    expect(returnLinesOf({ ...order, status: 'delivered' })).toEqual([]);
  });

  it('regression: after a partial refund offers the receipt (tax invoice) of what she kept beside the credit note', () => {
    const payment = { amount: 120_000 } as NonNullable<Parameters<typeof orderPapers>[0]['payment']>;
    const order = { _id: 'o1', status: 'refunded' as const, refundedAmount: 60_000, payment };
    expect(orderPapers(order)).toEqual([
      { label: 'Print Receipt', path: '/invoice/order/o1' },
      { label: 'Print Credit Note', path: '/invoice/order/o1?credit=1' },
    ]);
    expect(orderPapers({ ...order, refundedAmount: 120_000 })).toEqual([
      { label: 'Print Credit Note', path: '/invoice/order/o1?credit=1' },
    ]);
    expect(orderPapers({ ...order, status: 'cancelled', refundedAmount: 0 }).map((paper) => paper.label)).toEqual(['Print Credit Note']);
    expect(orderPapers({ ...order, status: 'delivered', refundedAmount: 0 }).map((paper) => paper.label)).toEqual(['Print Receipt']);
    expect(orderPapers({ ...order, payment: null })).toEqual([]);
  });
});
