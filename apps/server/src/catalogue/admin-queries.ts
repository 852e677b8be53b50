import type { AdminProductSort, PackageSize, ProductStatus } from '@shop/core';
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { containsPattern, selectRows, type Db } from '../db/database.js';
import { DEFAULT_PACKAGE } from './queries.js';
import { categories, deletedProductImages, productImages, products, searchWords, variants } from './tables.js';

// SQL of the catalogue's back-office: new categories, products, variants and photos, their edits and lists, the
// spelling dictionary. Stock is not written here: it goes through inventory/ like every other change of it.

type Executor = Pick<Db, 'insert'>;

/** Adds words to the spelling dictionary that search corrects typos against. */
export async function rememberWords(db: Executor, words: string[]): Promise<void> {
  if (words.length === 0) return;
  await db
    .insert(searchWords)
    .values(words.map((word) => ({ word })))
    .onConflictDoNothing();
}

export type CategoryRow = typeof categories.$inferSelect;

/** A new category; answers its row. */
export async function insertCategory(db: Db, values: typeof categories.$inferInsert): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  return row!;
}

/** The category, its row locked until the transaction ends; undefined when there is none. */
export async function lockCategoryRow(tx: Db, categoryId: string): Promise<CategoryRow | undefined> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, categoryId)).for('update');
  return row;
}

/** The name of a category (other than `exceptId`) named `name` whatever the case, or undefined. */
export async function categoryNamedAlike(db: Db, name: string, exceptId?: string): Promise<string | undefined> {
  const sameName = eq(sql`lower(${categories.name})`, name.toLowerCase());
  const [twin] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(exceptId ? and(sameName, ne(categories.id, exceptId)) : sameName);
  return twin?.name;
}

/** Whether a category has this slug. */
export async function categorySlugTaken(db: Db, slug: string): Promise<boolean> {
  const [taken] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  return taken !== undefined;
}

/** Where a new category goes: after the others. */
export async function nextCategoryPosition(tx: Db): Promise<number> {
  const [row] = await selectRows<{ position: number }>(tx, sql`select coalesce(max(position) + 1, 0)::int as position from ${categories}`);
  return Number(row?.position ?? 0);
}

/** Changes a category's columns; answers the row after. */
export async function updateCategory(tx: Db, categoryId: string, values: Partial<typeof categories.$inferInsert>): Promise<CategoryRow> {
  const [row] = await tx.update(categories).set(values).where(eq(categories.id, categoryId)).returning();
  return row!;
}

export async function deleteCategory(tx: Db, categoryId: string): Promise<void> {
  await tx.delete(categories).where(eq(categories.id, categoryId));
}

/** The ids of the products in a category (any status). */
export async function productIdsIn(db: Db, categoryId: string): Promise<string[]> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.categoryId, categoryId));
  return rows.map((row) => row.id);
}

/** A new product, its stock at 0: the inventory sets the opening stock (so the columns are named, stock never). */
export async function insertProduct(
  db: Db,
  product: Pick<
    typeof products.$inferInsert,
    | 'name'
    | 'slug'
    | 'description'
    | 'categoryId'
    | 'pricePaise'
    | 'discountPercent'
    | 'fabric'
    | 'tags'
    | 'status'
    | 'hsnCode'
    | 'packageWeightGrams'
    | 'packageLengthCm'
    | 'packageBreadthCm'
    | 'packageHeightCm'
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
      packageWeightGrams: product.packageWeightGrams ?? null,
      packageLengthCm: product.packageLengthCm ?? null,
      packageBreadthCm: product.packageBreadthCm ?? null,
      packageHeightCm: product.packageHeightCm ?? null,
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

// ---- The back-office's products, variants and photos (admin-products.ts) ----

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
export type ProductImageRow = typeof productImages.$inferSelect;
export type DeletedImageRow = typeof deletedProductImages.$inferSelect;

/** Whether a product has this slug. */
export async function productSlugTaken(db: Db, slug: string): Promise<boolean> {
  const [taken] = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  return taken !== undefined;
}

/** The product, its row locked until the transaction ends; undefined when there is none. */
export async function lockProductRow(tx: Db, productId: string): Promise<ProductRow | undefined> {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  return row;
}

/** The product's name, or undefined when there is no such product. */
export async function productName(db: Db, productId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return row?.name;
}

export async function categoryExists(db: Db, categoryId: string): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  return row !== undefined;
}

