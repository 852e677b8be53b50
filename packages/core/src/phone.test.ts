import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressInputSchema, updateProfileSchema } from './accounts.js';
import { createBillSchema } from './bills.js';
import { contactMessageSchema } from './contact.js';
import { indianMobileSchema, normalizeIndianMobile, optionalIndianMobileSchema } from './phone.js';

describe('normalizeIndianMobile', () => {
  it('takes a number the way people type it and gives its 10 digits', () => {
    expect(normalizeIndianMobile('+91 98765 43210')).toBe('9876543210');
    expect(normalizeIndianMobile('98123 45678')).toBe('9812345678');
    expect(normalizeIndianMobile('9876543210')).toBe('9876543210');
    expect(normalizeIndianMobile('+919876543210')).toBe('9876543210');
    expect(normalizeIndianMobile('919876543210')).toBe('9876543210');
    expect(normalizeIndianMobile('09876543210')).toBe('9876543210');
    expect(normalizeIndianMobile('098765-43210')).toBe('9876543210');
    expect(normalizeIndianMobile(' +91-98765-43210 ')).toBe('9876543210');
    expect(normalizeIndianMobile('6000000000')).toBe('6000000000');
  });

  it('keeps a 10-digit mobile that starts with 91 or 0-less digits whole', () => {
    expect(normalizeIndianMobile('9198765432')).toBe('9198765432');
  });

  it('refuses anything else', () => {
    for (const typed of [
      '',
      '5876543210', // mobiles start with 6 to 9
      '987654321', // nine digits
      '98765432101', // eleven
      '+92 98765 43210', // another country
      '+91 58765 43210',
      '0091 98765 43210',
      '(987) 654-3210',
      '98765.43210',
      '98765 4321O', // a letter O
      '+91',
      '९८७६५४३२१०', // Devanagari digits: \d in JavaScript is ASCII only
    ]) {
      expect(normalizeIndianMobile(typed), typed).toBeNull();
    }
  });
});

describe('indianMobileSchema', () => {
  it('gives the 10 digits, or the field’s message', () => {
    expect(indianMobileSchema().parse('+91 98765 43210')).toBe('9876543210');
    expect(
      indianMobileSchema()
        .safeParse('12345')
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['Please enter a valid 10-digit mobile number.']);
    expect(
      indianMobileSchema('Phone?')
        .safeParse(9876543210)
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['Phone?']);
  });

  it('may be left empty where the field is optional', () => {
    const schema = z.object({ phone: optionalIndianMobileSchema() });
    expect(schema.parse({})).toEqual({ phone: undefined });
    expect(schema.parse({ phone: '  ' })).toEqual({ phone: undefined });
    expect(schema.parse({ phone: '098123-45678' })).toEqual({ phone: '9812345678' });
    expect(schema.safeParse({ phone: '98123' }).error?.issues[0]).toMatchObject({
      path: ['phone'],
      message: 'Please enter a valid 10-digit mobile number.',
    });
  });
});

describe('the phone fields of addresses, profiles, bills and contact messages', () => {
  const address = { name: 'A', street: 'S', city: 'C', district: 'D', state: 'Kerala', pincode: '682001' };
  const typed = '+91 98765 43210';

  it('store the 10-digit form', () => {
    expect(addressInputSchema.parse({ ...address, phone: typed }).phone).toBe('9876543210');
    expect(updateProfileSchema.parse({ firstName: 'A', lastName: 'B', phone: typed }).phone).toBe('9876543210');
    expect(createBillSchema.parse({ customerPhone: typed, items: [{ name: 'Dupatta', price: 100, quantity: 1 }] }).customerPhone).toBe(
      '9876543210',
    );
    expect(contactMessageSchema.parse({ name: 'Asha', email: 'a@b.in', phone: '98123 45678', message: 'Do you ship to Goa?' }).phone).toBe(
      '9812345678',
    );
  });

  it('refuse anything else with each field’s message', () => {
    const messageOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
      result.error?.issues.find((issue) => issue.path[0] === 'phone' || issue.path[0] === 'customerPhone')?.message;
    expect(messageOf(addressInputSchema.safeParse({ ...address, phone: '+1 555 0100' }))).toBe(
      'Please enter a valid 10-digit mobile number.',
    );
    expect(messageOf(addressInputSchema.safeParse({ ...address, phone: ' ' }))).toBe('Phone is required.');
    expect(messageOf(updateProfileSchema.safeParse({ firstName: 'A', lastName: 'B', phone: '12345' }))).toBe(
      'Please enter a valid 10-digit mobile number.',
    );
    expect(messageOf(createBillSchema.safeParse({ customerPhone: '12345', items: [{ name: 'Dupatta', price: 100, quantity: 1 }] }))).toBe(
      'Please enter a valid 10-digit mobile number.',
    );
    expect(
      messageOf(contactMessageSchema.safeParse({ name: 'Asha', email: 'a@b.in', phone: '12345', message: 'Do you ship to Goa?' })),
    ).toBe('Please enter a 10-digit mobile number.');
  });
});
