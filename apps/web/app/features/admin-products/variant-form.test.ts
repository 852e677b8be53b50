import { describe, expect, it } from 'vitest';
import { EMPTY_VARIANT_FORM, REQUIRED_FIELDS_MESSAGE, variantPayload } from './variant-form';

const product = '3f1c2a4e-7b6d-4c1e-9a2b-1c2d3e4f5a6b';
const filled = {
  ...EMPTY_VARIANT_FORM,
  variantName: 'Red M',
  variantColor: 'Red',
  variantColorPrice: '0',
  variantSize: 'M',
  variantSizePrice: '50.50',
  quantity: '4',
};

describe('add variant form', () => {
  it('builds the spec payload with prices in paise', () => {
    expect(variantPayload(product, filled).data).toEqual({
      product,
      variantName: 'Red M',
      variantDescription: '',
      variantColor: 'Red',
      variantSize: 'M',
      variantColorPrice: 0,
      variantSizePrice: 5050,
      quantity: 4,
    });
  });

  it("takes the custom text when 'Other' is chosen, and needs it", () => {
    const other = { ...filled, variantColor: 'Other', customColor: ' Peacock green ' };
    expect(variantPayload(product, other).data).toMatchObject({ variantColor: 'Peacock green' });
    const empty = variantPayload(product, { ...other, customColor: ' ' });
    expect(empty.error).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(empty.fields).toEqual({ customColor: 'Type the colour.' });
  });

  it('asks for every required field at once', () => {
    const result = variantPayload(product, EMPTY_VARIANT_FORM);
    expect(result.error).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(Object.keys(result.fields ?? {})).toEqual(['variantColor', 'variantSize', 'variantColorPrice', 'variantSizePrice', 'quantity']);
  });

  it('refuses prices with more than two decimals', () => {
    const result = variantPayload(product, { ...filled, variantSizePrice: '1.234' });
    expect(result.fields).toEqual({ variantSizePrice: 'Enter rupees with at most two decimals, e.g. 50.00' });
  });

  it('names a variant by its colour and size when no name is typed', () => {
    expect(variantPayload(product, { ...filled, variantName: '' }).data?.variantName).toBe('Red / M');
  });
});
