import { compareSizes, type ProductDetails } from '@shop/core';

/** A size 'Move to bag' offers: its variant, and whether a piece is in stock (sold-out sizes are shown, not offered). */
export interface BagSize {
  variantId: string;
  size: string;
  inStock: boolean;
}

/**
 * What 'Move to bag' asks of a saved product: nothing for a product without variants (`colours` empty), else its
 * sizes by colour, as the product page offers them (colours in the catalogue's order, sizes S before M before L).
 */
export interface BagChoices {
  colours: Array<{ colour: string; sizes: BagSize[] }>;
  /** Whether any piece can go into the bag. */
  inStock: boolean;
}

export function bagChoicesOf(product: Pick<ProductDetails, 'variants' | 'availableStock'>): BagChoices {
  const colours = [...new Set(product.variants.map((variant) => variant.variantColor))].map((colour) => ({
    colour,
    sizes: product.variants
      .filter((variant) => variant.variantColor === colour)
      .map((variant) => ({ variantId: variant._id, size: variant.variantSize, inStock: variant.quantity > 0 }))
      .sort((a, b) => compareSizes(a.size, b.size)),
  }));
  const inStock = colours.length > 0 ? colours.some((colour) => colour.sizes.some((size) => size.inStock)) : product.availableStock > 0;
  return { colours, inStock };
}

/** The one size to start from: the only one in stock, if there is just one. */
export function onlySizeInStock(choices: BagChoices): string | null {
  const inStock = choices.colours.flatMap((colour) => colour.sizes.filter((size) => size.inStock));
  return inStock.length === 1 ? inStock[0]!.variantId : null;
}
