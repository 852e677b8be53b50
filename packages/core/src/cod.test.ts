import { describe, expect, it } from 'vitest';
import { codAvailability, codServesPincode, codSettingsSchema, codPaymentLine, DEFAULT_COD_SETTINGS } from './cod.js';

const on = { enabled: true, fee: 4_900, minOrder: 50_000, maxOrder: 500_000, maxOpenPerShopper: 2 };
const fine = { bagTotal: 100_000, openOrders: 0, pincodeProblem: null };

describe('cash on delivery: whether an order may be paid at the door', () => {
  it('is off by default, in words', () => {
    expect(codAvailability(DEFAULT_COD_SETTINGS, fine)).toEqual({
      available: false,
      fee: 0,
      reason: 'Cash on delivery is not offered right now.',
    });
  });

  it('says the amounts when the bag is under the minimum or over the maximum', () => {
    expect(codAvailability(on, { ...fine, bagTotal: 49_999 }).reason).toBe(
      'Cash on delivery is for orders of ₹500 or more; your bag comes to ₹499.99.',
    );
    expect(codAvailability(on, { ...fine, bagTotal: 50_000 }).available).toBe(true);
    expect(codAvailability(on, { ...fine, bagTotal: 500_000 }).available).toBe(true);
    expect(codAvailability(on, { ...fine, bagTotal: 500_001 }).reason).toMatch(
      /^Cash on delivery is for orders up to ₹5,000; your bag comes to ₹5,000.01/,
    );
  });

  it('refuses a shopper with as many open COD orders as the owner allows', () => {
    expect(codAvailability(on, { ...fine, openOrders: 1 })).toMatchObject({ available: true, fee: 4_900 });
    expect(codAvailability(on, { ...fine, openOrders: 2 }).reason).toMatch(
      /^You have 2 cash-on-delivery orders not yet confirmed or delivered/,
    );
  });

  it('refuses a pincode it does not serve', () => {
    expect(codServesPincode('560001', true)).toBeNull();
    expect(codServesPincode('560001', false)).toMatch(/could not find it/);
    expect(codServesPincode('744101', true)).toBe('Cash on delivery does not reach pincode 744101 yet; please pay online.');
    expect(codAvailability(on, { ...fine, pincodeProblem: 'no' }).reason).toBe('no');
  });

  it('checks the setting: the maximum at least the minimum, named by field', () => {
    const checked = codSettingsSchema.safeParse({ ...on, minOrder: 600_000 });
    expect(checked.success).toBe(false);
    expect(checked.error!.issues[0]).toMatchObject({
      path: ['maxOrder'],
      message: 'The maximum order value must be at least the minimum.',
    });
    expect(codSettingsSchema.safeParse({ ...on, fee: -1 }).error!.issues[0]!.path).toEqual(['fee']);
  });

  it('reads the same everywhere', () => {
    expect(codPaymentLine(104_900)).toBe('Cash on delivery · ₹1,049 to pay at the door');
  });
});
