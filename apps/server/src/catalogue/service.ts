import {
  isUuid,
  DEFAULT_PAGE_SIZE,
  MEDIA_PATH,
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
import { photoLinks, type PhotoLinks } from '../media/public-urls.js';
import type { CatalogueChanges } from './changes.js';
import {
  activeProductRow,
  cardsByIds,
  categoriesWithCounts,
  imagesOf,
  lexemesOf,
  nearestWords,
  productCount,
  relatedIds,
  searchGroups,
  wordGroups,
  searchMatches,
  sitemapRows,
  suggestedCategories,
  suggestedIds,
  variantRowsOf,
} from './queries.js';
import { fullTextQuery } from './full-text.js';
import { ListingIndex, type ListingSnapshot, type SearchMatches } from './listing-index/index.js';
import { STRONG_WEIGHTS, queryWords, toTsQuery } from './search-terms.js';

// The storefront's reads of the catalogue: rules (what is visible, how search falls back, prices) over
// queries.ts. Writes live in admin-service.ts.

const EMPTY_FACETS = { categories: [], sizes: [], colors: [], priceBands: [] };

/** One try at a search: its word groups (each word with its spelling alternatives), joined by AND or OR, restricted to some weights or not. */
export interface SearchAttempt {
  groups: string[][];
  join: '&' | '|';
  weights: string;
}

/** Which products of `snapshot` match an attempt, with their rank when `ranked`. */
export type Searches = (snapshot: ListingSnapshot, attempt: SearchAttempt, ranked: boolean) => Promise<SearchMatches>;

/**
 * Active products matching every filter, one page of them, with facet counts: the filters, sorts, counts and
 * the full-text match all run on the in-memory listing index.
 */
export async function findProducts(
  db: Db,
  index: ListingIndex,
  query: ProductQuery,
  {
    searches,
    groupsOf,
    categories,
  }: { searches: Searches; groupsOf: (q: string) => Promise<string[][]>; categories: () => Promise<Category[]> },
): Promise<ProductPage> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const pageSpec = { limit, offset: (page - 1) * limit, sort: query.sort ?? 'relevance' } as const;
  const snapshot = await index.current();
  if (!query.q) {
    const { cards, total, facets } = snapshot.query(query, pageSpec);
    return { products: cards, total, page, limit, facets };
  }
  const groups = await groupsOf(query.q);
  // Nothing searchable in the query (only punctuation, say): nothing matches.
  if (groups.length === 0) return { products: [], total: 0, page, limit, facets: EMPTY_FACETS };
  // Strong matches first: the words in a product's name, category, tags, fabric or colours. When some exist,
  // products that only mention a word in their description ('pairs well with a kurti') are left out; when
  // none have every word, the ones with any of them, strong before weak.
  const attempts: SearchAttempt[] = [
    { groups, join: '&', weights: STRONG_WEIGHTS },
    { groups, join: '&', weights: '' },
  ];
  if (groups.length > 1) attempts.push({ groups, join: '|', weights: STRONG_WEIGHTS }, { groups, join: '|', weights: '' });
  for (const [attempt, search] of attempts.entries()) {
    const { cards, total, facets } = snapshot.query(query, pageSpec, await searches(snapshot, search, pageSpec.sort === 'relevance'));
    if (total > 0) return { products: cards, total, page, limit, facets };
    // The loosest attempt found nothing either: its facet counts, and suggestions of what to search instead.
    if (attempt === attempts.length - 1)
      return { products: cards, total, page, limit, facets, suggestions: await searchSuggestions(db, query.q, categories) };
  }
  throw new Error('unreachable: there is always a last attempt');
}

/** For a search that found nothing: the nearest words of the catalogue, and its biggest categories. */
async function searchSuggestions(db: Db, q: string, categories: () => Promise<Category[]>): Promise<SearchSuggestions> {
  const [words, all] = await Promise.all([nearestWords(db, q, 3), categories()]);
  const popular = all
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
  if (!isUuid(productId)) throw new AppError('NOT_FOUND', 'Product not found');
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
  if (!isUuid(productId)) return [];
  return cardsByIds(db, await relatedIds(db, productId, limit));
}

/** Cards of the given products that are for sale (active), in the given order; others are left out. */
export async function activeCards(db: Db, ids: string[]): Promise<ProductCard[]> {
  return cardsByIds(db, ids.filter(isUuid), { activeOnly: true });
}

