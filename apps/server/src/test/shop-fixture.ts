import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { products, variants } from '../catalogue/tables.js';
import type { Db } from '../db/database.js';
import type { TestContext } from './app.js';

let counter = 0;

/**
 * A product ready to sell, for cart, checkout and order tests: with one variant of `stock` pieces, or
 * (`variants: false`) sold by its own stock. Prices in paise.
 */
export async function sellableProduct(
  t: Pick<TestContext, 'services' | 'database'>,
  options: {
    name?: string;
    pricePaise?: number;
    discountPercent?: number;
    stock?: number;
    variants?: boolean;
    colorPricePaise?: number;
    categoryId?: string | null;
  } = {},
): Promise<{ productId: string; variantId?: string }> {
  const n = ++counter;
  const unique = `${n}-${randomUUID().slice(0, 8)}`;
  const name = options.name ?? `Test Kurti ${n}`;
  const withVariants = options.variants ?? true;
  const productId = await t.services.catalogueAdmin.createProduct({
    name,
    slug: `test-product-${unique}`,
    description: `${name}: soft cotton.`,
    categoryId: options.categoryId ?? null,
    pricePaise: options.pricePaise ?? 50_000,
    discountPercent: options.discountPercent ?? 0,
    stock: withVariants ? 0 : (options.stock ?? 5),
    variants: withVariants
      ? [
          {
            variantName: `${name} M`,
            variantColor: 'Blue',
            variantSize: 'M',
            variantColorPrice: options.colorPricePaise ?? 0,
            quantity: options.stock ?? 5,
            sku: `T-${unique}-M`,
          },
        ]
      : [],
  });
  if (!withVariants) return { productId };
  const [variant] = await t.database.db.select({ id: variants.id }).from(variants).where(eq(variants.productId, productId));
  return { productId, variantId: variant!.id };
}

/** Pieces of a variant (or of a product without variants) on the shelf. */
export async function stockOf(db: Db, item: { productId: string; variantId?: string }): Promise<number> {
  if (item.variantId) {
    const [row] = await db.select({ quantity: variants.quantity }).from(variants).where(eq(variants.id, item.variantId));
    return row!.quantity;
  }
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, item.productId));
  return row!.stock;
}