/** Moves a product's updatedAt, which listings sort and caches validate by. */
export async function touchProduct(tx: Db, productId: string, at: Date): Promise<void> {
  await tx.update(products).set({ updatedAt: at }).where(eq(products.id, productId));
}

/** Changes a product's columns (never its stock: that goes through the inventory); answers the row after. */
export async function updateProduct(
  tx: Db,
  productId: string,
  values: Partial<Omit<typeof products.$inferInsert, 'id' | 'stock' | 'availableStock'>>,
): Promise<ProductRow | undefined> {
  const [row] = await tx.update(products).set(values).where(eq(products.id, productId)).returning();
  return row;
}

/**
 * Recomputes the search words of products (category name, tags, fabric, live colours); answers each product's
 * name and words, for the spelling dictionary.
 */
export function updateSearchKeywords(
  tx: Db,
  productIds: readonly string[],
): Promise<Array<{ id: string; name: string; keywords: string }>> {
  return selectRows<{ id: string; name: string; keywords: string }>(
    tx,
    sql`
    update ${products} p set search_keywords = concat_ws(' ',
      nullif((select c.name from ${categories} c where c.id = p.category_id), ''),
      nullif(array_to_string(p.tags, ' '), ''),
      nullif(p.fabric, ''),
      (select string_agg(distinct v.variant_color, ' ') from ${variants} v where v.product_id = p.id and v.archived_at is null))
    where p.id in (${sql.join(
      productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    returning p.id, p.name, p.search_keywords as keywords`,
  );
}

/** The back-office's product list: search, category ('none': without one), status. */
export interface AdminProductFilter {
  q?: string;
  category?: string;
  status?: ProductStatus;
}

export interface AdminProductListRow {
  id: string;
  name: string;
  slug: string;
  category_id: string | null;
  category_name: string | null;
  price_paise: number;
  discount_percent: number;
  selling_price_paise: number;
  stock: number;
  available_stock: number;
  variant_count: number;
  low_variants: number;
  status: ProductStatus;
  storage_key: string | null;
  url: string | null;
  updated_at: string | Date;
}

const ADMIN_PRODUCT_ORDER: Record<AdminProductSort, SQL> = {
  newest: sql`p.created_at desc, p.id`,
  oldest: sql`p.created_at asc, p.id`,
  name: sql`lower(p.name), p.id`,
  price_asc: sql`p.selling_price_paise asc, p.id`,
  price_desc: sql`p.selling_price_paise desc, p.id`,
  stock_asc: sql`p.available_stock asc, p.id`,
  updated: sql`p.updated_at desc, p.id`,
};

function adminProductConditions(filter: AdminProductFilter): SQL {
  const where: SQL[] = [sql`true`];
  if (filter.q) {
    const like = containsPattern(filter.q);
    // Each part a condition on products' own columns, so the planner can join their trigram indexes (migration 0030).
    where.push(
      sql`(p.name ilike ${like} or p.slug ilike ${like} or p.id = any(array(select v.product_id from ${variants} v where v.sku ilike ${like})))`,
    );
  }
  if (filter.category === 'none') where.push(sql`p.category_id is null`);
  else if (filter.category) where.push(sql`p.category_id = ${filter.category}`);
  if (filter.status) where.push(sql`p.status = ${filter.status}`);
  return sql.join(where, sql` and `);
}

/**
 * A page of the back-office's product list with each product's category, live variants (all, and those with
 * `lowStock` pieces or fewer) and cover photo, and how many products the filter has in all.
 */