/**
 * One key per question, however it was asked: parameters in one order, list values sorted, defaults and
 * empty values dropped, the search lower-cased with single spaces. `?sort=relevance&page=1&size=M,S` and
 * `?size=S,M` share an answer.
 */
export function normalisedQueryKey(query: ProductQuery): string {
  const entries: Array<[string, unknown]> = [];
  const q = query.q?.toLowerCase().replace(/\s+/g, ' ').trim();
  if (q) entries.push(['q', q]);
  for (const name of ['category', 'size'] as const) if (query[name].length > 0) entries.push([name, [...new Set(query[name])].sort()]);
  if (query.color.length > 0) entries.push(['color', [...new Set(query.color.map((color) => color.toLowerCase()))].sort()]);
  if (query.style) entries.push(['style', query.style]);
  if (query.minPrice !== undefined) entries.push(['minPrice', query.minPrice]);
  if (query.maxPrice !== undefined) entries.push(['maxPrice', query.maxPrice]);
  if (query.minDiscount) entries.push(['minDiscount', query.minDiscount]);
  if (query.minRating) entries.push(['minRating', query.minRating]);
  if (query.inStock) entries.push(['inStock', true]);
  if (query.sort && query.sort !== 'relevance') entries.push(['sort', query.sort]);
  if (query.page && query.page !== 1) entries.push(['page', query.page]);
  if (query.limit && query.limit !== DEFAULT_PAGE_SIZE) entries.push(['limit', query.limit]);
  return JSON.stringify(entries);
}

/** Where a listing's answer is cached: the same for every way of asking the same question. */
export const listingKey = (query: ProductQuery) => `listing:${normalisedQueryKey(query)}`;
/** Where a product's details answer is cached. */
export const detailsKey = (productId: string) => `details:${productId}`;

/** Listings may be this stale (stock badges, new products) when a change notice is missed. */
export const LIST_TTL_MS = 30_000;
/** Details carry stock counts ('Only 2 left'): kept for less time. */
export const DETAILS_TTL_MS = 10_000;

/** The value cached under `key`, or `compute`'s, kept for `ttl`. */
async function remember<V extends object>(store: LRUCache<string, V>, key: string, compute: () => Promise<V>, ttl: number): Promise<V> {
  const hit = store.get(key);
  if (hit) return hit;
  const value = await compute();
  store.set(key, value, { ttl });
  return value;
}

/**
 * A per-word lookup through `cache`: the words it holds are answered from it, the others by one call of `fetch`
 * (a statement for all of them), whose answers it keeps.
 */
function eachWordOnce<V extends object>(
  cache: LRUCache<string, V>,
  fetch: (missing: string[]) => Promise<Map<string, V>>,
): (words: readonly string[]) => Promise<Map<string, V>> {
  return async (words) => {
    const found = new Map<string, V>();
    for (const word of words) {
      const known = cache.get(word);
      if (known) found.set(word, known);
    }
    const missing = words.filter((word) => !found.has(word));
    if (missing.length > 0) {
      for (const [word, value] of await fetch(missing)) {
        cache.set(word, value);
        found.set(word, value);
      }
    }
    return found;
  };
}

/**
 * The storefront catalogue for the API and the pages, with the one cache of its answers: keyed by what was
 * asked, emptied by every change notice, and short-lived in case a notice from elsewhere is missed.
 */
