import { PRICE_BANDS, compareSizes, type Facets, type ProductCard, type ProductQuery, type ProductSort } from '@shop/core';
// nextTurn lets timers and I/O callbacks run (answers to other requests) before the caller goes on.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FullTextQuery } from '../full-text.js';
import { STYLES, columnsWith, type Columns, type IndexedProduct } from './columns.js';
import { MAX_MERGED_CHANGES, SORTS, SnapshotSearch, mend, type OrderName, type SearchMatches } from './ranking.js';
import type { Vocabulary } from './vocabulary.js';

// A snapshot of the active catalogue and its one pass that answers a listing: a page, the total and the facets.

export interface ListingAnswer {
  cards: ProductCard[];
  total: number;
  facets: Facets;
}

/** Flags over a vocabulary list for the values a filter asks for; null when the filter is not set. */
function wanted(values: readonly string[], size: number, numberOf: (value: string) => number): Uint8Array | null {
  if (values.length === 0) return null;
  const flags = new Uint8Array(size);
  for (const value of values) {
    const number = numberOf(value);
    if (number >= 0) flags[number] = 1;
  }
  return flags;
}

/**
 * An immutable view of the active catalogue. What the listing pass reads is laid out column by column in
 * typed arrays (struct of arrays): 20,000 products' prices fill 80 KB that stay in the processor's cache,
 * where reading each product object would be a cache miss. A change makes a new snapshot from the last:
 * changed products keep their position (a removed one leaves a hole), new ones are appended, and each sorted
 * order is mended by taking the changed positions out and merging them back in, without sorting again.
 */
export class ListingSnapshot {
  private constructor(
    /** Products by position; null where a product left the active catalogue. */
    private readonly list: ReadonlyArray<IndexedProduct | null>,
    /** Position of every product id ever held; shared by a snapshot and those made from it (positions never move). */
    private readonly positions: Map<string, number>,
    private readonly columns: Columns,
    /** Positions of the live products in each sort's order. */
    private readonly orders: Map<string, Uint32Array>,
    readonly vocabulary: Vocabulary,
  ) {
    this.searching = new SnapshotSearch(columns, vocabulary);
  }

  /**
   * A snapshot of these products, its sorted orders made now (start-up, a background reload), not on a shopper's
   * first listing; the event loop gets a turn between the steps, so that requests keep being answered.
   */
  static async build(products: readonly IndexedProduct[], vocabulary: Vocabulary): Promise<ListingSnapshot> {
    const positions = new Map(products.map((product, i) => [product.id, i]));
    const columns = columnsWith(null, products.length, products, [...products.keys()]);
    const snapshot = new ListingSnapshot(products, positions, columns, new Map(), vocabulary);
    for (const sort of Object.keys(SORTS) as Array<OrderName>) {
      await nextTurn();
      snapshot.ordered(sort);
    }
    return snapshot;
  }

  /** The position of a product active in this snapshot, or undefined. */
  private positionOf(id: string): number | undefined {
    const i = this.positions.get(id);
    return i !== undefined && i < this.list.length && this.list[i] ? i : undefined;
  }

  /**
   * The ids whose product this snapshot holds differently from the database's `fingerprints` (listingFingerprints),
   * holds though it left the active catalogue, or lacks.
   */
  differingFrom(fingerprints: ReadonlyMap<string, string>): string[] {
    const differing: string[] = [];
    for (const product of this.list) if (product && fingerprints.get(product.id) !== product.fingerprint) differing.push(product.id);
    for (const id of fingerprints.keys()) if (this.positionOf(id) === undefined) differing.push(id);
    return differing;
  }

  /** Places kept for products that left the catalogue (positions never move; a full reload starts afresh), of all. */
  holes(): { holes: number; places: number } {
    return { holes: this.list.reduce((count, product) => (product ? count : count + 1), 0), places: this.list.length };
  }

