import { averageRating, mediaSrcset, type Category, type ImageView, type PackageSize, type ProductCard } from '@shop/core';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { containsPattern, pgArray, selectRows, type Db } from '../db/database.js';
import { sqlStatement } from '../db/statements.js';
import { productRatingColumn } from '../reviews/queries.js';
import { SPELLING_VARIANTS, queryWords } from './search-terms.js';
import { categories, productImages, products, searchWords, variants } from './tables.js';

// SQL of the storefront catalogue and the mapping of its rows to the API's shapes. No rules live here.

/**
 * Groups of alternatives per query word: the word, its known spelling variant, or else (for a word the
 * catalogue does not use) the closest dictionary words. Known words cost one primary-key lookup; only
 * unknown ones are compared by trigram similarity.
 */
export async function searchGroups(db: Db, q: string): Promise<string[][]> {
  const words = queryWords(q);
  const groups = await wordGroups(db, words);
  return words.map((word) => groups.get(word)!);
}

/** searchGroups' alternatives for each of `words` (as queryWords gives them), by word. */
export async function wordGroups(db: Db, words: readonly string[]): Promise<Map<string, string[]>> {
  if (words.length === 0) return new Map();
  const unknown = words.filter((word) => !SPELLING_VARIANTS[word]);
  const known =
    unknown.length === 0
      ? new Set<string>()
      : new Set(
          (await selectRows<{ word: string }>(db, sql`select word from ${searchWords} where word = any(${pgArray(unknown)}::text[])`)).map(
            (row) => row.word,
          ),
        );
  const misspelt = unknown.filter((word) => !known.has(word));
  const rows =
    misspelt.length === 0
      ? []
      : await selectRows<{ input: string; match: string }>(
          db,
          sql`
          select q.word as input, w.word as match
          from unnest(${pgArray(misspelt)}::text[]) as q(word)
          cross join lateral (
            select word from ${searchWords} where word % q.word order by similarity(word, q.word) desc, word limit 2
          ) w`,
        );
  return new Map(
    words.map((word) => {
      const group = new Set([word]);
      const variant = SPELLING_VARIANTS[word];
      if (variant) group.add(variant);
      for (const row of rows) if (row.input === word) group.add(row.match);
      return [word, [...group]];
    }),
  );
}

interface CardRow {
  id: string;
  name: string;
  slug: string;
  price_paise: number;
  discount_percent: number;
  selling_price_paise: number;
  available_stock: number;
  created_at: string | Date;
  category_id: string | null;
  category_name: string | null;
  category_slug: string | null;
  colors: string[] | null;
  image_id: string | null;
  storage_key: string | null;
  url: string | null;
  width: number | null;
  height: number | null;
  alt: string | null;
  image_color: string | null;
  image_avif: boolean | null;
  /** Its visible reviews' stars (reviews/queries.ts productRatingColumn). */
  rating: { sum: number | string; count: number | string } | null;
}

export function toCard(row: CardRow): ProductCard {
  return {
    _id: row.id,
    productName: row.name,
    slug: row.slug,
    category: row.category_id ? { _id: row.category_id, categoryName: row.category_name ?? '', slug: row.category_slug ?? '' } : null,
    productPrice: Number(row.price_paise),
    productDiscount: Number(row.discount_percent),
    sellingPrice: Number(row.selling_price_paise),
    inStock: Number(row.available_stock) > 0,
    colors: row.colors ?? [],
    image:
      row.image_id && row.storage_key
        ? {
            _id: row.image_id,
            public_id: row.storage_key,
            secure_url: row.url ?? '',
            srcset: mediaSrcset(row.storage_key),
            avifSrcset: row.image_avif ? mediaSrcset(row.storage_key, 'avif') : null,
            width: Number(row.width),
            height: Number(row.height),
            alt: row.alt ?? '',
            variantColor: row.image_color,
          }
        : null,
    createdAt: new Date(row.created_at).toISOString(),
    rating: { average: averageRating(Number(row.rating?.sum ?? 0), Number(row.rating?.count ?? 0)), count: Number(row.rating?.count ?? 0) },
  };
}

