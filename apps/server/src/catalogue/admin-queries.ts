import type { Db } from '../db/database.js';
import { categories, productImages, products, searchWords, variants } from './tables.js';

// SQL of the catalogue's writes (new categories, products, variants and photos; the spelling dictionary).
// Stock is not written here: opening stock goes through inventory/ like every other change of it.

type Executor = Pick<Db, 'insert'>;

/** Adds words to the spelling dictionary that search corrects typos against. */
export async function rememberWords(db: Executor, words: string[]): Promise<void> {
  if (words.length === 0) return;
  await db
    .insert(searchWords)
    .values(words.map((word) => ({ word })))
    .onConflictDoNothing();
}

export async function insertCategory(db: Db, values: typeof categories.$inferInsert): Promise<string> {
  const [row] = await db.insert(categories).values(values).returning({ id: categories.id });
  return row!.id;
}

/** A new product, its stock at 0: the inventory sets the opening stock (so the columns are named, stock never). */
export async function insertProduct(
  db: Db,
  product: Pick<
    typeof products.$inferInsert,
    'name' | 'slug' | 'description' | 'categoryId' | 'pricePaise' | 'discountPercent' | 'fabric' | 'tags' | 'status' | 'hsnCode'
  > & { createdAt: Date },
): Promise<typeof products.$inferSelect> {
  const [row] = await db
    .insert(products)
    .values({
      name: product.name,
      slug: product.slug,
      description: product.description,
      categoryId: product.categoryId,
      pricePaise: product.pricePaise,
      discountPercent: product.discountPercent,
      fabric: product.fabric,
      tags: product.tags,
      status: product.status,
      hsnCode: product.hsnCode,
      createdAt: product.createdAt,
      updatedAt: product.createdAt,
    })
    .returning();
  return row!;
}

/** New variants of a product, their quantities at 0: the inventory sets the opening stock. */
export async function insertVariants(
  db: Db,
  rows: Array<
    Pick<
      typeof variants.$inferInsert,
      | 'productId'
      | 'variantName'
      | 'variantColor'
      | 'variantSize'
      | 'variantColorPricePaise'
      | 'variantSizePricePaise'
      | 'variantDescription'
      | 'sku'
      | 'position'
    >
  >,
): Promise<Array<{ id: string; sku: string | null }>> {
  if (rows.length === 0) return [];
  return db
    .insert(variants)
    .values(
      rows.map((variant) => ({
        productId: variant.productId,
        variantName: variant.variantName,
        variantColor: variant.variantColor,
        variantSize: variant.variantSize,
        variantColorPricePaise: variant.variantColorPricePaise,
        variantSizePricePaise: variant.variantSizePricePaise,
        variantDescription: variant.variantDescription,
        sku: variant.sku,
        position: variant.position,
      })),
    )
    .returning({ id: variants.id, sku: variants.sku });
}

export async function insertProductImages(db: Db, values: Array<typeof productImages.$inferInsert>): Promise<void> {
  if (values.length > 0) await db.insert(productImages).values(values);
}