  /** This snapshot with the given products replaced, added, or (null) taken out. */
  withChanges(changed: ReadonlyMap<string, IndexedProduct | null>): ListingSnapshot {
    const list = this.list.slice();
    const touched: number[] = [];
    for (const [id, product] of changed) {
      let i = this.positions.get(id);
      if (i === undefined || i >= list.length) {
        if (!product) continue;
        i = list.length;
        list.push(product);
        this.positions.set(id, i);
      } else {
        list[i] = product;
      }
      touched.push(i);
    }
    const columns = columnsWith(this.columns, list.length, list, touched);
    const orders = new Map<string, Uint32Array>();
    if (touched.length <= MAX_MERGED_CHANGES) {
      const out = new Uint8Array(list.length);
      for (const i of touched) out[i] = 1;
      for (const [sort, order] of this.orders) {
        const compare = SORTS[sort as OrderName];
        const byPosition = (a: number, b: number) => compare(list[a]!, list[b]!);
        const back = touched.filter((i) => list[i]).sort(byPosition);
        orders.set(sort, mend(order, out, back, byPosition));
      }
    }
    return new ListingSnapshot(list, this.positions, columns, orders, this.vocabulary);
  }

  private ordered(sort: OrderName): Uint32Array {
    let order = this.orders.get(sort);
    if (!order) {
      const compare = SORTS[sort];
      const live = [...this.list.keys()].filter((i) => this.list[i]);
      order = Uint32Array.from(live).sort((a, b) => compare(this.list[a]!, this.list[b]!));
      this.orders.set(sort, order);
    }
    return order;
  }

  /**
   * The products matching a full-text query (`search_vector @@ query`) and, when `ranked`, their rank on demand
   * (`ts_rank_cd`, as PostgreSQL computes it). Words are matched as prefixes of the lexemes.
   */
  search(query: FullTextQuery, ranked: boolean): SearchMatches {
    return this.searching.search(query, ranked);
  }

  /** The last few searches' work, kept while this snapshot lasts. */
  private readonly searching: SnapshotSearch;

  /** Matches found elsewhere (PostgreSQL), by product id with their rank, as this snapshot's. */
  matchesOf(found: ReadonlyMap<string, number>, ranked: boolean): SearchMatches {
    const matched = new Uint8Array(this.list.length);
    const ranks = new Float64Array(this.list.length);
    for (const [id, rank] of found) {
      const i = this.positionOf(id);
      if (i === undefined) continue;
      matched[i] = 1;
      ranks[i] = rank;
    }
    return { matched, rankOf: ranked ? (i) => ranks[i]! : null };
  }