/** The card's columns of a product row `p`: its category, live colours and first photo. */
const cardColumns = sql`
  p.id, p.name, p.slug, p.price_paise, p.discount_percent, p.selling_price_paise, p.available_stock, p.created_at,
  c.id as category_id, c.name as category_name, c.slug as category_slug,
  (select array_agg(distinct v.variant_color order by v.variant_color) from ${variants} v where v.product_id = p.id and v.archived_at is null) as colors,
  i.id as image_id, i.storage_key, i.url, i.width, i.height, i.alt, i.variant_color as image_color, i.avif as image_avif,
  ${productRatingColumn(sql`p.id`)} as rating`;

const cardJoins = sql`
  left join ${categories} c on c.id = p.category_id
  left join lateral (select * from ${productImages} pi where pi.product_id = p.id order by pi.position, pi.created_at limit 1) i on true`;

/** Cards for the given ids, in that order; ids not found (or not active, with `activeOnly`) are left out. */
export async function cardsByIds(db: Db, ids: string[], options: { activeOnly?: boolean } = {}): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows<CardRow>(
    db,
    sql`select ${cardColumns} from ${products} p ${cardJoins}
    where p.id = any(${pgArray(ids)}::uuid[])${options.activeOnly ? sql` and p.status = 'active'` : sql``}`,
  );
  const byId = new Map(rows.map((row) => [row.id, toCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A card row with what the listing index filters and sorts on. */
export interface ListingRow extends CardRow {
  category_style: 'traditional' | 'modern' | null;
  category_position: number | null;
  parent_slug: string | null;
  parent_name: string | null;
  parent_position: number | null;
  /** created_at in microseconds since 1970, as text (bigint). */
  created_micros: string;
  variants: Array<{ size: string; color: string; quantity: number }> | null;
  /** The first photo of each colour that has its own (issue 28): a card under that colour's filter shows it. */
  colour_images: Array<{
    id: string;
    storage_key: string;
    url: string;
    width: number;
    height: number;
    alt: string;
    variant_color: string;
    avif: boolean;
  }> | null;
  /** The search vector as PostgreSQL writes it ('dress':4A,5B 'ikat':1A). */
  search_text: string;
  /** The md5 of the row above as text (listingFingerprints). */
  fingerprint: string;
}

/** The listing index's select of the active products (all, or those of `ids`), one row each. */
const listingSelect = (ids?: readonly string[]) =>
  sql`select ${cardColumns}, c.style as category_style, c.position as category_position, parent.slug as parent_slug, parent.name as parent_name, parent.position as parent_position,
        (extract(epoch from p.created_at) * 1000000)::bigint::text as created_micros, p.search_vector::text as search_text,
        (select json_agg(json_build_object('size', v.variant_size, 'color', v.variant_color, 'quantity', v.quantity))
           from ${variants} v where v.product_id = p.id and v.archived_at is null) as variants,
        (select json_agg(ci) from (
           select distinct on (lower(cp.variant_color)) cp.id, cp.storage_key, cp.url, cp.width, cp.height, cp.alt, cp.variant_color, cp.avif
           from ${productImages} cp where cp.product_id = p.id and cp.variant_color is not null
           order by lower(cp.variant_color), cp.position, cp.created_at) ci) as colour_images
      from ${products} p ${cardJoins}
      left join ${categories} parent on parent.id = c.parent_id
      where p.status = 'active'${ids ? sql` and p.id = any(${pgArray([...ids])}::uuid[])` : sql``}`;

/**
 * Active products for the listing index: all of them, or those of `ids` that are active; each with its fingerprint,
 * as listingFingerprints gives it.
 */
export async function listingRows(db: Db, ids?: readonly string[]): Promise<ListingRow[]> {
  if (ids && ids.length === 0) return [];
  return selectRows<ListingRow>(db, sql`select l.*, md5(l::text) as fingerprint from (${listingSelect(ids)}) l`);
}

/**
 * Every active product's fingerprint, by id: the md5 of its listing row as text, which changes with anything the
 * index holds of it. Only ids and hashes travel; the index compares them with its own (a safety round).
 */
export async function listingFingerprints(db: Db): Promise<Map<string, string>> {
  const rows = await selectRows<{ id: string; fingerprint: string }>(
    db,
    sql`select l.id, md5(l::text) as fingerprint from (${listingSelect()}) l`,
  );
  return new Map(rows.map((row) => [row.id, row.fingerprint]));
}

/**
 * Each word's lexemes as PostgreSQL's 'english' configuration makes them (to_tsquery stems its words the same
 * way): none for a stop word, one for a plain word.
 */
export async function lexemesOf(db: Db, words: readonly string[]): Promise<Map<string, string[]>> {
  if (words.length === 0) return new Map();
  const rows = await selectRows<{ word: string; lexemes: string[] }>(
    db,
    sql`select w as word, tsvector_to_array(to_tsvector('english', w)) as lexemes from unnest(${pgArray([...words])}::text[]) as w`,
  );
  return new Map(rows.map((row) => [row.word, row.lexemes]));
}

/** Active products matching a search, with their rank (0 unless `ranked`: the rank costs time). */
export async function searchMatches(db: Db, tsQuery: string, ranked: boolean): Promise<Map<string, number>> {
  const rows = await selectRows<{ id: string; rank: number }>(
    db,
    sql`select p.id, ${ranked ? sql`ts_rank_cd(p.search_vector, to_tsquery('english', ${tsQuery}))` : sql`0`}::float8 as rank
    from ${products} p where p.status = 'active' and p.search_vector @@ to_tsquery('english', ${tsQuery})`,
  );
  return new Map(rows.map((row) => [row.id, Number(row.rank)]));
}

export async function imagesOf(db: Db, productId: string): Promise<ImageView[]> {
  const rows = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.createdAt));
  return rows.map((row) => ({
    _id: row.id,
    public_id: row.storageKey,
    secure_url: row.url,
    srcset: mediaSrcset(row.storageKey),
    avifSrcset: row.avif ? mediaSrcset(row.storageKey, 'avif') : null,
    width: row.width,
    height: row.height,
    alt: row.alt,
    variantColor: row.variantColor,
  }));
}

export interface CategoryWithCounts {
  category: Omit<Category, 'productCount'>;
  /** Its products' default parcel (g, cm; migration 0040). */
  package: PackageSize;
  activeProducts: number;
  allProducts: number;
  children: number;
}

/**
 * Every category in the shop's order with its products counted: `activeProducts` (what the storefront lists) and
 * `allProducts` (drafts and archived too: what keeps the back-office from deleting it), and its sub-categories.
 * With `categoryId`, that one category only.
 */
export async function categoriesWithCounts(db: Db, categoryId?: string): Promise<CategoryWithCounts[]> {
  const rows = await selectRows<{
    id: string;
    name: string;
    slug: string;
    style: 'traditional' | 'modern';
    parent_id: string | null;
    hsn_code: string;
    description: string;
    package_weight_grams: number;
    package_length_cm: number;
    package_breadth_cm: number;
    package_height_cm: number;
    active_products: number;
    all_products: number;
    children: number;
  }>(
    db,
    sql`
    select c.id, c.name, c.slug, c.style, c.parent_id, c.hsn_code, c.description,
      c.package_weight_grams, c.package_length_cm, c.package_breadth_cm, c.package_height_cm,
      coalesce(p.active, 0) as active_products, coalesce(p.total, 0) as all_products, coalesce(child.total, 0) as children
    from ${categories} c
    left join (
      select category_id, count(*)::int as total, (count(*) filter (where status = 'active'))::int as active
      from ${products} group by category_id
    ) p on p.category_id = c.id
    left join (
      select parent_id, count(*)::int as total from ${categories} where parent_id is not null group by parent_id
    ) child on child.parent_id = c.id
    ${categoryId ? sql`where c.id = ${categoryId}` : sql``}
    order by c.style desc, c.position, c.name`,
  );
  return rows.map((row) => ({
    category: {
      _id: row.id,
      categoryName: row.name,
      slug: row.slug,
      style: row.style,
      parentId: row.parent_id,
      hsnCode: row.hsn_code,
      description: row.description,
    },
    package: {
      weightGrams: Number(row.package_weight_grams),
      lengthCm: Number(row.package_length_cm),
      breadthCm: Number(row.package_breadth_cm),
      heightCm: Number(row.package_height_cm),
    },
    activeProducts: Number(row.active_products),
    allProducts: Number(row.all_products),
    children: Number(row.children),
  }));
}

/** The product row of an active product, or undefined. */
export async function activeProductRow(db: Db, productId: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(sql`${products.id} = ${productId} and ${products.status} = 'active'`);
  return row;
}

export async function variantRowsOf(db: Db, productId: string) {
  return db
    .select()
    .from(variants)
    .where(and(eq(variants.productId, productId), isNull(variants.archivedAt)))
    .orderBy(asc(variants.position), asc(variants.createdAt));
}

/** Best matches for the search box. */
export async function suggestedIds(db: Db, tsQuery: string, limit: number): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`
    select p.id from ${products} p where p.status = 'active' and p.search_vector @@ to_tsquery('english', ${tsQuery})
    order by ts_rank_cd(p.search_vector, to_tsquery('english', ${tsQuery})) desc, p.created_at desc limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

export async function suggestedCategories(db: Db, tsQuery: string, limit: number): Promise<Array<{ slug: string; name: string }>> {
  return selectRows<{ slug: string; name: string }>(
    db,
    sql`
    select c.slug, c.name from ${categories} c
    where to_tsvector('english', c.name) @@ to_tsquery('english', ${tsQuery}) order by c.position limit ${limit}`,
  );
}

/** Same category first, then in stock, then nearest in price. */
export async function relatedIds(db: Db, productId: string, limit: number): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`
    select p.id from ${products} p, ${products} me
    where me.id = ${productId} and p.id <> me.id and p.status = 'active'
    order by (p.category_id is not distinct from me.category_id) desc, (p.available_stock > 0) desc,
      abs(p.selling_price_paise - me.selling_price_paise), p.id
    limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

export async function sitemapRows(db: Db) {
  const [productRows, categoryRows] = await Promise.all([
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.status, 'active'))
      .orderBy(asc(products.createdAt)),
    db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.position)),
  ]);
  return { products: productRows, categories: categoryRows };
}

