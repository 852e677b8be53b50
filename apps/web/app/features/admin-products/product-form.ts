import { createProductSchema, parseRupees, type AdminProduct, type CreateProductInput, type ProductStatus } from '@shop/core';
import { validate, type FieldErrors } from '../../lib/form';
import { parseWhole, rupeesInput } from './money';
import { packageFormValues, packageInput, type PackageFormValues } from './package-fields';

/** A product form as typed: rupees with two decimals on screen, paise in the API. */
export interface ProductFormValues extends Record<string, string>, PackageFormValues {
  productName: string;
  productDescription: string;
  category: string;
  productPrice: string;
  productDiscount: string;
  productStock: string;
  status: ProductStatus;
  /** The product's own HSN code; blank: its category's. */
  hsnCode: string;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  productName: '',
  productDescription: '',
  category: '',
  productPrice: '',
  productDiscount: '0',
  productStock: '0',
  status: 'draft',
  hsnCode: '',
  packageWeightGrams: '',
  packageLengthCm: '',
  packageBreadthCm: '',
  packageHeightCm: '',
};

/** The form's values for a product as the API sends it. */
export const productFormValues = (product: AdminProduct): ProductFormValues => ({
  productName: product.productName,
  productDescription: product.productDescription,
  category: product.category?._id ?? '',
  productPrice: rupeesInput(product.productPrice),
  productDiscount: String(product.productDiscount),
  productStock: String(product.productStock),
  status: product.status,
  hsnCode: product.hsnCode ?? '',
  ...packageFormValues(product),
});

/**
 * The API payload of a product form, or the message per field. Every field is sent (the spec's update sent an
 * undefined description and never the stock); an empty category means none.
 */
export function productPayload(
  values: ProductFormValues,
): { data: CreateProductInput; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const price = parseRupees(values.productPrice);
  if (price === null) errors.productPrice = 'Enter the price in rupees, e.g. 1299.00';
  const discount = parseWhole(values.productDiscount);
  if (discount === null) errors.productDiscount = 'Enter the discount as a whole percent from 0 to 90';
  const stock = parseWhole(values.productStock);
  if (stock === null) errors.productStock = 'Enter the stock as a whole number';
  const checked = validate(createProductSchema, {
    productName: values.productName,
    productDescription: values.productDescription,
    category: values.category || null,
    productPrice: price ?? 0,
    productDiscount: discount ?? 0,
    productStock: stock ?? 0,
    status: values.status,
    // Blank clears it: the category's code again.
    hsnCode: values.hsnCode ?? '',
    // Blank: the category's parcel (null); a typed one refused in words naming the field.
    ...packageInput(values, null),
  });
  const all = { ...checked.errors, ...errors };
  if (Object.keys(all).length > 0 || !checked.data) return { errors: all };
  return { data: checked.data };
}