  /**
   * One page of the products matching every filter, how many match, and the facet counts, each group counted
   * under every filter but its own, all in one pass. `search` (when the query has words) holds the matches.
   */
  query(query: ProductQuery, page: { limit: number; offset: number; sort: ProductSort }, search?: SearchMatches): ListingAnswer {
    let candidates: ArrayLike<number> = this.ordered(page.sort === 'relevance' ? 'browse' : page.sort);
    if (search) {
      const picked: number[] = [];
      for (let k = 0; k < candidates.length; k++) if (search.matched[candidates[k]!]) picked.push(candidates[k]!);
      candidates = picked;
    }
    // By relevance, the page is chosen after the pass: the products passing every filter, ranked (only those),
    // best first, equal ranks in browsing order (in stock, then newest) as the pass met them.
    const rankOf = page.sort === 'relevance' ? (search?.rankOf ?? null) : null;
    const passing: number[] = [];

    const words = this.vocabulary;
    const categoryFlags = wanted(query.category, words.categories.length, (slug) => words.categorySlug(slug));
    const sizeFlags = wanted(query.size, words.sizes.length, (size) => words.sizeOf(size));
    const colorFlags = wanted(query.color, words.colorKeys.length, (color) => words.colorKeyOf(color));
    const style = query.style ? STYLES[query.style] : 0;
    const minPrice = query.minPrice ?? -1;
    const maxPrice = query.maxPrice ?? Number.MAX_SAFE_INTEGER;
    const minDiscount = query.minDiscount ?? 0;
    const minRating = (query.minRating ?? 0) * 10;
    const inStockOnly = query.inStock;
    const columns = this.columns;
    const colorLists = inStockOnly ? columns.colorKeysInStock : columns.colorKeys;

    const categoryCounts = new Int32Array(words.categories.length);
    const sizeCounts = new Int32Array(words.sizes.length);
    const colorCounts = new Int32Array(words.colors.length);
    const bandCounts = new Int32Array(PRICE_BANDS.length);
    const countBands = (bands: number) => {
      for (let index = 0; bands !== 0; index++, bands >>= 1) if (bands & 1) bandCounts[index]!++;
    };

    const cards: ProductCard[] = [];
    let total = 0;
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k]!;
      // Filters without facets of their own narrow everything.
      if (style !== 0 && columns.style[i] !== style) continue;
      if (columns.discount[i]! < minDiscount) continue;
      if (columns.rating[i]! < minRating) continue;
      if (inStockOnly && columns.inStock[i] === 0) continue;
      const category = columns.category[i]!;
      const parent = columns.parentCategory[i]!;
      const missCategory = categoryFlags !== null && !(category >= 0 && categoryFlags[category]) && !(parent >= 0 && categoryFlags[parent]);
      const missSize = sizeFlags !== null && !columns.sizes.any(i, sizeFlags);
      const missColor = colorFlags !== null && !colorLists.any(i, colorFlags);
      const price = columns.price[i]!;
      const missPrice = price < minPrice || price > maxPrice;
      const misses = Number(missCategory) + Number(missSize) + Number(missColor) + Number(missPrice);
      if (misses > 1) continue;
      if (misses === 0) {
        if (rankOf) passing.push(i);
        else if (total >= page.offset && cards.length < page.limit) cards.push(cardOf(this.list[i]!, colorFlags));
        total++;
        if (category >= 0) categoryCounts[category]!++;
        columns.sizes.count(i, sizeCounts);
        columns.colors.count(i, colorCounts);
        countBands(columns.bands[i]!);
      } else if (missCategory) {
        // A product that misses one filter only still counts in that filter's own facet.
        if (category >= 0) categoryCounts[category]!++;
      } else if (missSize) {
        columns.sizes.count(i, sizeCounts);
      } else if (missColor) {
        columns.colors.count(i, colorCounts);
      } else {
        countBands(columns.bands[i]!);
      }
    }
    if (rankOf) {
      // Ranked in typed arrays (a word can match thousands of products); equal ranks keep the browsing order.
      const ranks = new Float64Array(passing.length);
      for (let k = 0; k < passing.length; k++) ranks[k] = rankOf(passing[k]!);
      const byRank = new Uint32Array(passing.length);
      for (let k = 0; k < byRank.length; k++) byRank[k] = k;
      byRank.sort((a, b) => ranks[b]! - ranks[a]! || a - b);
      for (const k of byRank.subarray(page.offset, page.offset + page.limit)) cards.push(cardOf(this.list[passing[k]!]!, colorFlags));
    }

    return {
      cards,
      total,
      facets: {
        categories: words.categories
          .map((category, index) => ({ ...category, count: categoryCounts[index]! }))
          .filter((category) => category.count > 0)
          .sort((a, b) => a.position - b.position || compareText(a.name, b.name))
          .map(({ slug, name, count }) => ({ slug, name, count })),
        sizes: words.sizes
          .map((value, index) => ({ value, count: sizeCounts[index]! }))
          .filter((size) => size.count > 0)
          .sort((a, b) => compareSizes(a.value, b.value)),
        colors: words.colors
          .map((value, index) => ({ value, count: colorCounts[index]! }))
          .filter((color) => color.count > 0)
          .sort((a, b) => b.count - a.count || compareText(a.value, b.value)),
        priceBands: PRICE_BANDS.map((band, index) => ({ min: band.min, max: band.max, count: bandCounts[index]! })),
      },
    };
  }
}

/** A product's card; under a colour filter, with the photo of a wanted colour when it has one (issue 28). */
function cardOf(product: IndexedProduct, colorFlags: Uint8Array | null): ProductCard {
  if (colorFlags) for (const [key, card] of product.colourCards) if (colorFlags[key]) return card;
  return product.card;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