export async function productCount(db: Db): Promise<number> {
  const rows = await selectRows<{ count: number }>(db, sql`select count(*)::int as count from ${products}`);
  return Number(rows[0]?.count ?? 0);
}

/**
 * Dictionary words nearest to the query's words (for 'no results': 'Did you mean …'), best first, without the
 * words themselves. Runs only when a search found nothing, so scanning the small dictionary is fine here.
 */
export async function nearestWords(db: Db, q: string, limit: number): Promise<string[]> {
  const words = queryWords(q);
  if (words.length === 0) return [];
  const rows = await selectRows<{ word: string }>(
    db,
    sql`select w.word from ${searchWords} w, unnest(${pgArray(words)}::text[]) as q(word)
        where length(w.word) > 2 and w.word <> all(${pgArray(words)}::text[]) and similarity(w.word, q.word) > 0.2
        group by w.word order by max(similarity(w.word, q.word)) desc, w.word limit ${limit}`,
  );
  return rows.map((row) => row.word);
}

/** What a cart line or an order needs of its product: price parts, stock, category and its first photo. */
export interface LineProductRow {
  product_id: string;
  product_name: string;
  product_description: string;
  product_status: string;
  price_paise: number;
  discount_percent: number;
  product_stock: number;
  has_variants: boolean;
  category_id: string | null;
  category_name: string | null;
  hsn_code: string | null;
  image_url: string | null;
}

