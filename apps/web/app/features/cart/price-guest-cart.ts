import { orderTotals, type GuestCartLine, type ProductDetails } from '@shop/core';
import { lineKey, type CartLineView } from './cart-line-card';

export interface PricedGuestCart {
  lines: CartLineView[];
  /** Lines whose product or variant no longer exists: the shopper may remove them. */
  gone: GuestCartLine[];
  subtotal: number;
  shipping: number;
}

/**
 * Prices the signed-out cart with the catalogue's prices (null: a product no longer for sale) by @shop/core's
 * orderTotals, the rule the account cart and checkout price by, so a signed-out shopper sees what the account cart
 * will show after login.
 */
export function priceGuestCart(lines: readonly GuestCartLine[], products: Map<string, ProductDetails | null>): PricedGuestCart {
  const kept: Array<{ line: GuestCartLine; product: ProductDetails; variant: ProductDetails['variants'][number] | undefined }> = [];
  const gone: GuestCartLine[] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    const variant = line.variantId ? product?.variants.find((item) => item._id === line.variantId) : undefined;
    if (!product || (line.variantId ? !variant : product.variants.length > 0)) gone.push(line);
    else kept.push({ line, product, variant });
  }
  const totals = orderTotals(
    kept.map(({ line, product, variant }) => ({
      productPrice: product.productPrice,
      variantColorPrice: variant?.variantColorPrice ?? 0,
      variantSizePrice: variant?.variantSizePrice ?? 0,
      productDiscount: product.productDiscount,
      quantity: line.quantity,
    })),
  );
  const views = kept.map(({ line, product, variant }, index): CartLineView => {
    const priced = totals.lines[index]!;
    return {
      key: lineKey(line.productId, line.variantId),
      productId: line.productId,
      variantId: line.variantId,
      name: product.productName,
      description: product.productDescription,
      imageUrl:
        (product.productImages.find((image) => image.variantColor === variant?.variantColor) ?? product.productImages[0])?.secure_url ??
        null,
      variantName: variant?.variantName || null,
      color: variant?.variantColor || null,
      size: variant?.variantSize || null,
      quantity: line.quantity,
      available: variant ? variant.quantity : product.availableStock,
      unitPrice: priced.selling,
      unitMrp: priced.mrp,
      lineTotal: priced.total,
    };
  });
  return { lines: views, gone, subtotal: totals.subtotal, shipping: totals.shipping };
}
