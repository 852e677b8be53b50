import {
  PRICE_BANDS,
  compareSizes,
  mediaSrcset,
  type Category,
  type Facets,
  type ImageView,
  type ProductCard,
  type ProductQuery,
  type ProductSort,
} from '@shop/core';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { pgArray, selectRows, type Db } from '../db/database.js';
import { SPELLING_VARIANTS, queryWords } from './search-terms.js';
import { categories, productImages, products, searchWords, variants } from './tables.js';

// SQL of the storefront catalogue and the mapping of its rows to the API's shapes. No rules live here.

/** The filters that have facet counts of their own: each group's counts ignore its own filter. */
export type FacetGroup = 'category' | 'size' | 'color' | 'price';

/** Groups of alternatives per query word: the word, its known spelling variant, close dictionary words. */
export async function searchGroups(db: Db, q: string): Promise<string[][]> {
  const words = queryWords(q);
  if (words.length === 0) return [];
  const rows = await selectRows<{ input: string; match: string; exact: boolean }>(
    db,
    sql`
    select q.word as input, w.word as match, w.word = q.word as exact
    from unnest(${pgArray(words)}::text[]) as q(word)
    cross join lateral (
      select word from ${searchWords} where word % q.word order by similarity(word, q.word) desc, word limit 2
    ) w`,
  );
  return words.map((word) => {
    const group = new Set([word]);
    const variant = SPELLING_VARIANTS[word];
    if (variant) group.add(variant);
    const matches = rows.filter((row) => row.input === word);
    if (!variant && !matches.some((row) => row.exact)) for (const row of matches) group.add(row.match);
    return [...group];
  });
}

/** WHERE conditions for a query; `except` leaves one filter out, for that filter's own facet counts. */
function conditions(query: ProductQuery, tsQuery: string | null, except?: FacetGroup): SQL[] {
  const where: SQL[] = [sql`p.status = 'active'`];
  if (tsQuery) where.push(sql`p.search_vector @@ to_tsquery('english', ${tsQuery})`);
  if (query.style) where.push(sql`p.category_id in (select id from ${categories} where style = ${query.style})`);
  if (except !== 'category' && query.category.length > 0) {
    // A parent category includes its children.
    where.push(sql`p.category_id in (
      select c.id from ${categories} c left join ${categories} parent on parent.id = c.parent_id
      where c.slug = any(${pgArray(query.category)}::text[]) or parent.slug = any(${pgArray(query.category)}::text[]))`);
  }
  const stockCondition = query.inStock ? sql` and v.quantity > 0` : sql``;
  // A size filter means 'available in that size': a sold-out size does not match.
  if (except !== 'size' && query.size.length > 0) {
    where.push(
      sql`exists (select 1 from ${variants} v where v.product_id = p.id and v.archived_at is null and v.quantity > 0 and v.variant_size = any(${pgArray(query.size)}::text[]))`,
    );
  }
  if (except !== 'color' && query.color.length > 0) {
    where.push(
      sql`exists (select 1 from ${variants} v where v.product_id = p.id and v.archived_at is null and lower(v.variant_color) = any(${pgArray(query.color.map((c) => c.toLowerCase()))}::text[])${stockCondition})`,
    );
  }
  if (except !== 'price') {
    if (query.minPrice !== undefined) where.push(sql`p.selling_price_paise >= ${query.minPrice}`);
    if (query.maxPrice !== undefined) where.push(sql`p.selling_price_paise <= ${query.maxPrice}`);
  }
  if (query.minDiscount !== undefined) where.push(sql`p.discount_percent >= ${query.minDiscount}`);
  if (query.inStock) where.push(sql`p.available_stock > 0`);
  return where;
}

const whereOf = (query: ProductQuery, tsQuery: string | null, except?: FacetGroup) =>
  sql.join(conditions(query, tsQuery, except), sql` and `);

function orderBy(sort: ProductSort, tsQuery: string | null): SQL {
  switch (sort) {
    case 'newest':
      return sql`p.created_at desc, p.id`;
    case 'price_asc':
      return sql`p.selling_price_paise asc, p.id`;
    case 'price_desc':
      return sql`p.selling_price_paise desc, p.id`;
    case 'discount':
      return sql`p.discount_percent desc, p.created_at desc, p.id`;
    case 'relevance':
      return tsQuery
        ? sql`ts_rank_cd(p.search_vector, to_tsquery('english', ${tsQuery})) desc, (p.available_stock > 0) desc, p.created_at desc, p.id`
        : sql`(p.available_stock > 0) desc, p.created_at desc, p.id`;
  }
}

/** Ids of one page of matching products, in the asked order, and how many match in all. */
export async function pageOfIds(
  db: Db,
  query: ProductQuery,
  tsQuery: string | null,
  page: { limit: number; offset: number; sort: ProductSort },
): Promise<{ ids: string[]; total: number }> {
  const rows = await selectRows<{ id: string; total: number }>(
    db,
    sql`
    select p.id, count(*) over () as total from ${products} p
    where ${whereOf(query, tsQuery)}
    order by ${orderBy(page.sort, tsQuery)} limit ${page.limit} offset ${page.offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page.offset > 0) {
    // Past the last page: still say how many there are, so the page can offer a way back.
    const count = await selectRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from ${products} p where ${whereOf(query, tsQuery)}`,
    );
    total = Number(count[0]?.total ?? 0);
  }
  return { ids: rows.map((row) => row.id), total };
}

