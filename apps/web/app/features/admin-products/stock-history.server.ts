import type { AdminProduct, PageServices } from '@shop/core';
import type { StockHistoryData } from './stock-history';

/**
 * The stock history `?history=<id>` asks for on a product's page: one of its variants, or the product itself when
 * it is sold without variants. Any other id shows no history (the address may be old or mistyped).
 */
export async function stockHistoryOf(
  inventory: PageServices['inventory'],
  product: AdminProduct,
  id: string | null,
): Promise<StockHistoryData | null> {
  if (!id) return null;
  const variant = product.variants.find((candidate) => candidate._id === id);
  const label = variant ? variant.variantName : id === product._id && product.variants.length === 0 ? product.productName : null;
  if (label === null) return null;
  return { id, label, movements: await inventory.history(id) };
}
