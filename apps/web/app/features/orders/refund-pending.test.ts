import { describe, expect, it } from 'vitest';
import { cancelledMessage, refundPendingNotice } from './refund-pending';

describe('a refund not confirmed yet on the shopper’s order page (issue 38)', () => {
  it('says "Refund pending" with its amount and what happens next, in every state', () => {
    const pending = (state: 'processing' | 'unconfirmed' | 'retrying' | 'stopped', nextAttemptAt: string | null = null) =>
      refundPendingNotice({ pendingRefund: { amount: 215_800, state, nextAttemptAt } });
    expect(pending('retrying', '2026-11-20T06:00:30.000Z')).toEqual({
      title: 'Refund pending: ₹2,158.',
      text: 'Razorpay could not process it at the first try, so we send it again by ourselves (next try 20 Nov 2026, 11:30 am) and will tell you as soon as it goes through. You need not do anything.',
    });
    expect(pending('processing')?.text).toMatch(/^Razorpay has it and is processing it/);
    expect(pending('unconfirmed')?.text).toMatch(/^We are waiting for Razorpay to confirm it and ask again by ourselves/);
    expect(pending('stopped')?.text).toMatch(/^Razorpay has not processed it yet; the shop is sending it again/);
    expect(refundPendingNotice({ pendingRefund: null })).toBeNull();
  });

  it('tells her after a cancel whether the refund of that amount started or is pending', () => {
    expect(cancelledMessage({ amount: 129_900, started: true })).toBe('Order cancelled. Your refund of ₹1,299 has been started.');
    expect(cancelledMessage({ amount: 129_900, started: false })).toBe(
      'Order cancelled. Your refund of ₹1,299 is pending: we send it again by ourselves and will tell you when it goes through.',
    );
    expect(cancelledMessage(null)).toBe('Order cancelled.');
  });
});