/** Counts per category, size, colour and price band; each group under every filter but its own. */
export async function facetCounts(db: Db, query: ProductQuery, tsQuery: string | null): Promise<Facets> {
  const bandColumns = sql.join(
    PRICE_BANDS.map((band, index) =>
      band.max === null
        ? sql`count(*) filter (where p.selling_price_paise >= ${band.min}) as ${sql.raw(`b${index}`)}`
        : sql`count(*) filter (where p.selling_price_paise between ${band.min} and ${band.max}) as ${sql.raw(`b${index}`)}`,
    ),
    sql`, `,
  );
  const [categoryRows, sizeRows, colorRows, bandRows] = await Promise.all([
    selectRows<{ slug: string; name: string; count: number }>(
      db,
      sql`
      select c.slug, c.name, count(*)::int as count from ${products} p join ${categories} c on c.id = p.category_id
      where ${whereOf(query, tsQuery, 'category')} group by c.slug, c.name, c.position order by c.position, c.name`,
    ),
    selectRows<{ value: string; count: number }>(
      db,
      sql`
      select v.variant_size as value, count(distinct p.id)::int as count from ${products} p
      join ${variants} v on v.product_id = p.id and v.archived_at is null and v.quantity > 0
      where ${whereOf(query, tsQuery, 'size')} group by v.variant_size`,
    ),
    selectRows<{ value: string; count: number }>(
      db,
      sql`
      select v.variant_color as value, count(distinct p.id)::int as count from ${products} p join ${variants} v on v.product_id = p.id and v.archived_at is null
      where ${whereOf(query, tsQuery, 'color')} group by v.variant_color order by count desc, value`,
    ),
    selectRows<Record<string, number | string>>(
      db,
      sql`select ${bandColumns} from ${products} p where ${whereOf(query, tsQuery, 'price')}`,
    ),
  ]);
  const bands = bandRows[0] ?? {};
  return {
    categories: categoryRows.map((row) => ({ ...row, count: Number(row.count) })),
    sizes: sizeRows.map((row) => ({ ...row, count: Number(row.count) })).sort((a, b) => compareSizes(a.value, b.value)),
    colors: colorRows.map((row) => ({ ...row, count: Number(row.count) })),
    priceBands: PRICE_BANDS.map((band, index) => ({ min: band.min, max: band.max, count: Number(bands[`b${index}`] ?? 0) })),
  };
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
}

function toCard(row: CardRow): ProductCard {
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
            width: Number(row.width),
            height: Number(row.height),
            alt: row.alt ?? '',
            variantColor: row.image_color,
          }
        : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Cards for the given ids, in that order; ids not found (or not active, with `activeOnly`) are left out. */
export async function cardsByIds(db: Db, ids: string[], options: { activeOnly?: boolean } = {}): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows<CardRow>(
    db,
    sql`
    select p.id, p.name, p.slug, p.price_paise, p.discount_percent, p.selling_price_paise, p.available_stock, p.created_at,
      c.id as category_id, c.name as category_name, c.slug as category_slug,
      (select array_agg(distinct v.variant_color order by v.variant_color) from ${variants} v where v.product_id = p.id and v.archived_at is null) as colors,
      i.id as image_id, i.storage_key, i.url, i.width, i.height, i.alt, i.variant_color as image_color
    from ${products} p
    left join ${categories} c on c.id = p.category_id
    left join lateral (select * from ${productImages} pi where pi.product_id = p.id order by pi.position, pi.created_at limit 1) i on true
    where p.id = any(${pgArray(ids)}::uuid[])${options.activeOnly ? sql` and p.status = 'active'` : sql``}`,
  );
  const byId = new Map(rows.map((row) => [row.id, toCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
    width: row.width,
    height: row.height,
    alt: row.alt,
    variantColor: row.variantColor,
  }));
}

export async function categoriesWithCounts(db: Db): Promise<Category[]> {
  const rows = await selectRows<{
    id: string;
    name: string;
    slug: string;
    style: 'traditional' | 'modern';
    parent_id: string | null;
    hsn_code: string;
    description: string;
    product_count: number;
  }>(
    db,
    sql`
    select c.id, c.name, c.slug, c.style, c.parent_id, c.hsn_code, c.description,
      (select count(*)::int from ${products} p where p.category_id = c.id and p.status = 'active') as product_count
    from ${categories} c order by c.style desc, c.position, c.name`,
  );
  return rows.map((row) => ({
    _id: row.id,
    categoryName: row.name,
    slug: row.slug,
    style: row.style,
    parentId: row.parent_id,
    hsnCode: row.hsn_code,
    description: row.description,
    productCount: Number(row.product_count),
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
