import { addVariantSchema, parseRupees, type AddVariantInput } from '@shop/core';
import { validate, type FieldErrors } from '../../lib/form';
import { parseWhole } from './money';

/** Spec §2.16 presets; 'Other' asks for custom text. */
export const COLOUR_PRESETS = ['Red', 'Blue', 'Green', 'Black', 'White'] as const;
export const SIZE_PRESETS = ['S', 'M', 'L', 'XL', 'XXL'] as const;
export const OTHER = 'Other';

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

export interface VariantFormValues extends Record<string, string> {
  variantName: string;
  variantDescription: string;
  variantColor: string;
  customColor: string;
  variantColorPrice: string;
  variantSize: string;
  customSize: string;
  variantSizePrice: string;
  quantity: string;
}

export const EMPTY_VARIANT_FORM: VariantFormValues = {
  variantName: '',
  variantDescription: '',
  variantColor: '',
  customColor: '',
  variantColorPrice: '',
  variantSize: '',
  customSize: '',
  variantSizePrice: '',
  quantity: '',
};

const chosen = (preset: string, custom: string) => (preset === OTHER ? custom.trim() : preset);

/**
 * Spec §5 add variant: colour, size, both prices and the quantity are required ('Please fill in all required
 * fields', also when 'Other' is chosen without its text); prices take two decimals. Answers the payload
 * (prices in paise) or the form's message and one per field.
 */
export function variantPayload(
  productId: string,
  values: VariantFormValues,
): { data: AddVariantInput; error?: undefined; fields?: undefined } | { data?: undefined; error: string; fields: FieldErrors } {
  const color = chosen(values.variantColor, values.customColor);
  const size = chosen(values.variantSize, values.customSize);
  const missing: FieldErrors = {};
  if (!values.variantColor) missing.variantColor = 'Choose a colour.';
  else if (!color) missing.customColor = 'Type the colour.';
  if (!values.variantSize) missing.variantSize = 'Choose a size.';
  else if (!size) missing.customSize = 'Type the size.';
  if (!values.variantColorPrice.trim()) missing.variantColorPrice = 'Enter the colour price.';
  if (!values.variantSizePrice.trim()) missing.variantSizePrice = 'Enter the size price.';
  if (!values.quantity.trim()) missing.quantity = 'Enter the quantity.';
  if (Object.keys(missing).length > 0) return { error: REQUIRED_FIELDS_MESSAGE, fields: missing };

  const fields: FieldErrors = {};
  const colorPrice = parseRupees(values.variantColorPrice);
  if (colorPrice === null) fields.variantColorPrice = 'Enter rupees with at most two decimals, e.g. 50.00';
  const sizePrice = parseRupees(values.variantSizePrice);
  if (sizePrice === null) fields.variantSizePrice = 'Enter rupees with at most two decimals, e.g. 50.00';
  const quantity = parseWhole(values.quantity);
  if (quantity === null) fields.quantity = 'Enter a whole number of pieces.';
  const checked = validate(addVariantSchema, {
    product: productId,
    variantName: values.variantName.trim() || `${color} / ${size}`,
    variantDescription: values.variantDescription,
    variantColor: color,
    variantSize: size,
    variantColorPrice: colorPrice ?? 0,
    variantSizePrice: sizePrice ?? 0,
    quantity: quantity ?? 0,
  });
  const all = { ...checked.errors, ...fields };
  if (Object.keys(all).length > 0 || !checked.data) return { error: Object.values(all)[0] ?? REQUIRED_FIELDS_MESSAGE, fields: all };
  return { data: checked.data };
}
