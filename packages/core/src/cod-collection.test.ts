import { describe, expect, it } from 'vitest';
import { cashCollectedRefusal, isUpiId, refundReferenceSchema, returnedToOriginRate, upiIdSchema } from './cod-collection.js';

describe('cash on delivery after confirmation', () => {
  it('takes a UPI ID as name@bank and nothing else', () => {
    for (const good of ['asha.rao@okaxis', 'asha_rao-1@ybl', '9876543210@paytm', 'ab@icici']) expect(isUpiId(good)).toBe(true);
    for (const bad of [
      'asha.rao',
      '@okaxis',
      'asha@',
      'asha@@okaxis',
      'asha rao@okaxis',
      'asha@ok.axis',
      'a@okaxis',
      'asha@1bank',
      '.asha@ybl',
    ])
      expect(isUpiId(bad)).toBe(false);
    expect(upiIdSchema.safeParse('  asha.rao@okaxis ').data).toBe('asha.rao@okaxis');
    expect(upiIdSchema.safeParse('asha').error?.issues[0]?.message).toBe('Enter a UPI ID as name@bank, such as asha.rao@okaxis.');
    expect(upiIdSchema.safeParse('').error?.issues[0]?.message).toBe(
      'Enter the UPI ID we should send your refund to, such as asha.rao@okaxis.',
    );
  });

  it('takes a UPI transaction reference of 6 to 35 letters or digits', () => {
    expect(refundReferenceSchema.safeParse(' 412345678901 ').data).toBe('412345678901');
    expect(refundReferenceSchema.safeParse('12345').success).toBe(false);
    expect(refundReferenceSchema.safeParse('4123 4567').success).toBe(false);
  });

  it('delivers a COD order only with exactly the cash due, saying both amounts otherwise', () => {
    expect(cashCollectedRefusal(124_900, 124_900)).toBeNull();
    expect(cashCollectedRefusal(124_900, 120_000)).toBe('₹1,249.00 is due; ₹1,200.00 was entered.');
    expect(cashCollectedRefusal(124_900, 130_000)).toBe('₹1,249.00 is due; ₹1,300.00 was entered.');
    expect(cashCollectedRefusal(124_900, undefined)).toBe('Enter the cash collected at the door: ₹1,249.00 is due.');
  });

  it('reckons the returned-to-origin rate over the COD orders shipped', () => {
    expect(returnedToOriginRate(0, 0)).toBe(0);
    expect(returnedToOriginRate(1, 3)).toBe(33.3);
    expect(returnedToOriginRate(2, 2)).toBe(100);
  });
});