/** What a cart line or an order needs of its variant. */
export interface LineVariantRow {
  variant_id: string;
  variant_name: string | null;
  variant_color: string | null;
  variant_size: string | null;
  variant_color_price_paise: number | null;
  variant_size_price_paise: number | null;
  variant_quantity: number | null;
  sku: string | null;
}

/** What a cart line needs of its product and, when it names a live one, its variant; `image_url` is the line's photo. */
export type LineDetailRow = LineProductRow & { [K in keyof LineVariantRow]: LineVariantRow[K] | null };

// Every add to the cart and every order read their lines this way: one statement, built once (db/statements.ts).
// `want` lists each product with its variant (null for none) as VALUES, so there is one statement per number of
// lines (a cart holds at most MAX_CART_LINES): PostgreSQL then knows how many rows it joins whatever the values, and
// keeps one generic plan per connection. With the lines as two arrays (unnest) it could not know their number
// before seeing them, so it planned every call afresh: 0.36 ms of its CPU each time, an eighth of its work for a
// paid order (ADR 030). A line's photo is the first (by position) of its variant's colour, compared without regard
// to case (issue 28), else the product's first.
const lineDetailsQuery = (count: number) => sql`
    select p.id as product_id, p.name as product_name, p.description as product_description, p.status as product_status,
      p.price_paise, p.discount_percent, p.stock as product_stock,
      exists (select 1 from ${variants} pv where pv.product_id = p.id) as has_variants,
      c.id as category_id, c.name as category_name, coalesce(p.hsn_code, c.hsn_code) as hsn_code,
      coalesce(
        (select pi.url from ${productImages} pi
          where pi.product_id = p.id and v.variant_color is not null and lower(pi.variant_color) = lower(v.variant_color)
          order by pi.position, pi.created_at limit 1),
        (select pi.url from ${productImages} pi where pi.product_id = p.id order by pi.position, pi.created_at limit 1)
      ) as image_url,
      v.id as variant_id, v.variant_name, v.variant_color, v.variant_size,
      v.variant_color_price_paise, v.variant_size_price_paise, v.quantity as variant_quantity, v.sku,
      want.variant_id as want_variant_id
    from (values ${sql.join(
      Array.from({ length: count }, (_, i) => sql`(${sql.placeholder(`product${i}`)}::uuid, ${sql.placeholder(`variant${i}`)}::uuid)`),
      sql`, `,
    )}) as want(product_id, variant_id)
    join ${products} p on p.id = want.product_id
    left join ${categories} c on c.id = p.category_id
    left join ${variants} v on v.id = want.variant_id and v.archived_at is null`;
