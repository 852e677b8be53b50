import { describe, expect, it } from 'vitest';
import { couponBodySchema, offerBodySchema, promotionStatus } from './coupons-admin.js';

describe('promotionStatus (issue 41)', () => {
  const open = { disabled: false, startsAt: null, endsAt: null };
  it('reads disabled first, then expired, used up, scheduled, else active; both days included', () => {
    expect(promotionStatus({ ...open, disabled: true, endsAt: '2026-01-01' }, '2026-10-20')).toBe('disabled');
    expect(promotionStatus({ ...open, endsAt: '2026-10-19', usageLimit: 1, uses: 1 }, '2026-10-20')).toBe('expired');
    expect(promotionStatus({ ...open, startsAt: '2026-11-01', usageLimit: 2, uses: 2 }, '2026-10-20')).toBe('used_up');
    expect(promotionStatus({ ...open, startsAt: '2026-10-21' }, '2026-10-20')).toBe('scheduled');
    expect(promotionStatus({ ...open, startsAt: '2026-10-20', endsAt: '2026-10-20', usageLimit: 2, uses: 1 }, '2026-10-20')).toBe('active');
    expect(promotionStatus(open, '2026-10-20')).toBe('active');
  });
});

describe('the coupon and offer schemas', () => {
  it('keeps codes in capitals, whatever the shopper or admin typed', () => {
    expect(couponBodySchema.parse({ code: ' festive10 ', kind: 'percent', value: 10 }).code).toBe('FESTIVE10');
    const parsed = couponBodySchema.parse({ code: 'welcome200', kind: 'flat', value: 20_000, firstOrderOnly: true });
    expect(parsed).toMatchObject({ code: 'WELCOME200', minOrder: 0, firstOrderOnly: true });
  });

  it('asks each offer kind for its own figures', () => {
    const pieces = offerBodySchema.safeParse({ name: 'Kurtis', kind: 'pieces_percent', minOrder: 100 });
    expect(pieces.success).toBe(false);
    expect(pieces.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['minPieces', 'percent']);
    expect(offerBodySchema.safeParse({ name: 'Big bag', kind: 'order_flat', minOrder: 499_900, flat: 30_000 }).success).toBe(true);
  });
});
