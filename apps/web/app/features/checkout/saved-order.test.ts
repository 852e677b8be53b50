import type { CartLine } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { chosenLines, orderOf, totalsOf } from './saved-order';

function line(id: string, variant: string | null, unitPrice: number, quantity: number): CartLine {
  return {
    product: {
      id,
      name: `Product ${id}`,
      description: '',
      productPrice: unitPrice,
      productDiscount: 0,
      images: [],
      variant: variant
        ? { _id: variant, variantName: '', variantColor: 'Red', variantSize: 'M', variantColorPrice: 0, variantSizePrice: 0 }
        : null,
    },
    quantity,
    unitPrice,
    unitMrp: unitPrice,
    lineTotal: unitPrice * quantity,
    available: 10,
  };
}

const saree = line('saree', 'saree-red-m', 60_000, 1);
const kurti = line('kurti', null, 20_000, 2);

describe('the saved order', () => {
  it('names the products of the cart lines and the chosen address', () => {
    expect(orderOf([saree, kurti], 'home')).toEqual({
      products: [
        { id: 'saree', variant: 'saree-red-m' },
        { id: 'kurti', variant: null },
      ],
      addressId: 'home',
    });
  });

  it('chooses the lines it names, the whole cart when it names none that is left', () => {
    expect(chosenLines([saree, kurti], { products: [{ id: 'kurti', variant: null }], addressId: null })).toEqual([kurti]);
    expect(chosenLines([saree, kurti], { products: [{ id: 'saree', variant: 'another-variant' }], addressId: null })).toEqual([
      saree,
      kurti,
    ]);
    expect(chosenLines([saree, kurti], null)).toEqual([saree, kurti]);
    expect(chosenLines([saree, kurti], undefined)).toEqual([saree, kurti]);
  });

  it('totals the chosen lines with shipping: ₹50 below ₹999, free from ₹999', () => {
    expect(totalsOf([kurti])).toEqual({ subtotal: 40_000, shipping: 5_000, total: 45_000, itemCount: 2 });
    expect(totalsOf([saree, kurti])).toEqual({ subtotal: 100_000, shipping: 0, total: 100_000, itemCount: 3 });
    expect(totalsOf([])).toEqual({ subtotal: 0, shipping: 0, total: 0, itemCount: 0 });
  });
});
