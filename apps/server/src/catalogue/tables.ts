import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export const CATEGORY_STYLES = ['traditional', 'modern'] as const;

/** Categories, one level deep: a parent (Sarees) may have children (Silk sarees). */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    style: text('style', { enum: CATEGORY_STYLES }).notNull(),
    /** HSN code for GST invoices (6204, 6211 ...). */
    hsnCode: text('hsn_code').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** A parcel of this category's pieces, unless the product says otherwise (issue 42): grams and centimetres. */
    packageWeightGrams: integer('package_weight_grams').notNull().default(500),
    packageLengthCm: integer('package_length_cm').notNull().default(30),
    packageBreadthCm: integer('package_breadth_cm').notNull().default(25),
    packageHeightCm: integer('package_height_cm').notNull().default(5),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('categories_slug_unique').on(table.slug),
    check(
      'categories_package_check',
      sql`${table.packageWeightGrams} between 1 and 50000 and ${table.packageLengthCm} between 1 and 300 and ${table.packageBreadthCm} between 1 and 300 and ${table.packageHeightCm} between 1 and 300`,
    ),
    // One 'Sarees': names are unique whatever their case, so the dropdowns never show two alike.
    uniqueIndex('categories_name_unique').on(sql`lower(${table.name})`),
    check('categories_style_check', sql`${table.style} in ('traditional', 'modern')`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** MRP of the product without variant extras, in paise. */
    pricePaise: integer('price_paise').notNull(),
    discountPercent: smallint('discount_percent').notNull().default(0),
    /**
     * Selling price without variant extras: the 'from' price that lists are filtered and sorted on. Same
     * rule as @shop/core applyDiscount: half up to the whole rupee, never above the MRP (bigint inside so
     * a price near the integer limit cannot overflow).
     */
    sellingPricePaise: integer('selling_price_paise')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`least(${products.pricePaise}, ((${products.pricePaise}::bigint * (100 - ${products.discountPercent}) + 5000) / 10000 * 100)::integer)`,
      ),
    fabric: text('fabric').notNull().default(''),
    /** The product's own HSN code for GST (issue 26), when it differs from its category's; null: the category's. */
    hsnCode: text('hsn_code'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('draft'),
    /** The product's own parcel (issue 42), each null: its category's. Grams and centimetres. */
    packageWeightGrams: integer('package_weight_grams'),
    packageLengthCm: integer('package_length_cm'),
    packageBreadthCm: integer('package_breadth_cm'),
    packageHeightCm: integer('package_height_cm'),
    /** Stock of a product sold without variants; ignored once it has variants. */
    stock: integer('stock').notNull().default(0),
    /** Sellable units in stock: `stock`, or the sum of the variants' quantities (kept by a trigger). */
    availableStock: integer('available_stock').notNull().default(0),
    /** Category name, tags, fabric and colours: words a shopper may search by (kept by the catalogue service). */
    searchKeywords: text('search_keywords').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', ${products.name}), 'A') || setweight(to_tsvector('english', ${products.searchKeywords}), 'B') || setweight(to_tsvector('english', ${products.description}), 'C')`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_slug_unique').on(table.slug),
    check('products_price_check', sql`${table.pricePaise} >= 0`),
    check('products_discount_check', sql`${table.discountPercent} between 0 and 90`),
    check('products_stock_check', sql`${table.stock} >= 0`),
    check('products_hsn_code_check', sql`${table.hsnCode} ~ '^[0-9]{4,8}$'`),
    check('products_status_check', sql`${table.status} in ('draft', 'active', 'archived')`),
    check(
      'products_package_check',
      sql`(${table.packageWeightGrams} is null or ${table.packageWeightGrams} between 1 and 50000) and (${table.packageLengthCm} is null or ${table.packageLengthCm} between 1 and 300) and (${table.packageBreadthCm} is null or ${table.packageBreadthCm} between 1 and 300) and (${table.packageHeightCm} is null or ${table.packageHeightCm} between 1 and 300)`,
    ),
    // Listing: active products by category, newest first / by price / by discount.
    index('products_active_category_idx')
      .on(table.categoryId, table.createdAt)
      .where(sql`${table.status} = 'active'`),
    index('products_active_created_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'active'`),
    index('products_active_price_idx')
      .on(table.sellingPricePaise)
      .where(sql`${table.status} = 'active'`),
    index('products_active_discount_idx')
      .on(table.discountPercent)
      .where(sql`${table.status} = 'active'`),
    index('products_search_idx').using('gin', table.searchVector),
    // The back-office's product search: name or slug containing the words (ilike '%…%').
    index('products_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('products_slug_trgm_idx').using('gin', sql`${table.slug} gin_trgm_ops`),
  ],
);