export async function adminProductPage(
  db: Db,
  filter: AdminProductFilter,
  options: { sort: AdminProductSort; limit: number; offset: number; lowStock: number },
): Promise<{ rows: AdminProductListRow[]; total: number }> {
  const where = adminProductConditions(filter);
  const rows = await selectRows<AdminProductListRow & { total: number }>(
    db,
    sql`
    select p.id, p.name, p.slug, p.category_id, c.name as category_name, p.price_paise, p.discount_percent,
      p.selling_price_paise, p.stock, p.available_stock, p.status, p.updated_at,
      (select count(*)::int from ${variants} v where v.product_id = p.id and v.archived_at is null) as variant_count,
      (select count(*)::int from ${variants} v where v.product_id = p.id and v.archived_at is null and v.quantity <= ${options.lowStock}) as low_variants,
      i.storage_key, i.url, count(*) over () as total
    from ${products} p
    left join ${categories} c on c.id = p.category_id
    left join lateral (select * from ${productImages} pi where pi.product_id = p.id order by pi.position, pi.created_at limit 1) i on true
    where ${where}
    order by ${ADMIN_PRODUCT_ORDER[options.sort]} limit ${options.limit} offset ${options.offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  // A page past the end has no row to carry the count.
  if (rows.length === 0 && options.offset > 0) {
    const [counted] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${products} p where ${where}`);
    total = Number(counted?.n ?? 0);
  }
  return { rows, total };
}

/** A product with its category's name and HSN code; undefined when there is no such product. */
export async function productWithCategory(
  db: Db,
  productId: string,
): Promise<{ product: ProductRow; categoryName: string | null; categoryHsnCode: string | null; categoryPackage: PackageSize } | undefined> {
  const [found] = await db
    .select({
      product: products,
      categoryName: categories.name,
      categoryHsnCode: categories.hsnCode,
      weightGrams: categories.packageWeightGrams,
      lengthCm: categories.packageLengthCm,
      breadthCm: categories.packageBreadthCm,
      heightCm: categories.packageHeightCm,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId));
  if (!found) return undefined;
  const { product, categoryName, categoryHsnCode, ...size } = found;
  return {
    product,
    categoryName,
    categoryHsnCode,
    // A product without a category falls back to the shop's defaults (packageSizes in queries.ts).
    categoryPackage: {
      weightGrams: size.weightGrams ?? DEFAULT_PACKAGE.weightGrams,
      lengthCm: size.lengthCm ?? DEFAULT_PACKAGE.lengthCm,
      breadthCm: size.breadthCm ?? DEFAULT_PACKAGE.breadthCm,
      heightCm: size.heightCm ?? DEFAULT_PACKAGE.heightCm,
    },
  };
}

/** A product's photos in their order. */
export function productImagesOf(db: Db, productId: string): Promise<ProductImageRow[]> {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.createdAt));
}

/** A product's photos' storage keys in their order. */
export async function photoKeysOf(db: Db, productId: string): Promise<string[]> {
  const rows = await db
    .select({ key: productImages.storageKey })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.createdAt));
  return rows.map((row) => row.key);
}

/** Every stored photo's key. */
export async function allPhotoKeys(db: Db): Promise<string[]> {
  const rows = await db.select({ key: productImages.storageKey }).from(productImages).orderBy(asc(productImages.storageKey));
  return rows.map((row) => row.key);
}

/** A product's live variants in their order. */
export function liveVariantsOf(db: Db, productId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(variants)
    .where(and(eq(variants.productId, productId), isNull(variants.archivedAt)))
    .orderBy(asc(variants.position), asc(variants.createdAt));
}

/** A product's photos deleted after `since` (still restorable), the latest first. */
export function deletedImagesSince(db: Db, productId: string, since: Date): Promise<DeletedImageRow[]> {
  return db
    .select()
    .from(deletedProductImages)
    .where(and(eq(deletedProductImages.productId, productId), gt(deletedProductImages.deletedAt, since)))
    .orderBy(desc(deletedProductImages.deletedAt));
}

/** Forgets photos deleted at or before `before`; answers them, for their files to be removed. */
export function deleteDeletedImagesBefore(db: Db, before: Date): Promise<DeletedImageRow[]> {
  return db.delete(deletedProductImages).where(lte(deletedProductImages.deletedAt, before)).returning();
}

