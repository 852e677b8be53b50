import { describe, expect, it } from 'vitest';
import { PAYMENT_LIFECYCLE, PAYMENT_TRANSITIONS, paymentMayBecome, paymentStatusesBefore } from './payment-states.js';

describe('payment lifecycle', () => {
  it('moves forward from created to authorized to captured to refunded', () => {
    expect(paymentMayBecome('created', 'authorized')).toBe(true);
    expect(paymentMayBecome('authorized', 'captured')).toBe(true);
    expect(paymentMayBecome('created', 'captured')).toBe(true);
    expect(paymentMayBecome('captured', 'refunded')).toBe(true);
  });

  it('never sets a refunded payment back to captured (issue 3), nor anything else', () => {
    for (const to of PAYMENT_LIFECYCLE) expect(paymentMayBecome('refunded', to)).toBe(false);
  });

  it('never moves a captured payment back, nor marks it failed', () => {
    expect(PAYMENT_TRANSITIONS.captured).toEqual(['refunded']);
    for (const to of ['created', 'authorized', 'captured', 'failed'] as const) expect(paymentMayBecome('captured', to)).toBe(false);
  });

  it('records a late-authorised payment that had been marked failed', () => {
    expect(paymentMayBecome('failed', 'captured')).toBe(true);
    expect(paymentMayBecome('failed', 'refunded')).toBe(false);
  });

  it('names the statuses a conditional write may replace', () => {
    expect(paymentStatusesBefore('captured')).toEqual(['created', 'authorized', 'failed']);
    expect(paymentStatusesBefore('refunded')).toEqual(['authorized', 'captured']);
    expect(paymentStatusesBefore('failed')).toEqual(['created']);
    expect(paymentStatusesBefore('created')).toEqual([]);
  });
});
