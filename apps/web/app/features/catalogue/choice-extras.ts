import { extraSellingPrice, rupeesCompact, type ProductDetails, type VariantView } from '@shop/core';

// The '+₹80' beside a colour or size that costs more on the product page: what she pays more for it, discount taken
// off (core's extraSellingPrice), not the extra's MRP, which would promise a rise the price does not make.

type Pricing = Pick<ProductDetails, 'productPrice' | 'productDiscount'>;

const label = (paise: number) => (paise > 0 ? `+${rupeesCompact(paise)}` : null);

/** What a size adds to the price of its colour, or null when nothing. */
export function sizeExtraLabel(product: Pricing, variant: Pick<VariantView, 'variantColorPrice' | 'variantSizePrice'>): string | null {
  return label(
    extraSellingPrice(
      {
        productPrice: product.productPrice,
        productDiscount: product.productDiscount,
        variantColorPrice: variant.variantColorPrice,
        variantSizePrice: variant.variantSizePrice,
      },
      'variantSizePrice',
    ),
  );
}

/** What a colour adds to the price (its extra alone, before any size's), or null when nothing. */
export function colourExtraLabel(product: Pricing, colourPrice: number): string | null {
  return label(
    extraSellingPrice(
      { productPrice: product.productPrice, productDiscount: product.productDiscount, variantColorPrice: colourPrice },
      'variantColorPrice',
    ),
  );
}
