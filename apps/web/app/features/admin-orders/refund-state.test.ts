import { describe, expect, it } from 'vitest';
import { hasRefundToRetry } from './order-actions';
import { refundStateText } from './refund-state';

describe('a refund’s state on the back-office order page (issue 38)', () => {
  it('says where each refund stands and when the shop asks Razorpay next', () => {
    const at = '2026-11-20T06:00:30.000Z';
    expect(refundStateText({ state: 'processed', attempts: 1, nextAttemptAt: null })).toBe('Processed');
    expect(refundStateText({ state: 'processing', attempts: 1, nextAttemptAt: at })).toBe(
      'At Razorpay, not confirmed yet · looked up again 20 Nov 2026, 11:30 am',
    );
    expect(refundStateText({ state: 'unconfirmed', attempts: 1, nextAttemptAt: at })).toBe(
      'Sent, no answer from Razorpay yet · asked again 20 Nov 2026, 11:30 am',
    );
    expect(refundStateText({ state: 'retrying', attempts: 2, nextAttemptAt: at })).toBe(
      'Refused by Razorpay · attempt 2 of 5 · next try 20 Nov 2026, 11:30 am',
    );
    expect(refundStateText({ state: 'stopped', attempts: 5, nextAttemptAt: null })).toBe('Refused 5 times · automatic retries stopped');
  });

  it('offers Retry refund only when a refund can be sent again', () => {
    expect(hasRefundToRetry({ refunds: [] })).toBe(false);
    const refund = { _id: 'r', amount: 1, status: 'failed' as const, state: 'stopped' as const, attempts: 5 };
    const rest = { nextAttemptAt: null, lastError: 'No balance', reason: '', reference: null, createdAt: '2026-11-20T06:00:00.000Z' };
    expect(hasRefundToRetry({ refunds: [{ ...refund, ...rest, canRetry: true }] })).toBe(true);
    expect(hasRefundToRetry({ refunds: [{ ...refund, ...rest, status: 'processed', state: 'processed', canRetry: false }] })).toBe(false);
  });
});