type LineDetailsStatement = (
  db: Db,
  values: Record<string, string | null>,
) => Promise<Array<LineDetailRow & { want_variant_id: string | null }>>;
const lineDetailsStatements = new Map<number, LineDetailsStatement>();
function lineDetailsStatement(count: number): LineDetailsStatement {
  let run = lineDetailsStatements.get(count);
  if (!run) lineDetailsStatements.set(count, (run = sqlStatement(`line_details_${count}`, lineDetailsQuery(count))));
  return run;
}
const sellableStatement = sqlStatement<
  { status: string; stock: number; has_variants: boolean; variant_id: string | null; variant_quantity: number | null },
  { productId: string; variantId: string | null }
>(
  'sellable_row',
  sql`
    select p.status, p.stock, exists (select 1 from ${variants} pv where pv.product_id = p.id) as has_variants,
      v.id as variant_id, v.quantity as variant_quantity
    from ${products} p
    left join ${variants} v on v.id = ${sql.placeholder('variantId')}::uuid and v.product_id = p.id and v.archived_at is null
    where p.id = ${sql.placeholder('productId')}`,
);

/** The key of lineDetails' answer: a product and its variant (none: null). */
export const lineKey = (productId: string, variantId: string | null) => `${productId}:${variantId ?? ''}`;

/**
 * Products (any status) and their live variants, as cart lines name them, keyed by lineKey: what pricing and the
 * cart page need of each. A product that is gone is missing; a variant archived or gone answers its product
 * with the variant's fields null.
 */