/** Puts a product's photo at `position` among its photos. */
export async function setPhotoPosition(tx: Db, productId: string, storageKey: string, position: number): Promise<void> {
  await tx
    .update(productImages)
    .set({ position })
    .where(and(eq(productImages.productId, productId), eq(productImages.storageKey, storageKey)));
}

/** Where a photo added to a product goes: after its photos. */
export async function nextPhotoPosition(tx: Db, productId: string): Promise<number> {
  const [row] = await selectRows<{ position: number }>(
    tx,
    sql`select coalesce(max(position) + 1, 0)::int as position from ${productImages} where product_id = ${productId}`,
  );
  return Number(row?.position ?? 0);
}

/** New photos of a product; answers their rows. */
export function insertProductImageRows(tx: Db, values: Array<typeof productImages.$inferInsert>): Promise<ProductImageRow[]> {
  return tx.insert(productImages).values(values).returning();
}

/** Takes a photo off its product; answers its row, or undefined when the product has no such photo. */
export async function deleteProductImage(tx: Db, productId: string, storageKey: string): Promise<ProductImageRow | undefined> {
  const [row] = await tx
    .delete(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.storageKey, storageKey)))
    .returning();
  return row;
}

/** Keeps a deleted photo for an undo. */
export async function insertDeletedImage(tx: Db, values: typeof deletedProductImages.$inferInsert): Promise<void> {
  await tx.insert(deletedProductImages).values(values);
}

/** Takes a deleted photo back out of the undo list, if it was deleted after `since`; answers its row. */
export async function takeDeletedImage(tx: Db, productId: string, storageKey: string, since: Date): Promise<DeletedImageRow | undefined> {
  const [row] = await tx
    .delete(deletedProductImages)
    .where(
      and(
        eq(deletedProductImages.productId, productId),
        eq(deletedProductImages.storageKey, storageKey),
        gt(deletedProductImages.deletedAt, since),
      ),
    )
    .returning();
  return row;
}

/** A product's photo by its id; undefined when the product has no such photo. */
export async function productImage(db: Db, productId: string, imageId: string): Promise<ProductImageRow | undefined> {
  const [row] = await db
    .select()
    .from(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.id, imageId)));
  return row;
}

/** The colour a photo shows (null: every colour). */
export async function setImageColor(tx: Db, imageId: string, color: string | null): Promise<void> {
  await tx.update(productImages).set({ variantColor: color }).where(eq(productImages.id, imageId));
}

/** A live variant colour of the product as its variants write it, matched without regard to case. */
export async function liveVariantColor(db: Db, productId: string, color: string): Promise<string | undefined> {
  const [match] = await db
    .select({ color: variants.variantColor })
    .from(variants)
    .where(and(eq(variants.productId, productId), isNull(variants.archivedAt), sql`lower(${variants.variantColor}) = lower(${color})`))
    .limit(1);
  return match?.color;
}

/** Whether the product has a live variant of this colour and size, whatever their case. */
export async function hasLiveVariant(tx: Db, productId: string, color: string, size: string): Promise<boolean> {
  const [twin] = await tx
    .select({ id: variants.id })
    .from(variants)
    .where(
      and(
        eq(variants.productId, productId),
        sql`lower(${variants.variantColor}) = lower(${color})`,
        sql`lower(${variants.variantSize}) = lower(${size})`,
        isNull(variants.archivedAt),
      ),
    );
  return twin !== undefined;
}

/** Where a variant added to a product goes: after its variants, removed ones too. */
export async function nextVariantPosition(tx: Db, productId: string): Promise<number> {
  const [row] = await selectRows<{ position: number }>(
    tx,
    sql`select coalesce(max(position) + 1, 0)::int as position from ${variants} where product_id = ${productId}`,
  );
  return Number(row?.position ?? 0);
}

/** A new variant, its quantity at 0 (the inventory sets the opening stock); answers its row. */
export async function insertVariant(
  tx: Db,
  values: Omit<typeof variants.$inferInsert, 'id' | 'quantity' | 'archivedAt'>,
): Promise<VariantRow> {
  const [row] = await tx.insert(variants).values(values).returning();
  return row!;
}

