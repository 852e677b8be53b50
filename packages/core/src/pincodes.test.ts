import { describe, expect, it } from 'vitest';
import { addressInputSchema } from './accounts.js';
import { deliveryCheck } from './delivery.js';
import { cityAndDistrict, parsePincodeLine, pincodeDetailsSchema, pincodeParamsSchema, stateMismatch } from './pincodes.js';

describe('parsePincodeLine', () => {
  it('reads a line of the shipped directory: states (the commonest first), district and post offices', () => {
    expect(parsePincodeLine('560001\tKarnataka\tBangalore\tBangalore Bazaar|Vidhana Soudha')).toEqual({
      pincode: '560001',
      district: 'Bangalore',
      state: 'Karnataka',
      states: ['Karnataka'],
      localities: ['Bangalore Bazaar', 'Vidhana Soudha'],
    });
    expect(parsePincodeLine('396230\tDadra and Nagar Haveli and Daman and Diu;Gujarat\tDadra & Nagar Haveli\tAmli')).toMatchObject({
      state: 'Dadra and Nagar Haveli and Daman and Diu',
      states: ['Dadra and Nagar Haveli and Daman and Diu', 'Gujarat'],
    });
    expect(parsePincodeLine('744101\tAndaman and Nicobar Islands\tSouth Andaman\t')?.localities).toEqual([]);
  });

  it('refuses what is not a line of it: a blank line, a bad pincode, a state the shop does not list', () => {
    expect(parsePincodeLine('')).toBeNull();
    expect(parsePincodeLine('056001\tKarnataka\tBangalore\tX')).toBeNull();
    expect(parsePincodeLine('560001\tKARNATAKA\tBangalore\tX')).toBeNull();
    expect(parsePincodeLine('560001\tKarnataka')).toBeNull();
  });
});

describe('stateMismatch', () => {
  it('says where the pincode is, in words', () => {
    expect(stateMismatch({ pincode: '560001', states: ['Karnataka'] }, 'Karnataka')).toBeNull();
    expect(stateMismatch({ pincode: '560001', states: ['Karnataka'] }, 'Kerala')).toBe('Pincode 560001 is in Karnataka, not Kerala.');
    expect(stateMismatch({ pincode: '396230', states: ['Dadra and Nagar Haveli and Daman and Diu', 'Gujarat'] }, 'Gujarat')).toBeNull();
    expect(stateMismatch({ pincode: '396230', states: ['Dadra and Nagar Haveli and Daman and Diu', 'Gujarat'] }, 'Goa')).toBe(
      'Pincode 396230 is in Dadra and Nagar Haveli and Daman and Diu or Gujarat, not Goa.',
    );
  });
});

describe('the pincode contract', () => {
  it('takes six digits not starting with 0 as the parameter', () => {
    expect(pincodeParamsSchema.safeParse({ pincode: '560001' }).success).toBe(true);
    for (const bad of ['56000', '056001', '5600011', 'abcdef']) expect(pincodeParamsSchema.safeParse({ pincode: bad }).success).toBe(false);
  });

  it("answers the shop's state names only", () => {
    const answer = { pincode: '560001', district: 'Bangalore', state: 'Karnataka', localities: [] };
    expect(pincodeDetailsSchema.parse(answer)).toEqual(answer);
    expect(pincodeDetailsSchema.safeParse({ ...answer, state: 'KARNATAKA' }).success).toBe(false);
  });
});

describe('addresses with landmark and type', () => {
  const address = { pincode: '560001', name: 'Asha Rao', phone: '9876543210', street: '12 MG Road', city: 'Bengaluru' };

  it('leaves district and state to the pincode, and is a home address with no landmark unless told', () => {
    expect(addressInputSchema.parse(address)).toEqual({ ...address, landmark: '', district: '', state: '', addressType: 'home' });
    expect(addressInputSchema.parse({ ...address, landmark: ' Near the temple ', addressType: 'work', state: 'Karnataka' })).toMatchObject({
      landmark: 'Near the temple',
      addressType: 'work',
      state: 'Karnataka',
    });
  });

  it('refuses a long landmark, an unknown type and a state not in the list', () => {
    const messages = (input: object) => addressInputSchema.safeParse({ ...address, ...input }).error?.issues.map((issue) => issue.message);
    expect(messages({ landmark: 'x'.repeat(81) })).toEqual(['At most 80 characters.']);
    expect(messages({ addressType: 'holiday' })).toEqual(['Please choose Home or Work.']);
    expect(messages({ state: 'Atlantis' })).toEqual(['Please choose a state from the list.']);
  });
});

describe('deliveryCheck', () => {
  const now = new Date('2026-11-26T06:00:00Z');

  it('gives a day only for a pincode the directory knows', () => {
    expect(deliveryCheck('560011', { district: 'Bangalore', state: 'Karnataka' }, now)).toMatchObject({
      ok: true,
      zone: 'metro',
      district: 'Bangalore',
      state: 'Karnataka',
    });
    expect(deliveryCheck('999999', null, now)).toEqual({ ok: false, reason: 'unknown' });
    expect(deliveryCheck('1234', null, now)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('cityAndDistrict (issue 40)', () => {
  it('regression: does not read "Bengaluru, Bangalore": one place under its old and new names, any case', () => {
    expect(cityAndDistrict({ city: 'Bengaluru', district: 'Bangalore' })).toBe('Bengaluru');
    expect(cityAndDistrict({ city: 'bangalore', district: 'BENGALURU' })).toBe('bangalore');
    expect(cityAndDistrict({ city: 'Kolkata', district: 'Kolkata' })).toBe('Kolkata');
    expect(cityAndDistrict({ city: 'Mumbai', district: 'Bombay' })).toBe('Mumbai');
    expect(cityAndDistrict({ city: 'Mysore', district: 'Mysuru District' })).toBe('Mysore');
  });

  it('keeps both when they differ, and either alone when the other is empty', () => {
    expect(cityAndDistrict({ city: 'Whitefield', district: 'Bangalore' })).toBe('Whitefield, Bangalore');
    expect(cityAndDistrict({ city: '', district: 'Bangalore' })).toBe('Bangalore');
    expect(cityAndDistrict({ city: 'Udupi', district: ' ' })).toBe('Udupi');
  });
});
