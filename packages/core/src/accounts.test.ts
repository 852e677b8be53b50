import { describe, expect, it, vi } from 'vitest';
import { addressInputSchema, registerSchema, safeRedirectPath, sendLoginOtpSchema, updateProfileSchema } from './accounts.js';

describe('safeRedirectPath', () => {
  it('keeps same-site relative paths', () => {
    expect(safeRedirectPath('/checkout')).toBe('/checkout');
    expect(safeRedirectPath('/user/addresses?redirectUrl=/checkout')).toBe('/user/addresses?redirectUrl=/checkout');
  });

  it.each([
    null,
    undefined,
    '',
    'checkout',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/\u0000x',
  ])('sends %j home', (target) => {
    expect(safeRedirectPath(target)).toBe('/');
  });
});

describe('account schemas', () => {
  it('store e-mail addresses trimmed and in lowercase', () => {
    expect(sendLoginOtpSchema.parse({ email: '  Asha.Rao@Example.IN ' }).email).toBe('asha.rao@example.in');
  });

  it('ask for matching passwords of at least 8 characters', () => {
    const base = { email: 'a@b.in', firstName: 'A', lastName: 'B' };
    expect(registerSchema.safeParse({ ...base, password: 'longenough', confirmPassword: 'longenough' }).success).toBe(true);
    expect(registerSchema.safeParse({ ...base, password: 'longenough', confirmPassword: 'other' }).error?.issues[0]?.message).toBe(
      'Passwords do not match.',
    );
    expect(registerSchema.safeParse({ ...base, password: 'seven77', confirmPassword: 'seven77' }).error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters.',
    );
  });

  it('take Indian mobiles and pincodes only', () => {
    const address = { name: 'A', phone: '9876543210', street: 'S', city: 'C', district: 'D', state: 'Kerala', pincode: '682001' };
    expect(addressInputSchema.safeParse(address).success).toBe(true);
    expect(addressInputSchema.safeParse({ ...address, phone: '5876543210' }).success).toBe(false);
    expect(addressInputSchema.safeParse({ ...address, pincode: '082001' }).success).toBe(false);
    expect(addressInputSchema.safeParse({ ...address, state: 'Ceylon' }).success).toBe(false);
  });

  it('store emptied optional profile fields as null', () => {
    expect(updateProfileSchema.parse({ firstName: 'A', lastName: 'B', phone: '', dob: '', gender: '' })).toEqual({
      firstName: 'A',
      lastName: 'B',
      phone: null,
      dob: null,
      gender: null,
    });
  });

  // The profile checked 'not in the future' against UTC's day: from 00:00 to 05:30 in India a baby born today
  // (India's date) was refused.
  it("take a date of birth up to today in India, also while UTC's day is still yesterday", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-31T20:00:00Z')); // 01:30 on 1 April in India
      const profile = { firstName: 'A', lastName: 'B' };
      expect(updateProfileSchema.safeParse({ ...profile, dob: '2026-04-01' }).success).toBe(true);
      expect(updateProfileSchema.safeParse({ ...profile, dob: '2026-04-02' }).success).toBe(false);
      vi.setSystemTime(new Date('2026-03-31T18:29:00Z')); // 23:59 on 31 March in India
      expect(updateProfileSchema.safeParse({ ...profile, dob: '2026-04-01' }).success).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