/** A sellable unit of a product: one colour × size, with its own extra prices and stock (spec §3). */
export const variants = pgTable(
  'variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantName: text('variant_name').notNull(),
    variantColor: text('variant_color').notNull(),
    variantSize: text('variant_size').notNull(),
    variantColorPricePaise: integer('variant_color_price_paise').notNull().default(0),
    variantSizePricePaise: integer('variant_size_price_paise').notNull().default(0),
    variantDescription: text('variant_description').notNull().default(''),
    quantity: integer('quantity').notNull().default(0),
    sku: text('sku').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A removed variant that was ordered stays for the order history, with no stock, out of the storefront. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('variants_sku_unique').on(table.sku),
    // Among live variants: an archived Red M does not stop a new Red M.
    uniqueIndex('variants_product_color_size_unique')
      .on(table.productId, table.variantColor, table.variantSize)
      .where(sql`${table.archivedAt} is null`),
    index('variants_size_idx').on(table.variantSize, table.productId),
    index('variants_color_idx').on(table.variantColor, table.productId),
    // The counter's scanned SKU, whatever its case; SKUs and variant names containing the words (product search, counter).
    index('variants_sku_lower_idx').on(sql`lower(${table.sku})`),
    index('variants_sku_trgm_idx').using('gin', sql`${table.sku} gin_trgm_ops`),
    index('variants_name_trgm_idx').using('gin', sql`${table.variantName} gin_trgm_ops`),
    check('variants_quantity_check', sql`${table.quantity} >= 0`),
    check('variants_prices_check', sql`${table.variantColorPricePaise} >= 0 and ${table.variantSizePricePaise} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The spec's public_id: where the image lives in the media store. */
    storageKey: text('storage_key').notNull(),
    /** The spec's secure_url: the default (640 px) rendition. */
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    /** Photos of one colour are shown when the shopper picks that colour; null: any colour. */
    variantColor: text('variant_color'),
    position: integer('position').notNull().default(0),
    /** Whether the AVIF renditions are written (photo-encoder.ts); pages offer them only then. */
    avif: boolean('avif').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_images_storage_key_unique').on(table.storageKey),
    index('product_images_product_idx').on(table.productId, table.position),
  ],
);

/**
 * Photos deleted from a product (issue 26), kept with their files for PHOTO_UNDO_HOURS so the owner can undo the
 * delete: restorePhoto puts the row back where it was. Older ones are purged, files and all.
 */
export const deletedProductImages = pgTable(
  'deleted_product_images',
  {
    /** The photo's own id, kept so a restored photo is the same photo. */
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    variantColor: text('variant_color'),
    /** Where it stood among the product's photos: a restore puts it back there. */
    position: integer('position').notNull(),
    avif: boolean('avif').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('deleted_product_images_storage_key_unique').on(table.storageKey),
    index('deleted_product_images_product_idx').on(table.productId, table.deletedAt),
    index('deleted_product_images_deleted_idx').on(table.deletedAt),
  ],
);

/** Words of product names, categories, tags, fabrics and colours: the dictionary typo correction matches against. */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});
