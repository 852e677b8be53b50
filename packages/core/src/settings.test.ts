import { describe, expect, it } from 'vitest';
import { GST_STATE_CODES, INDIAN_STATES, gstinCheckCharacter, gstinProblem, shopSettingsSchema, stateOfGstCode } from './settings.js';

const SHOP = {
  name: 'Saanjh Boutique',
  legalName: 'Saanjh Boutique',
  tagline: '',
  logoUrl: '/logo.svg',
  address: '14, 2nd Cross, Jayanagar, Bengaluru 560011',
  phone: '+91 80 4123 5678',
  email: 'hello@saanjh.example',
  socialHandle: '',
  openingHours: '',
  gstin: '29ABCDE1234F1ZW',
  state: 'Karnataka' as const,
};

describe('GSTIN check character (GSTN mod-36)', () => {
  it('accepts real-format GSTINs with their right check character', () => {
    // Published example GSTINs in GSTN's own format, each with its check character.
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '33AAACH7409R1Z8', '07AAACI1681G1ZR', '29ABCDE1234F1ZW']) {
      expect(gstinCheckCharacter(gstin)).toBe(gstin.charAt(14));
    }
  });

  it('refuses a wrong check character in words naming it', () => {
    expect(gstinProblem('29ABCDE1234F1Z5', 'Karnataka')).toBe(
      'GSTIN 29ABCDE1234F1Z5 is not valid: its last character (the check character) does not match the first 14; please check it for a typing mistake.',
    );
    // One character typed wrong in the PAN is caught too.
    expect(gstinProblem('29ABCDE1243F1ZW', 'Karnataka')).toMatch(/check character/);
  });

  it('refuses a GSTIN of another state, naming both', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toBe(
      "GSTIN 27AAPFU0939F1ZV is registered in Maharashtra (27); the shop's state is Karnataka.",
    );
    expect(gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    const unknown = `99AAPFU0939F1Z${gstinCheckCharacter('99AAPFU0939F1Z')}`;
    expect(gstinProblem(unknown, 'Goa')).toBe(
      `GSTIN ${unknown} starts with 99, which is no state's GST code; the shop's state is Goa (30).`,
    );
  });

  it('has a GST state code for every state and union territory, none shared', () => {
    const codes = INDIAN_STATES.flatMap((state) => GST_STATE_CODES[state]);
    expect(new Set(codes).size).toBe(codes.length);
    for (const state of INDIAN_STATES) expect(GST_STATE_CODES[state][0]).toMatch(/^\d{2}$/);
    expect(GST_STATE_CODES.Karnataka).toEqual(['29']);
    expect(GST_STATE_CODES['Tamil Nadu']).toEqual(['33']);
    expect(GST_STATE_CODES.Ladakh).toEqual(['38']);
    expect(stateOfGstCode('28')).toBe('Andhra Pradesh');
    expect(stateOfGstCode('00')).toBeUndefined();
  });

  it('the settings schema names the GSTIN field for each refusal', () => {
    expect(shopSettingsSchema.safeParse(SHOP).success).toBe(true);
    const wrongState = shopSettingsSchema.safeParse({ ...SHOP, state: 'Maharashtra' });
    expect(wrongState.error?.issues).toEqual([
      expect.objectContaining({
        path: ['gstin'],
        message: "GSTIN 29ABCDE1234F1ZW is registered in Karnataka (29); the shop's state is Maharashtra.",
      }),
    ]);
    const malformed = shopSettingsSchema.safeParse({ ...SHOP, gstin: 'NOT-A-GSTIN' });
    expect(malformed.error?.issues[0]?.path).toEqual(['gstin']);
    expect(malformed.error?.issues[0]?.message).toMatch(/^Please enter a valid GSTIN/);
    expect(shopSettingsSchema.safeParse({ ...SHOP, legalName: ' ' }).error?.issues[0]?.path).toEqual(['legalName']);
  });
});
