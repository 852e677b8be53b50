import { DEFAULT_PAGE_SIZE, PRICE_BANDS, compareSizes, mediaSrcset, unitPrice, type ProductQuery, type ProductSort } from '@shop/core';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { pgArray, selectRows, type Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { StoredImage } from '../media/store.js';
import { SPELLING_VARIANTS, dictionaryWords, queryWords, toTsQuery } from './search-terms.js';
import { categories, productImages, products, searchWords, variants } from './tables.js';

// ── shapes that leave the service (the API's field names: spec §3 style) ──────────────────────────────

export interface CategoryView {
  _id: string;
  categoryName: string;
  slug: string;
  style: 'traditional' | 'modern';
  parentId: string | null;
  hsnCode: string;
  description: string;
  productCount: number;
}

export interface ImageView {
  _id: string;
  public_id: string;
  secure_url: string;
  srcset: string;
  width: number;
  height: number;
  alt: string;
  variantColor: string | null;
}

export interface ProductCard {
  _id: string;
  productName: string;
  slug: string;
  category: { _id: string; categoryName: string; slug: string } | null;
  /** MRP in paise, before discount and variant extras. */
  productPrice: number;
  productDiscount: number;
  /** What one piece costs in paise ('from' when variants add extras). */
  sellingPrice: number;
  inStock: boolean;
  colors: string[];
  image: ImageView | null;
  createdAt: string;
}

export interface Facets {
  categories: Array<{ slug: string; name: string; count: number }>;
  sizes: Array<{ value: string; count: number }>;
  colors: Array<{ value: string; count: number }>;
  priceBands: Array<{ min: number; max: number | null; count: number }>;
}

export interface ProductPage {
  products: ProductCard[];
  total: number;
  page: number;
  limit: number;
  facets: Facets;
}

export interface VariantView {
  _id: string;
  variantName: string;
  variantColor: string;
  variantSize: string;
  variantColorPrice: number;
  variantSizePrice: number;
  variantDescription: string;
  quantity: number;
  sku: string;
  price: { mrp: number; selling: number; saving: number };
}

export interface ProductDetails extends ProductCard {
  productDescription: string;
  fabric: string;
  tags: string[];
  /** Stock of the product itself when it has no variants. */
  productStock: number;
  availableStock: number;
  variants: VariantView[];
  productImages: ImageView[];
  price: { mrp: number; selling: number; saving: number };
  updatedAt: string;
}

export interface Suggestions {
  products: Array<Pick<ProductCard, '_id' | 'productName' | 'sellingPrice' | 'image'>>;
  categories: Array<{ slug: string; name: string }>;
}

// ── inputs for writing the catalogue (demo seed, tests, the back-office later) ────────────────────────

export interface NewCategory {
  name: string;
  slug: string;
  style: 'traditional' | 'modern';
  hsnCode: string;
  parentId?: string | null;
  description?: string;
  position?: number;
}

export interface NewVariant {
  variantName: string;
  variantColor: string;
  variantSize: string;
  variantColorPrice?: number;
  variantSizePrice?: number;
  variantDescription?: string;
  quantity: number;
  sku: string;
}

export interface NewProduct {
  name: string;
  slug: string;
  description: string;
  categoryId: string | null;
  pricePaise: number;
  discountPercent?: number;
  fabric?: string;
  tags?: string[];
  status?: 'draft' | 'active' | 'archived';
  stock?: number;
  variants?: NewVariant[];
  images?: Array<StoredImage & { alt: string; variantColor?: string | null }>;
  createdAt?: Date;
}

export interface CatalogueService {
  listCategories(): Promise<CategoryView[]>;
  findProducts(query: ProductQuery): Promise<ProductPage>;
  suggest(q: string): Promise<Suggestions>;
  getProductDetails(productId: string): Promise<ProductDetails>;
  relatedProducts(productId: string, limit?: number): Promise<ProductCard[]>;
  /** Active products and categories for the sitemap. */
  sitemapEntries(): Promise<{ products: Array<{ id: string; updatedAt: Date }>; categories: Array<{ slug: string }> }>;
  createCategory(input: NewCategory): Promise<string>;
  createProduct(input: NewProduct): Promise<string>;
  countProducts(): Promise<number>;
  /** Cards of the given products that are for sale (active), in the given order; others are left out. */
  activeCards(ids: string[]): Promise<ProductCard[]>;
  /** Forgets cached listings and details, after a change to the catalogue. */
  invalidate(): void;
  /** Goes up with every invalidate(): callers caching answers put it in their keys. */
  version(): number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Listings may be this stale (stock badges, new products); a write in this instance clears them at once. */
export const LIST_TTL_MS = 30_000;
export const DETAILS_TTL_MS = 10_000;

export function createCatalogueService(db: Db): CatalogueService {
  const cache = new LRUCache<string, object>({ max: 2_000, ttl: LIST_TTL_MS });
  let version = 0;
  const cached = async <T extends object>(key: string, compute: () => Promise<T>, ttl = LIST_TTL_MS): Promise<T> => {
    const hit = cache.get(key);
    if (hit) return hit as T;
    const value = await compute();
    cache.set(key, value, { ttl });
    return value;
  };

  /** Groups of alternatives per query word: the word, its known spelling variant, close dictionary words. */
  async function searchGroups(q: string): Promise<string[][]> {
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
  function conditions(query: ProductQuery, tsQuery: string | null, except?: 'category' | 'size' | 'color' | 'price'): SQL[] {
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
    if (except !== 'size' && query.size.length > 0) {
      where.push(
        sql`exists (select 1 from ${variants} v where v.product_id = p.id and v.variant_size = any(${pgArray(query.size)}::text[])${stockCondition})`,
      );
    }
    if (except !== 'color' && query.color.length > 0) {
      where.push(
        sql`exists (select 1 from ${variants} v where v.product_id = p.id and lower(v.variant_color) = any(${pgArray(query.color.map((c) => c.toLowerCase()))}::text[])${stockCondition})`,
      );
    }
    if (except !== 'price') {
      if (query.minPrice !== undefined) where.push(sql`p.selling_price_paise >= ${Math.round(query.minPrice * 100)}`);
      if (query.maxPrice !== undefined) where.push(sql`p.selling_price_paise <= ${Math.round(query.maxPrice * 100)}`);
    }
    if (query.minDiscount !== undefined) where.push(sql`p.discount_percent >= ${query.minDiscount}`);
    if (query.inStock) where.push(sql`p.available_stock > 0`);
    return where;
  }

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

  async function facets(query: ProductQuery, tsQuery: string | null): Promise<Facets> {
    const where = (except: 'category' | 'size' | 'color' | 'price') => sql.join(conditions(query, tsQuery, except), sql` and `);
    const bandColumns = sql.join(
      PRICE_BANDS.map((band, index) =>
        band.max === null
          ? sql`count(*) filter (where p.selling_price_paise >= ${band.min * 100}) as ${sql.raw(`b${index}`)}`
          : sql`count(*) filter (where p.selling_price_paise between ${band.min * 100} and ${band.max * 100 + 99}) as ${sql.raw(`b${index}`)}`,
      ),
      sql`, `,
    );
    const [categoryRows, sizeRows, colorRows, bandRows] = await Promise.all([
      selectRows<{ slug: string; name: string; count: number }>(
        db,
        sql`
        select c.slug, c.name, count(*)::int as count from ${products} p join ${categories} c on c.id = p.category_id
        where ${where('category')} group by c.slug, c.name, c.position order by c.position, c.name`,
      ),
      selectRows<{ value: string; count: number }>(
        db,
        sql`
        select v.variant_size as value, count(distinct p.id)::int as count from ${products} p join ${variants} v on v.product_id = p.id
        where ${where('size')} group by v.variant_size`,
      ),
      selectRows<{ value: string; count: number }>(
        db,
        sql`
        select v.variant_color as value, count(distinct p.id)::int as count from ${products} p join ${variants} v on v.product_id = p.id
        where ${where('color')} group by v.variant_color order by count desc, value`,
      ),
      selectRows<Record<string, number | string>>(db, sql`select ${bandColumns} from ${products} p where ${where('price')}`),
    ]);
    const bands = bandRows[0] ?? {};
    return {
      categories: categoryRows.map((row) => ({ ...row, count: Number(row.count) })),
      sizes: sizeRows.map((row) => ({ ...row, count: Number(row.count) })).sort((a, b) => compareSizes(a.value, b.value)),
      colors: colorRows.map((row) => ({ ...row, count: Number(row.count) })),
      priceBands: PRICE_BANDS.map((band, index) => ({ min: band.min, max: band.max, count: Number(bands[`b${index}`] ?? 0) })),
    };
  }

  /** Cards for the given ids, in that order. */
  async function cards(ids: string[], options: { activeOnly?: boolean } = {}): Promise<ProductCard[]> {
    if (ids.length === 0) return [];
    const rows = await selectRows<{
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
    }>(
      db,
      sql`
      select p.id, p.name, p.slug, p.price_paise, p.discount_percent, p.selling_price_paise, p.available_stock, p.created_at,
        c.id as category_id, c.name as category_name, c.slug as category_slug,
        (select array_agg(distinct v.variant_color order by v.variant_color) from ${variants} v where v.product_id = p.id) as colors,
        i.id as image_id, i.storage_key, i.url, i.width, i.height, i.alt, i.variant_color as image_color
      from ${products} p
      left join ${categories} c on c.id = p.category_id
      left join lateral (select * from ${productImages} pi where pi.product_id = p.id order by pi.position, pi.created_at limit 1) i on true
      where p.id = any(${pgArray(ids)}::uuid[])${options.activeOnly ? sql` and p.status = 'active'` : sql``}`,
    );
    const byId = new Map(
      rows.map((row) => [
        row.id,
        {
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
        } satisfies ProductCard,
      ]),
    );
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async function page(query: ProductQuery, tsQuery: string | null): Promise<{ ids: string[]; total: number }> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const offset = ((query.page ?? 1) - 1) * limit;
    const sort = query.sort ?? 'relevance';
    const rows = await selectRows<{ id: string; total: number }>(
      db,
      sql`
      select p.id, count(*) over () as total from ${products} p
      where ${sql.join(conditions(query, tsQuery), sql` and `)}
      order by ${orderBy(sort, tsQuery)} limit ${limit} offset ${offset}`,
    );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && offset > 0) {
      // Past the last page: still say how many there are, so the page can offer a way back.
      const count = await selectRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from ${products} p where ${sql.join(conditions(query, tsQuery), sql` and `)}`,
      );
      total = Number(count[0]?.total ?? 0);
    }
    return { ids: rows.map((row) => row.id), total };
  }

  async function imagesOf(productId: string): Promise<ImageView[]> {
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

  const service: CatalogueService = {
    listCategories: () =>
      cached('categories', async () => {
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
      }),

    findProducts: (query) =>
      cached(`find:${JSON.stringify(query)}`, async () => {
        const limit = query.limit ?? DEFAULT_PAGE_SIZE;
        let tsQuery: string | null = null;
        let groups: string[][] = [];
        if (query.q) {
          groups = await searchGroups(query.q);
          tsQuery = groups.length > 0 ? toTsQuery(groups) : null;
          // Nothing searchable in the query (only punctuation, say): nothing matches.
          if (!tsQuery)
            return {
              products: [],
              total: 0,
              page: query.page ?? 1,
              limit,
              facets: { categories: [], sizes: [], colors: [], priceBands: [] },
            };
        }
        let found = await page(query, tsQuery);
        if (found.total === 0 && groups.length > 1) {
          // No product has every word: rank the ones that have any of them.
          tsQuery = toTsQuery(groups, '|');
          found = await page(query, tsQuery);
        }
        const [productCards, facetCounts] = await Promise.all([cards(found.ids), facets(query, tsQuery)]);
        return { products: productCards, total: found.total, page: query.page ?? 1, limit, facets: facetCounts };
      }),

    suggest: (q) =>
      cached(`suggest:${q.toLowerCase()}`, async () => {
        const groups = await searchGroups(q);
        if (groups.length === 0) return { products: [], categories: [] };
        const tsQuery = toTsQuery(groups);
        const [productRows, categoryRows] = await Promise.all([
          selectRows<{ id: string }>(
            db,
            sql`
            select p.id from ${products} p where p.status = 'active' and p.search_vector @@ to_tsquery('english', ${tsQuery})
            order by ts_rank_cd(p.search_vector, to_tsquery('english', ${tsQuery})) desc, p.created_at desc limit 6`,
          ),
          selectRows<{ slug: string; name: string }>(
            db,
            sql`
            select c.slug, c.name from ${categories} c
            where to_tsvector('english', c.name) @@ to_tsquery('english', ${tsQuery}) order by c.position limit 3`,
          ),
        ]);
        const productCards = await cards(productRows.map((row) => row.id));
        return {
          products: productCards.map(({ _id, productName, sellingPrice, image }) => ({ _id, productName, sellingPrice, image })),
          categories: categoryRows,
        };
      }),

    getProductDetails: (productId) =>
      cached(
        `details:${productId}`,
        async () => {
          if (!UUID.test(productId)) throw new AppError('NOT_FOUND', 'Product not found');
          const [row] = await db
            .select()
            .from(products)
            .where(and(eq(products.id, productId), eq(products.status, 'active')));
          if (!row) throw new AppError('NOT_FOUND', 'Product not found');
          const [[card], variantRows, images] = await Promise.all([
            cards([productId]),
            db.select().from(variants).where(eq(variants.productId, productId)).orderBy(asc(variants.position), asc(variants.createdAt)),
            imagesOf(productId),
          ]);
          const productPrice = unitPrice({ productPrice: row.pricePaise, productDiscount: row.discountPercent });
          const variantViews = variantRows
            .map((variant) => {
              const price = unitPrice({
                productPrice: row.pricePaise,
                variantColorPrice: variant.variantColorPricePaise,
                variantSizePrice: variant.variantSizePricePaise,
                productDiscount: row.discountPercent,
              });
              return {
                _id: variant.id,
                variantName: variant.variantName,
                variantColor: variant.variantColor,
                variantSize: variant.variantSize,
                variantColorPrice: variant.variantColorPricePaise,
                variantSizePrice: variant.variantSizePricePaise,
                variantDescription: variant.variantDescription,
                quantity: variant.quantity,
                sku: variant.sku,
                price: { mrp: price.mrp, selling: price.selling, saving: price.saving },
              };
            })
            .sort((a, b) => a.variantColor.localeCompare(b.variantColor) || compareSizes(a.variantSize, b.variantSize));
          return {
            ...card!,
            productDescription: row.description,
            fabric: row.fabric,
            tags: row.tags,
            productStock: row.stock,
            availableStock: row.availableStock,
            variants: variantViews,
            productImages: images,
            price: { mrp: productPrice.mrp, selling: productPrice.selling, saving: productPrice.saving },
            updatedAt: row.updatedAt.toISOString(),
          };
        },
        DETAILS_TTL_MS,
      ),

    relatedProducts: (productId, limit = 8) =>
      cached(`related:${productId}:${limit}`, async () => {
        if (!UUID.test(productId)) return [];
        const rows = await selectRows<{ id: string }>(
          db,
          sql`
          select p.id from ${products} p, ${products} me
          where me.id = ${productId} and p.id <> me.id and p.status = 'active'
          order by (p.category_id is not distinct from me.category_id) desc, (p.available_stock > 0) desc,
            abs(p.selling_price_paise - me.selling_price_paise), p.id
          limit ${limit}`,
        );
        return cards(rows.map((row) => row.id));
      }),

    async sitemapEntries() {
      const [productRows, categoryRows] = await Promise.all([
        db
          .select({ id: products.id, updatedAt: products.updatedAt })
          .from(products)
          .where(eq(products.status, 'active'))
          .orderBy(asc(products.createdAt)),
        db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.position)),
      ]);
      return { products: productRows, categories: categoryRows };
    },

    async createCategory(input) {
      const [row] = await db
        .insert(categories)
        .values({
          name: input.name,
          slug: input.slug,
          style: input.style,
          hsnCode: input.hsnCode,
          parentId: input.parentId ?? null,
          description: input.description ?? '',
          position: input.position ?? 0,
        })
        .returning({ id: categories.id });
      await rememberWords(db, dictionaryWords(input.name));
      service.invalidate();
      return row!.id;
    },

    async createProduct(input) {
      const id = await db.transaction(async (tx) => {
        const [category] = input.categoryId
          ? await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, input.categoryId))
          : [];
        const colors = [...new Set((input.variants ?? []).map((variant) => variant.variantColor))];
        const keywords = [category?.name ?? '', ...(input.tags ?? []), input.fabric ?? '', ...colors].filter(Boolean).join(' ');
        const [row] = await tx
          .insert(products)
          .values({
            name: input.name,
            slug: input.slug,
            description: input.description,
            categoryId: input.categoryId,
            pricePaise: input.pricePaise,
            discountPercent: input.discountPercent ?? 0,
            fabric: input.fabric ?? '',
            tags: input.tags ?? [],
            status: input.status ?? 'active',
            stock: input.stock ?? 0,
            searchKeywords: keywords,
            ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
          })
          .returning({ id: products.id });
        const productId = row!.id;
        if (input.variants?.length) {
          await tx.insert(variants).values(
            input.variants.map((variant, position) => ({
              productId,
              variantName: variant.variantName,
              variantColor: variant.variantColor,
              variantSize: variant.variantSize,
              variantColorPricePaise: variant.variantColorPrice ?? 0,
              variantSizePricePaise: variant.variantSizePrice ?? 0,
              variantDescription: variant.variantDescription ?? '',
              quantity: variant.quantity,
              sku: variant.sku,
              position,
            })),
          );
        }
        if (input.images?.length) {
          await tx.insert(productImages).values(
            input.images.map((image, position) => ({
              productId,
              storageKey: image.key,
              url: image.url,
              width: image.width,
              height: image.height,
              alt: image.alt,
              variantColor: image.variantColor ?? null,
              position,
            })),
          );
        }
        await rememberWords(tx, dictionaryWords(input.name, keywords));
        return productId;
      });
      service.invalidate();
      return id;
    },

    async countProducts() {
      const rows = await selectRows<{ count: number }>(db, sql`select count(*)::int as count from ${products}`);
      return Number(rows[0]?.count ?? 0);
    },

    activeCards: (ids) =>
      cards(
        ids.filter((id) => UUID.test(id)),
        { activeOnly: true },
      ),

    invalidate: () => {
      cache.clear();
      version += 1;
    },
    version: () => version,
  };
  return service;
}

async function rememberWords(db: Pick<Db, 'insert'>, words: string[]): Promise<void> {
  if (words.length === 0) return;
  await db
    .insert(searchWords)
    .values(words.map((word) => ({ word })))
    .onConflictDoNothing();
}
