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
  type SearchSuggestions,
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
  nearestWords,
  pageOfIds,
  productCount,
  relatedIds,
  searchGroups,
  sitemapRows,
  suggestedCategories,
  suggestedIds,
  variantRowsOf,
} from './queries.js';
import { STRONG_WEIGHTS, toTsQuery } from './search-terms.js';

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
  let found = query.q ? { ids: [] as string[], total: 0 } : await pageOfIds(db, query, null, pageSpec);
  if (query.q) {
    // Strong matches first: the words in a product's name, category, tags, fabric or colours. When some exist,
    // products that only mention a word in their description ('pairs well with a kurti') are left out; when
    // none have every word, the ones with any of them, strong before weak.
    const attempts = [toTsQuery(groups, '&', STRONG_WEIGHTS), toTsQuery(groups)];
    if (groups.length > 1) attempts.push(toTsQuery(groups, '|', STRONG_WEIGHTS), toTsQuery(groups, '|'));
    for (const attempt of attempts) {
      tsQuery = attempt;
      found = await pageOfIds(db, query, tsQuery, pageSpec);
      if (found.total > 0) break;
    }
  }
  const [products, facets] = await Promise.all([cardsByIds(db, found.ids), facetCounts(db, query, tsQuery)]);
  if (query.q && found.total === 0) return { products, total: 0, page, limit, facets, suggestions: await searchSuggestions(db, query.q) };
  return { products, total: found.total, page, limit, facets };
}

/** For a search that found nothing: the nearest words of the catalogue, and its biggest categories. */
async function searchSuggestions(db: Db, q: string): Promise<SearchSuggestions> {
  const [words, categories] = await Promise.all([nearestWords(db, q, 3), categoriesWithCounts(db)]);
  const popular = categories
    .filter((category) => !category.parentId && category.productCount > 0)
    .sort((a, b) => b.productCount - a.productCount || a.categoryName.localeCompare(b.categoryName))
    .slice(0, 4)
    .map((category) => ({ name: category.categoryName, slug: category.slug }));
  return { words, categories: popular };
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