/** A live variant of the product, its row locked until the transaction ends. */
export async function lockLiveVariant(tx: Db, productId: string, variantId: string): Promise<VariantRow | undefined> {
  const [row] = await tx
    .select()
    .from(variants)
    .where(and(eq(variants.id, variantId), eq(variants.productId, productId), isNull(variants.archivedAt)))
    .for('update');
  return row;
}

/** Changes a variant's columns (never its quantity: that goes through the inventory); answers the row after. */
export async function updateVariant(
  tx: Db,
  variantId: string,
  values: Partial<Omit<typeof variants.$inferInsert, 'id' | 'productId' | 'quantity'>>,
): Promise<VariantRow> {
  const [row] = await tx.update(variants).set(values).where(eq(variants.id, variantId)).returning();
  return row!;
}

export async function deleteVariant(tx: Db, variantId: string): Promise<void> {
  await tx.delete(variants).where(eq(variants.id, variantId));
}

// ---- The catalogue CSV (csv.ts) ----

/** The live variants (id and product) of some products. */
export function liveVariantIdsOf(tx: Db, productIds: readonly string[]): Promise<Array<{ id: string; productId: string }>> {
  return tx
    .select({ id: variants.id, productId: variants.productId })
    .from(variants)
    .where(and(inArray(variants.productId, [...productIds]), isNull(variants.archivedAt)));
}

/** Locks variants' rows (or products': `kind`) in id order until the transaction ends. */
export async function lockRowsInIdOrder(tx: Db, kind: 'variant' | 'product', ids: readonly string[]): Promise<void> {
  if (kind === 'variant') {
    await tx
      .select({ id: variants.id })
      .from(variants)
      .where(inArray(variants.id, [...ids]))
      .orderBy(asc(variants.id))
      .for('update');
  } else {
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, [...ids]))
      .orderBy(asc(products.id))
      .for('update');
  }
}

/** Products by id, in id order, their rows locked until the transaction ends. */
export function lockProductRows(tx: Db, productIds: readonly string[]): Promise<ProductRow[]> {
  return tx
    .select()
    .from(products)
    .where(inArray(products.id, [...productIds]))
    .orderBy(asc(products.id))
    .for('update');
}

/** The live variants of some products in their order, their rows locked until the transaction ends. */
export function lockLiveVariantRows(tx: Db, productIds: readonly string[]): Promise<VariantRow[]> {
  return tx
    .select()
    .from(variants)
    .where(and(inArray(variants.productId, [...productIds]), isNull(variants.archivedAt)))
    .orderBy(asc(variants.position), asc(variants.createdAt), asc(variants.id))
    .for('update');
}

/** Whether a variant (live or removed) has this SKU. */
export async function skuTaken(db: Db, sku: string): Promise<boolean> {
  const [taken] = await db.select({ id: variants.id }).from(variants).where(eq(variants.sku, sku));
  return taken !== undefined;
}

/** Every product with its category's slug, oldest first. */
export function productsWithCategorySlug(db: Db): Promise<Array<{ product: ProductRow; categorySlug: string | null }>> {
  return db
    .select({ product: products, categorySlug: categories.slug })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(asc(products.createdAt), asc(products.id));
}

/** Every live variant, in each product's order. */
export function allLiveVariants(db: Db): Promise<VariantRow[]> {
  return db
    .select()
    .from(variants)
    .where(isNull(variants.archivedAt))
    .orderBy(asc(variants.position), asc(variants.createdAt), asc(variants.id));
}

/** The ids of the categories with these slugs. */
export async function categoryIdsBySlug(db: Db, slugs: readonly string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, [...slugs]));
  return new Map(rows.map((row) => [row.slug, row.id] as const));
}

/** The variants (live or removed) with these SKUs, with their product's name, by SKU. */
export async function variantsBySku(
  db: Db,
  skus: readonly string[],
): Promise<Map<string, { id: string; sku: string; productId: string; archivedAt: Date | null; product: string }>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ id: variants.id, sku: variants.sku, productId: variants.productId, archivedAt: variants.archivedAt, product: products.name })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.sku, [...skus]));
  return new Map(rows.map((row) => [row.sku, row] as const));
}
