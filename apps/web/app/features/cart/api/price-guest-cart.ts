import { productDetailsSchema, shippingFee, type GuestCartLine, type ProductDetails } from '@shop/core';
import { z } from 'zod';
import { ApiError, api } from '../../../lib/api-client';
import { lineKey, type CartLineView } from '../cart-line-card';

const answer = z.object({ product: productDetailsSchema });

/** One product as the storefront shows it (public); null when it is gone (404). */
async function productOrNull(productId: string): Promise<ProductDetails | null> {
  try {
    return answer.parse(await api.get(`/api/user/product/getProductDetails/${encodeURIComponent(productId)}`)).product;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export interface PricedGuestCart {
  lines: CartLineView[];
  /** Lines whose product or variant no longer exists: the shopper may remove them. */
  gone: GuestCartLine[];
  subtotal: number;
  shipping: number;
}

/** The products of the browser cart from the public catalogue (null for one that is gone). */
export const getGuestCartProducts = async (productIds: readonly string[]): Promise<Map<string, ProductDetails | null>> =>
  new Map(await Promise.all([...new Set(productIds)].map(async (id) => [id, await productOrNull(id)] as const)));

/**
 * Prices the browser cart with the catalogue's prices and the shipping rule of @shop/core, so a signed-out
 * shopper sees what the account cart will show after login.
 */
export function priceGuestCart(lines: readonly GuestCartLine[], products: Map<string, ProductDetails | null>): PricedGuestCart {
  const views: CartLineView[] = [];
  const gone: GuestCartLine[] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    const variant = line.variantId ? product?.variants.find((item) => item._id === line.variantId) : undefined;
    if (!product || (line.variantId ? !variant : product.variants.length > 0)) {
      gone.push(line);
      continue;
    }
    const price = variant?.price ?? product.price;
    views.push({
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
      unitPrice: price.selling,
      unitMrp: price.mrp,
      lineTotal: price.selling * line.quantity,
    });
  }
  const subtotal = views.reduce((sum, view) => sum + view.lineTotal, 0);
  return { lines: views, gone, subtotal, shipping: shippingFee(subtotal) };
}