export function createCatalogueService(db: Db, changes: CatalogueChanges, options: { photos?: PhotoLinks } = {}) {
  const index = new ListingIndex(db);
  // Photo URLs are read under /media; with MEDIA_PUBLIC_URL every answer moves them under it on the way out.
  const photos = options.photos ?? photoLinks(MEDIA_PATH);
  const pageWithPhotos = (page: ProductPage): ProductPage => ({ ...page, products: photos.cards(page.products) });
  const detailsWithPhotos = (details: ProductDetails): ProductDetails => ({
    ...photos.card(details),
    productImages: details.productImages.map(photos.image),
  });
  const cache = new LRUCache<string, object>({ max: 2_000, ttl: LIST_TTL_MS });
  // What each search word stands for (itself, a spelling variant, the nearest catalogue words when misspelt):
  // one or two statements the first time a word is searched, none after. A change may bring or take a word.
  const spellings = new LRUCache<string, string[]>({ max: 20_000 });
  changes.subscribe((productIds) => {
    index.invalidate(productIds);
    cache.clear();
    spellings.clear();
  });
  // Answers as sent (UTF-8 JSON): a listing per normalised query, a product's details per product. A repeated
  // question costs a lookup: no work, no serialising, no encoding. Emptied with the rest by every change
  // notice; held to a size, not a count.
  const bodies = new LRUCache<string, Buffer>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (body) => body.length || 1, ttl: LIST_TTL_MS });
  changes.subscribe(() => bodies.clear());
  const body = (key: string, compute: () => Promise<string>, ttl: number) =>
    remember(bodies, key, async () => Buffer.from(await compute()), ttl);
  // An answer per key, kept until its TTL or the next change notice.
  const cached = <T extends object>(key: string, compute: () => Promise<T>, ttl = LIST_TTL_MS) =>
    remember(cache, key, compute, ttl) as Promise<T>;
  // Search words' lexemes as PostgreSQL stems them; they never change (the text-search configuration does not).
  const lexemes = new LRUCache<string, string[]>({ max: 20_000 });
  const lexemesFor = eachWordOnce(lexemes, (missing) => lexemesOf(db, missing));
  // Matched in memory by the snapshot the listing reads (a few milliseconds; nothing to keep between snapshots).
  const searches: Searches = async (snapshot, { groups, join, weights }, ranked) => {
    const query = fullTextQuery(groups, join, weights, await lexemesFor(groups.flat()));
    if (query) return snapshot.search(query, ranked);
    // A word PostgreSQL would search as a phrase, or more words than one search holds: PostgreSQL answers.
    return snapshot.matchesOf(await searchMatches(db, toTsQuery(groups, join, weights), ranked), ranked);
  };
  const groupsFor = eachWordOnce(spellings, (missing) => wordGroups(db, missing));
  const groupsOf = async (q: string): Promise<string[][]> => {
    const words = queryWords(q);
    const groups = await groupsFor(words);
    return words.map((word) => groups.get(word)!);
  };
  const listCategories = (): Promise<Category[]> =>
    cached('categories', async () =>
      (await categoriesWithCounts(db)).map((row) => ({ ...row.category, productCount: row.activeProducts })),
    );
  const sources = { searches, groupsOf, categories: listCategories };
  return {
    listCategories,
    findProducts: (query: ProductQuery) => findProducts(db, index, query, sources).then(pageWithPhotos),
    /** findProducts rendered by `render` (the HTTP answer's JSON), cached under `listingKey(query)`. */
    listingBody: (query: ProductQuery, render: (page: ProductPage) => string): Promise<Buffer> =>
      body(listingKey(query), async () => render(pageWithPhotos(await findProducts(db, index, query, sources))), LIST_TTL_MS),
    /** getProductDetails rendered by `render`, cached under `detailsKey(productId)`; rejects as it does. */
    detailsBody: (productId: string, render: (details: ProductDetails) => string): Promise<Buffer> =>
      body(detailsKey(productId), async () => render(detailsWithPhotos(await getProductDetails(db, productId))), DETAILS_TTL_MS),
    /** The answer cached under `key` (from listingKey or detailsKey), if it is still current. */
    cachedBody: (key: string): Buffer | undefined => bodies.get(key),
    /** Loads the listing index now rather than on the first shopper's request. */
    warmUp: () => index.current().then(() => undefined),
    suggest: (q: string) =>
      cached(`suggest:${q.toLowerCase()}`, async () => {
        const found = await suggest(db, q);
        return { ...found, products: photos.cards(found.products) };
      }),
    getProductDetails: (productId: string) =>
      cached(`details:${productId}`, async () => detailsWithPhotos(await getProductDetails(db, productId)), DETAILS_TTL_MS),
    relatedProducts: (productId: string, limit = 8) =>
      cached(`related:${productId}:${limit}`, async () => photos.cards(await relatedProducts(db, productId, limit))),
    activeCards: async (ids: string[]) => photos.cards(await activeCards(db, ids)),
    /** Active products and categories for the sitemap. */
    sitemapEntries: () => sitemapRows(db),
    countProducts: () => productCount(db),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
