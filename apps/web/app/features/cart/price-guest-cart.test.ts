import { orderTotals, SHIPPING, unitPrice, type ProductDetails } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { priceGuestCart } from './price-guest-cart';

const variant = (id: string, color: string, size: string, sizePrice: number, productPrice: number) =>
  ({
    _id: id,
    variantName: `${color} / ${size}`,
    variantColor: color,
    variantSize: size,
    variantColorPrice: 0,
    variantSizePrice: sizePrice,
    variantDescription: '',
    quantity: 4,
    sku: id,
    price: (({ mrp, selling, saving }) => ({ mrp, selling, saving }))(
      unitPrice({ productPrice, variantSizePrice: sizePrice, productDiscount: 15 }),
    ),
  }) satisfies ProductDetails['variants'][number];

const kurta = {
  _id: 'p1',
  productName: 'Chikankari Kurta',
  productDescription: 'Lucknow work.',
  productPrice: 1_49_950,
  productDiscount: 15,
  availableStock: 8,
  productImages: [],
  variants: [variant('v1', 'White', 'M', 0, 1_49_950), variant('v2', 'White', 'XXL', 20_000, 1_49_950)],
} as unknown as ProductDetails;

describe('the signed-out cart’s prices', () => {
  // It summed the catalogue's selling prices itself beside @shop/core's orderTotals, which the account cart and
  // checkout price by; it asks orderTotals now, so the two carts cannot drift apart.
  it('are what orderTotals makes of the same lines: unit, line and cart totals, and shipping', () => {
    const priced = priceGuestCart(
      [
        { productId: 'p1', variantId: 'v1', quantity: 1 },
        { productId: 'p1', variantId: 'v2', quantity: 2 },
        { productId: 'gone', quantity: 1 },
        { productId: 'p1', variantId: 'removed', quantity: 1 },
      ],
      new Map([
        ['p1', kurta],
        ['gone', null],
      ]),
    );
    const totals = orderTotals([
      { productPrice: 1_49_950, productDiscount: 15, quantity: 1 },
      { productPrice: 1_49_950, variantSizePrice: 20_000, productDiscount: 15, quantity: 2 },
    ]);
    expect(priced.lines.map((line) => [line.unitMrp, line.unitPrice, line.lineTotal])).toEqual(
      totals.lines.map((line) => [line.mrp, line.selling, line.total]),
    );
    expect(priced.lines.map((line) => line.unitPrice)).toEqual([1_27_500, 1_44_500]);
    expect([priced.subtotal, priced.shipping]).toEqual([totals.subtotal, totals.shipping]);
    expect(priced.gone.map((line) => line.variantId ?? line.productId)).toEqual(['gone', 'removed']);
  });

  it('charge shipping below the free-shipping amount, as the account cart does', () => {
    const cheap = { ...kurta, productPrice: 40_000, productDiscount: 0, variants: [] } as unknown as ProductDetails;
    const priced = priceGuestCart([{ productId: 'p1', quantity: 1 }], new Map([['p1', cheap]]));
    expect(priced).toMatchObject({ subtotal: 40_000, shipping: SHIPPING.flatFeePaise });
  });
});