export async function lineDetails(
  db: Db,
  wanted: ReadonlyArray<{ productId: string; variantId: string | null }>,
): Promise<Map<string, LineDetailRow>> {
  if (wanted.length === 0) return new Map();
  const values: Record<string, string | null> = {};
  wanted.forEach((line, i) => {
    values[`product${i}`] = line.productId;
    values[`variant${i}`] = line.variantId;
  });
  const rows = await lineDetailsStatement(wanted.length)(db, values);
  return new Map(rows.map(({ want_variant_id, ...row }) => [lineKey(row.product_id, want_variant_id), row]));
}

/** The product (and variant) a shopper wants to add, with its stock; undefined when there is no such product. */
export async function sellableRow(db: Db, productId: string, variantId: string | undefined) {
  const rows = await sellableStatement(db, { productId, variantId: variantId ?? null });
  return rows[0];
}

/** What a bill line needs of its product and variant: price parts, stock, SKU, category and HSN. */
export interface BillableRow {
  product_id: string;
  product_name: string;
  status: string;
  price_paise: number;
  discount_percent: number;
  product_stock: number;
  has_variants: boolean;
  category_name: string | null;
  /** The product's own category: a coupon limited to categories reads it (issue 41). */
  category_id: string | null;
  hsn_code: string | null;
  image_url: string | null;
  variant_id: string | null;
  variant_name: string | null;
  variant_color_price_paise: number | null;
  variant_size_price_paise: number | null;
  variant_quantity: number | null;
  sku: string | null;
}

const billableColumns = sql`
  p.id as product_id, p.name as product_name, p.status, p.price_paise, p.discount_percent, p.stock as product_stock,
  exists (select 1 from ${variants} pv where pv.product_id = p.id and pv.archived_at is null) as has_variants,
  coalesce(parent.name, c.name) as category_name, p.category_id, coalesce(p.hsn_code, c.hsn_code) as hsn_code,
  (select pi.url from ${productImages} pi where pi.product_id = p.id order by pi.position, pi.created_at limit 1) as image_url,
  v.id as variant_id, v.variant_name, v.variant_color_price_paise, v.variant_size_price_paise, v.quantity as variant_quantity, v.sku`;

const billableJoins = sql`
  left join ${categories} c on c.id = p.category_id
  left join ${categories} parent on parent.id = c.parent_id`;

/** One product (and variant) as a counter bill's line sees it; undefined when there is none. */
export async function billableRow(db: Db, productId: string, variantId: string | undefined): Promise<BillableRow | undefined> {
  const [row] = await selectRows<BillableRow>(
    db,
    sql`select ${billableColumns}
        from ${products} p
        left join ${variants} v on v.product_id = p.id and v.id = ${variantId ?? null} and v.archived_at is null
        ${billableJoins}
        where p.id = ${productId}`,
  );
  return row;
}

/**
 * What the counter finds for a typed name or a scanned SKU: an exact SKU first, then names that contain the
 * words; each live variant is its own line, a product without variants is one line. Archived products are left out.
 */
export async function findBillable(db: Db, q: string, limit = 12): Promise<BillableRow[]> {
  const like = containsPattern(q);
  return selectRows<BillableRow>(
    db,
    sql`select ${billableColumns}
        from ${products} p
        left join ${variants} v on v.product_id = p.id and v.archived_at is null
        ${billableJoins}
        where p.status <> 'archived'
          and (lower(v.sku) = lower(${q}) or p.name ilike ${like} or v.sku ilike ${like} or v.variant_name ilike ${like})
          -- The same match as products' ids, which their and the variants' indexes find (migration 0030); the
          -- condition above, across the two tables, can use none.
          and p.id = any(array(
            select id from ${products} where name ilike ${like}
            union all
            select product_id from ${variants}
            where archived_at is null and (lower(sku) = lower(${q}) or sku ilike ${like} or variant_name ilike ${like})))
        order by (lower(v.sku) = lower(${q})) desc nulls last, p.name, v.position, v.variant_name
        limit ${limit}`,
  );
}

