import type { ProductDetails } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { bagChoicesOf, onlySizeInStock } from './bag-choices';

const variant = (id: string, colour: string, size: string, quantity: number) =>
  ({ _id: id, variantColor: colour, variantSize: size, quantity }) as ProductDetails['variants'][number];

describe('what Move to bag offers', () => {
  it('groups the sizes by colour in size order, sold-out sizes kept but not in stock', () => {
    const choices = bagChoicesOf({
      availableStock: 3,
      variants: [
        variant('v1', 'Wine', 'L', 0),
        variant('v2', 'Wine', 'S', 2),
        variant('v3', 'Teal', 'M', 1),
        variant('v4', 'Wine', 'M', 0),
      ],
    });
    expect(choices).toEqual({
      inStock: true,
      colours: [
        {
          colour: 'Wine',
          sizes: [
            { variantId: 'v2', size: 'S', inStock: true },
            { variantId: 'v4', size: 'M', inStock: false },
            { variantId: 'v1', size: 'L', inStock: false },
          ],
        },
        { colour: 'Teal', sizes: [{ variantId: 'v3', size: 'M', inStock: true }] },
      ],
    });
    expect(onlySizeInStock(choices)).toBeNull();
  });

  it('starts from the only size in stock; a product without variants asks nothing', () => {
    expect(
      onlySizeInStock(bagChoicesOf({ availableStock: 1, variants: [variant('v1', 'Wine', 'S', 0), variant('v2', 'Wine', 'M', 1)] })),
    ).toBe('v2');
    expect(bagChoicesOf({ availableStock: 4, variants: [] })).toEqual({ colours: [], inStock: true });
    expect(bagChoicesOf({ availableStock: 0, variants: [variant('v1', 'Wine', 'S', 0)] }).inStock).toBe(false);
  });
});
