import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, productFormValues, productPayload } from './product-form';

const category = '3f1c2a4e-7b6d-4c1e-9a2b-1c2d3e4f5a6b';

describe('product form', () => {
  it('sends every field, amounts in paise', () => {
    const result = productPayload({
      productName: ' Chikankari kurta ',
      productDescription: 'Hand embroidered.',
      category,
      productPrice: '1299.50',
      productDiscount: '10',
      productStock: '7',
      status: 'active',
      hsnCode: ' 5007 ',
      packageWeightGrams: ' 450 ',
      packageLengthCm: '35',
      packageBreadthCm: '',
      packageHeightCm: '',
    });
    expect(result.data).toEqual({
      productName: 'Chikankari kurta',
      productDescription: 'Hand embroidered.',
      category,
      productPrice: 129950,
      productDiscount: 10,
      productStock: 7,
      status: 'active',
      hsnCode: '5007',
      packageWeightGrams: 450,
      packageLengthCm: 35,
      packageBreadthCm: null,
      packageHeightCm: null,
    });
  });

  it("blank parcel fields are the category's (null); a wrong one is named (issue 42)", async () => {
    const blank = productPayload({ ...EMPTY_PRODUCT_FORM, productName: 'Saree', productPrice: '8099' });
    expect(blank.data).toMatchObject({ packageWeightGrams: null, packageLengthCm: null, packageBreadthCm: null, packageHeightCm: null });
    const wrong = productPayload({
      ...EMPTY_PRODUCT_FORM,
      productName: 'Saree',
      productPrice: '8099',
      packageWeightGrams: '1.2',
      packageHeightCm: '0',
    });
    expect(wrong.errors).toEqual({
      packageWeightGrams: 'Package weight (g) must be a whole number from 1 to 50000.',
      packageHeightCm: 'Package height (cm) must be a whole number from 1 to 300.',
    });
  });

  it("a blank HSN code is the category's (null); a wrong one is named", () => {
    const blank = productPayload({ ...EMPTY_PRODUCT_FORM, productName: 'Saree', productPrice: '8099' });
    expect(blank.data?.hsnCode).toBeNull();
    const wrong = productPayload({ ...EMPTY_PRODUCT_FORM, productName: 'Saree', productPrice: '8099', hsnCode: '50O7' });
    expect(wrong.errors).toEqual({ hsnCode: 'HSN code must be 4 to 8 digits.' });
  });

  it('names each wrong field', () => {
    const result = productPayload({ ...EMPTY_PRODUCT_FORM, productPrice: '12.345', productDiscount: '95', productStock: 'x' });
    expect(result.errors).toMatchObject({
      productName: 'Product name is required.',
      productPrice: 'Enter the price in rupees, e.g. 1299.00',
      productDiscount: 'productDiscount must be from 0 to 90',
      productStock: 'Enter the stock as a whole number',
    });
  });

  it('an empty category is none', () => {
    const result = productPayload({ ...EMPTY_PRODUCT_FORM, productName: 'Dupatta', productPrice: '499' });
    expect(result.data).toMatchObject({ category: null, productPrice: 49900, status: 'draft' });
  });

  it('fills the form from a product', () => {
    const values = productFormValues({
      _id: 'p',
      productName: 'Kurta',
      slug: 'kurta',
      productDescription: 'd',
      productPrice: 99900,
      productDiscount: 5,
      sellingPrice: 94900,
      productStock: 3,
      availableStock: 3,
      status: 'active',
      category: { _id: category, categoryName: 'Kurtas' },
      fabric: '',
      hsnCode: '6204',
      categoryHsnCode: '6211',
      packageWeightGrams: 350,
      packageLengthCm: null,
      packageBreadthCm: null,
      packageHeightCm: null,
      categoryPackage: { weightGrams: 500, lengthCm: 30, breadthCm: 25, heightCm: 5 },
      tags: [],
      productImages: [],
      deletedImages: [],
      variants: [],
      createdAt: '',
      updatedAt: '',
    });
    expect(values).toEqual({
      productName: 'Kurta',
      productDescription: 'd',
      category,
      productPrice: '999.00',
      productDiscount: '5',
      productStock: '3',
      status: 'active',
      hsnCode: '6204',
      packageWeightGrams: '350',
      packageLengthCm: '',
      packageBreadthCm: '',
      packageHeightCm: '',
    });
  });
});