/** Live variants of products not archived with `threshold` pieces or fewer: those sold out, and those with some left. */
export async function lowStockVariantCount(db: Db, threshold: number): Promise<{ soldOut: number; runningLow: number }> {
  const [row] = await selectRows<{ sold_out: number; running_low: number }>(
    db,
    sql`select count(*) filter (where v.quantity <= 0)::int as sold_out, count(*) filter (where v.quantity > 0)::int as running_low
        from ${variants} v join ${products} p on p.id = v.product_id
        where v.archived_at is null and p.status <> 'archived' and v.quantity <= ${threshold}`,
  );
  return { soldOut: Number(row?.sold_out ?? 0), runningLow: Number(row?.running_low ?? 0) };
}

/**
 * The emptiest shelves of active products (live variants, and products sold without variants) at `threshold` or
 * below: those running low first (the ones to restock before they sell out; issue 40), then those sold out.
 */
export async function lowStockShelves(
  db: Db,
  threshold: number,
  limit: number,
): Promise<
  Array<{ productId: string; variantId: string | null; name: string; variantName: string | null; sku: string | null; stock: number }>
> {
  const rows = await selectRows<{
    product_id: string;
    variant_id: string | null;
    name: string;
    variant_name: string | null;
    sku: string | null;
    stock: number;
  }>(
    db,
    sql`select * from (
          select p.id as product_id, v.id as variant_id, p.name, v.variant_name, v.sku, v.quantity as stock
          from ${variants} v join ${products} p on p.id = v.product_id
          where v.archived_at is null and p.status = 'active' and v.quantity <= ${threshold}
          union all
          select p.id, null, p.name, null, null, p.stock
          from ${products} p
          where p.status = 'active' and p.stock <= ${threshold}
            and not exists (select 1 from ${variants} v where v.product_id = p.id and v.archived_at is null)
        ) s order by stock <= 0, stock, name, variant_name limit ${limit}`,
  );
  return rows.map((row) => ({
    productId: row.product_id,
    variantId: row.variant_id,
    name: row.name,
    variantName: row.variant_name,
    sku: row.sku,
    stock: Number(row.stock),
  }));
}

/** Products' names by id (products deleted since are left out). */
export async function productNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows<{ id: string; name: string }>(
    db,
    sql`select id, name from ${products} where id = any(${pgArray([...new Set(ids)])}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The slugs of these categories by id (a category that does not exist is not in the map). */
export async function categorySlugs(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.slug]));
}

/** The default parcel of a product with no category (a category's own defaults, migration 0040). */
export const DEFAULT_PACKAGE: PackageSize = { weightGrams: 500, lengthCm: 30, breadthCm: 25, heightCm: 5 };

/**
 * Each product's parcel (issue 42): its own weight and sizes where set, else its category's, else the defaults.
 * A product that no longer exists is not in the map.
 */
export async function packageSizes(db: Db, productIds: readonly string[]): Promise<Map<string, PackageSize>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      weightGrams: sql<number>`coalesce(${products.packageWeightGrams}, ${categories.packageWeightGrams}, ${DEFAULT_PACKAGE.weightGrams})`,
      lengthCm: sql<number>`coalesce(${products.packageLengthCm}, ${categories.packageLengthCm}, ${DEFAULT_PACKAGE.lengthCm})`,
      breadthCm: sql<number>`coalesce(${products.packageBreadthCm}, ${categories.packageBreadthCm}, ${DEFAULT_PACKAGE.breadthCm})`,
      heightCm: sql<number>`coalesce(${products.packageHeightCm}, ${categories.packageHeightCm}, ${DEFAULT_PACKAGE.heightCm})`,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(
    rows.map(({ id, ...size }) => [
      id,
      {
        weightGrams: Number(size.weightGrams),
        lengthCm: Number(size.lengthCm),
        breadthCm: Number(size.breadthCm),
        heightCm: Number(size.heightCm),
      },
    ]),
  );
}
