import { describe, expect, it } from 'vitest';
import { counterReturnRefusal, DEFAULT_COUNTER_RETURN_POLICY, OWNER_DOES_RETURNS, staffReturnNote } from './counter-returns.js';

describe('counter returns (issue 40)', () => {
  const billAt = new Date('2026-11-24T10:00:00+05:30');
  const sameDay = new Date('2026-11-24T23:59:00+05:30');
  const nextDay = new Date('2026-11-25T00:01:00+05:30');

  it('leaves every return to the owner by default', () => {
    expect(counterReturnRefusal(DEFAULT_COUNTER_RETURN_POLICY, 'staff', { billAt, refundPaise: 1, at: sameDay })).toBe(OWNER_DOES_RETURNS);
    expect(counterReturnRefusal(DEFAULT_COUNTER_RETURN_POLICY, 'owner', { billAt, refundPaise: 80_910, at: nextDay })).toBeNull();
    expect(staffReturnNote(DEFAULT_COUNTER_RETURN_POLICY, billAt, sameDay)).toEqual({ allowed: false, note: OWNER_DOES_RETURNS });
  });

  it("lets staff return up to the owner's amount on the day of the bill (India time)", () => {
    const policy = { staffMaxPaise: 50_000, sameDayOnly: true };
    expect(counterReturnRefusal(policy, 'staff', { billAt, refundPaise: 50_000, at: sameDay })).toBeNull();
    expect(counterReturnRefusal(policy, 'staff', { billAt, refundPaise: 50_001, at: sameDay })).toBe(
      'Returns at the counter are done by the owner above ₹500.00. Ask the owner to issue this credit note.',
    );
    expect(counterReturnRefusal(policy, 'staff', { billAt, refundPaise: 100, at: nextDay })).toMatch(/bills of an earlier day/);
    expect(staffReturnNote(policy, billAt, sameDay)).toEqual({
      allowed: true,
      note: 'You can return up to ₹500.00 on the day of the bill; above that the owner does the return.',
    });
    expect(staffReturnNote(policy, billAt, nextDay).allowed).toBe(false);
    expect(counterReturnRefusal({ ...policy, sameDayOnly: false }, 'staff', { billAt, refundPaise: 100, at: nextDay })).toBeNull();
  });
});
