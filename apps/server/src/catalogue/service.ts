import {
  DEFAULT_PAGE_SIZE,
  compareSizes,
  unitPrice,
  AppError,
  type Category,
  type ProductCard,
  type ProductDetails,
  type ProductPage,
  type ProductQuery,
  type Suggestions,
  type VariantView,
} from '@shop/core';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database.js';
import type { CatalogueChanges } from './changes.js';
import {
  activeProductRow,
  cardsByIds,
  categoriesWithCounts,
  facetCounts,
  imagesOf,
  pageOfIds,
  productCount,
  relatedIds,
  searchGroups,
  sitemapRows,
  suggestedCategories,
  suggestedIds,
  variantRowsOf,
} from './queries.js';
import { toTsQuery } from './search-terms.js';

// The storefront's reads of the catalogue: rules (what is visible, how search falls back, prices) over
// queries.ts. Writes live in admin-service.ts.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const EMPTY_FACETS = { categories: [], sizes: [], colors: [], priceBands: [] };

/** Active products matching every filter, one page of them, with facet counts. */
export async function findProducts(db: Db, query: ProductQuery): Promise<ProductPage> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const pageSpec = { limit, offset: (page - 1) * limit, sort: query.sort ?? 'relevance' } as const;
  let tsQuery: string | null = null;
  let groups: string[][] = [];
  if (query.q) {
    groups = await searchGroups(db, query.q);
    tsQuery = groups.length > 0 ? toTsQuery(groups) : null;
    // Nothing searchable in the query (only punctuation, say): nothing matches.
    if (!tsQuery) return { products: [], total: 0, page, limit, facets: EMPTY_FACETS };
  }
  let found = await pageOfIds(db, query, tsQuery, pageSpec);
  if (found.total === 0 && groups.length > 1) {
    // No product has every word: rank the ones that have any of them.
    tsQuery = toTsQuery(groups, '|');
    found = await pageOfIds(db, query, tsQuery, pageSpec);
  }
  const [products, facets] = await Promise.all([cardsByIds(db, found.ids), facetCounts(db, query, tsQuery)]);
  return { products, total: found.total, page, limit, facets };
}

/** Products and categories for the search box as the shopper types. */
export async function suggest(db: Db, q: string): Promise<Suggestions> {
  const groups = await searchGroups(db, q);
  if (groups.length === 0) return { products: [], categories: [] };
  const tsQuery = toTsQuery(groups);
  const [ids, categories] = await Promise.all([suggestedIds(db, tsQuery, 6), suggestedCategories(db, tsQuery, 3)]);
  const cards = await cardsByIds(db, ids);
  return { products: cards.map(({ _id, productName, sellingPrice, image }) => ({ _id, productName, sellingPrice, image })), categories };
}

/** One active product with its variants (each priced), photos and stock; 404 for anything else. */
export async function getProductDetails(db: Db, productId: string): Promise<ProductDetails> {
  if (!UUID.test(productId)) throw new AppError('NOT_FOUND', 'Product not found');
  const row = await activeProductRow(db, productId);
  if (!row) throw new AppError('NOT_FOUND', 'Product not found');
  const [[card], variantRows, images] = await Promise.all([
    cardsByIds(db, [productId]),
    variantRowsOf(db, productId),
    imagesOf(db, productId),
  ]);
  const productPrice = unitPrice({ productPrice: row.pricePaise, productDiscount: row.discountPercent });
  const variants = variantRows
    .map((variant): VariantView => {
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
    variants,
    productImages: images,
    price: { mrp: productPrice.mrp, selling: productPrice.selling, saving: productPrice.saving },
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function relatedProducts(db: Db, productId: string, limit = 8): Promise<ProductCard[]> {
  if (!UUID.test(productId)) return [];
  return cardsByIds(db, await relatedIds(db, productId, limit));
}

/** Cards of the given products that are for sale (active), in the given order; others are left out. */
export async function activeCards(db: Db, ids: string[]): Promise<ProductCard[]> {
  return cardsByIds(
    db,
    ids.filter((id) => UUID.test(id)),
    { activeOnly: true },
  );
}

/** Listings may be this stale (stock badges, new products) when a change notice is missed. */
export const LIST_TTL_MS = 30_000;
/** Details carry stock counts ('Only 2 left'): kept for less time. */
export const DETAILS_TTL_MS = 10_000;

/**
 * The storefront catalogue for the API and the pages, with the one cache of its answers: keyed by what was
 * asked, emptied by every change notice, and short-lived in case a notice from elsewhere is missed.
 */
export function createCatalogueService(db: Db, changes: CatalogueChanges) {
  const cache = new LRUCache<string, object>({ max: 2_000, ttl: LIST_TTL_MS });
  changes.subscribe(() => cache.clear());
  const cached = async <T extends object>(key: string, compute: () => Promise<T>, ttl = LIST_TTL_MS): Promise<T> => {
    const hit = cache.get(key);
    if (hit) return hit as T;
    const value = await compute();
    cache.set(key, value, { ttl });
    return value;
  };
  return {
    listCategories: (): Promise<Category[]> => cached('categories', () => categoriesWithCounts(db)),
    findProducts: (query: ProductQuery) => cached(`find:${JSON.stringify(query)}`, () => findProducts(db, query)),
    suggest: (q: string) => cached(`suggest:${q.toLowerCase()}`, () => suggest(db, q)),
    getProductDetails: (productId: string) => cached(`details:${productId}`, () => getProductDetails(db, productId), DETAILS_TTL_MS),
    relatedProducts: (productId: string, limit = 8) => cached(`related:${productId}:${limit}`, () => relatedProducts(db, productId, limit)),
    activeCards: (ids: string[]) => activeCards(db, ids),
    /** Active products and categories for the sitemap. */
    sitemapEntries: () => sitemapRows(db),
    countProducts: () => productCount(db),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
