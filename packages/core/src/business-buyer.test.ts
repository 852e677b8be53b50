import { describe, expect, it } from 'vitest';
import {
  BUYER_GSTIN_REQUIRED,
  BUYER_NAME_REQUIRED,
  businessBuyerOf,
  businessBuyerOfDocument,
  businessBuyerSchema,
  buyerGstinProblem,
  placeOfSupplyLabel,
  stateOfGstin,
} from './business-buyer.js';
import { createBillSchema } from './bills.js';
import { createPaymentSchema } from './orders.js';
import { gstinCheckCharacter } from './settings.js';

const schema = businessBuyerSchema;
const fieldErrors = (input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe('a business buyer’s GSTIN', () => {
  it('is valid by its form, its check character and a state’s code, whatever state that is', () => {
    expect(buyerGstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(buyerGstinProblem('29AAGCB7383J1Z4')).toBeNull();
    expect(stateOfGstin('27AAPFU0939F1ZV')).toBe('Maharashtra');
  });

  it('is refused in words for a wrong check character, a wrong form, or a code no state has', () => {
    expect(buyerGstinProblem('27AAPFU0939F1ZA')).toBe(
      'GSTIN 27AAPFU0939F1ZA is not valid: its last character (the check character) does not match the first 14; please check it for a typing mistake.',
    );
    expect(buyerGstinProblem('27AAPFU0939F1Z')).toBe('Please enter a valid GSTIN: 15 capital letters and digits, like 29ABCDE1234F1ZW.');
    const first14 = '99AAPFU0939F1Z';
    const noState = first14 + gstinCheckCharacter(first14);
    expect(buyerGstinProblem(noState)).toBe(`GSTIN ${noState} starts with 99, which is no state's GST code; please check it.`);
  });
});

describe('businessBuyerFields with businessBuyerPair', () => {
  it('takes both or neither; empty fields count as none', () => {
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ buyerGstin: '', buyerName: '  ' })).toEqual({});
    expect(schema.parse({ buyerGstin: ' 27aapfu0939f1zv ', buyerName: ' Meera Textiles ' })).toEqual({
      buyerGstin: '27AAPFU0939F1ZV',
      buyerName: 'Meera Textiles',
    });
  });

  it('names the field that is missing or wrong', () => {
    expect(fieldErrors({ buyerGstin: '27AAPFU0939F1ZV' })).toEqual({ buyerName: BUYER_NAME_REQUIRED });
    expect(fieldErrors({ buyerName: 'Meera Textiles' })).toEqual({ buyerGstin: BUYER_GSTIN_REQUIRED });
    expect(fieldErrors({ buyerGstin: '27AAPFU0939F1ZA', buyerName: 'Meera Textiles' }).buyerGstin).toMatch(/check character/);
    expect(fieldErrors({ buyerGstin: '27AAPFU0939F1ZV', buyerName: 'x'.repeat(121) }).buyerName).toBe(
      'Business name: at most 120 characters.',
    );
  });

  it('is part of createpayment and createBill, and optional in both', () => {
    const payment = { paymentMethod: 'online', products: [{ id: crypto.randomUUID() }], address: crypto.randomUUID() };
    expect(createPaymentSchema.parse(payment)).not.toHaveProperty('buyerGstin');
    expect(createPaymentSchema.parse({ ...payment, buyerGstin: '27AAPFU0939F1ZV', buyerName: 'Meera Textiles' })).toMatchObject({
      buyerGstin: '27AAPFU0939F1ZV',
      buyerName: 'Meera Textiles',
    });
    const bill = { items: [{ name: 'Alteration', price: 15_000, quantity: 1 }] };
    expect(createBillSchema.parse(bill)).not.toHaveProperty('buyerGstin');
    expect(createBillSchema.safeParse({ ...bill, buyerGstin: '27AAPFU0939F1ZV' }).error?.issues[0]).toMatchObject({
      path: ['buyerName'],
      message: BUYER_NAME_REQUIRED,
    });
  });
});

describe('businessBuyerOf', () => {
  it('is the GSTIN, the name and the state of the GSTIN’s code; null without a GSTIN', () => {
    expect(businessBuyerOf({ buyerGstin: '29AAGCB7383J1Z4', buyerName: 'Bindu Boutique' })).toEqual({
      gstin: '29AAGCB7383J1Z4',
      name: 'Bindu Boutique',
      state: 'Karnataka',
    });
    expect(businessBuyerOf({})).toBeNull();
    expect(businessBuyerOf({ buyerGstin: null, buyerName: null })).toBeNull();
  });

  it('of a document is what the order or bill kept, all three or none', () => {
    const kept = { buyerGstin: '27AAPFU0939F1ZV', buyerName: 'Meera Textiles', buyerState: 'Maharashtra' };
    expect(businessBuyerOfDocument(kept)).toEqual({ gstin: '27AAPFU0939F1ZV', name: 'Meera Textiles', state: 'Maharashtra' });
    expect(businessBuyerOfDocument({ buyerGstin: null, buyerName: null, buyerState: null })).toBeNull();
  });
});

describe('placeOfSupplyLabel', () => {
  it('is the state with its GST code; a state typed in another case is found; an unknown one stays as it is', () => {
    expect(placeOfSupplyLabel('Karnataka')).toBe('Karnataka (29)');
    expect(placeOfSupplyLabel('tamil nadu')).toBe('Tamil Nadu (33)');
    expect(placeOfSupplyLabel('Andhra Pradesh')).toBe('Andhra Pradesh (37)');
    expect(placeOfSupplyLabel('Atlantis')).toBe('Atlantis');
  });
});
