import { PRICE_BANDS, compareSizes, type Facets, type ProductCard, type ProductQuery, type ProductSort } from '@shop/core';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database.js';
import { PreparedQuery, parseSearchVector, type FullTextQuery, type SearchVector } from './full-text.js';
import { listingRows, toCard, type ListingRow } from './queries.js';

// The storefront's listing and facet counts, answered from memory. At catalogue sizes a boutique has (tens
// of thousands of active products), one pass over typed columns counts every facet in about a millisecond,
// where PostgreSQL needs five statements and 100–200 ms (ADR 014). The index holds active products only and
// is kept current by the catalogue's change notices: a notice marks products dirty, and the next read
// reloads them first, so a change is visible to the very next listing on every instance.

/**
 * Values that filters and facets compare (category slugs, sizes, colours), each turned into a small number
 * once, when a product is loaded, so that a listing compares and counts numbers in arrays instead of
 * hashing strings: a pass over 20,000 products then takes about a millisecond. Grows as products are
 * reloaded; a full reload starts a new one.
 */
export class Vocabulary {
  readonly categories: Array<{ slug: string; name: string; position: number }> = [];
  readonly sizes: string[] = [];
  /** Colours as written: the colour facet's values. */
  readonly colors: string[] = [];
  /** Colours lower-cased: what a colour filter matches. */
  readonly colorKeys: string[] = [];
  /** The search vectors' lexemes (stems): what a search word's prefix is looked up in. */
  readonly lexemes: string[] = [];
  private readonly numbers = new Map<string, number>();

  /** The number of `key`, adding `item` to `list` the first time the key is seen. */
  private intern<T>(key: string, list: T[], item: T): number {
    let number = this.numbers.get(key);
    if (number === undefined) {
      number = list.push(item) - 1;
      this.numbers.set(key, number);
    }
    return number;
  }
  /** The number of a value already seen, or -1 (a filter value no product has). */
  private numberOf(key: string): number {
    return this.numbers.get(key) ?? -1;
  }

  category(slug: string, name: string, position: number): number {
    return this.intern(`category:${slug}`, this.categories, { slug, name, position });
  }
  categorySlug(slug: string): number {
    return this.numberOf(`category:${slug}`);
  }
  size(value: string): number {
    return this.intern(`size:${value}`, this.sizes, value);
  }
  sizeOf(value: string): number {
    return this.numberOf(`size:${value}`);
  }
  color(value: string): number {
    return this.intern(`color:${value}`, this.colors, value);
  }
  colorKey(value: string): number {
    const key = value.toLowerCase();
    return this.intern(`key:${key}`, this.colorKeys, key);
  }
  colorKeyOf(value: string): number {
    return this.numberOf(`key:${value.toLowerCase()}`);
  }
  lexeme(value: string): number {
    return this.intern(`lexeme:${value}`, this.lexemes, value);
  }
}

/** A search-vector entry in a word list: its lexeme's number times 16 plus the weight classes it has (bit w for class w). */
const WORD_WEIGHTS = 16;
const lexemeOfWord = (word: number) => Math.floor(word / WORD_WEIGHTS);
const weightsOfWord = (word: number) => word % WORD_WEIGHTS;

/** What the index knows of one active product: its card and the fields that filters and sorts read. */
export interface IndexedProduct {
  id: string;
  card: ProductCard;
  style: 'traditional' | 'modern' | null;
  /** The product's own category (for the category facet) and its parent (a parent's filter includes its children); -1 for none. */
  category: number;
  parentCategory: number;
  price: number;
  /** The price bands (bit i: PRICE_BANDS[i]) the price falls in. */
  bands: number;
  discount: number;
  stock: number;
  /** Creation time in microseconds, PostgreSQL's precision, so that sorts agree with the database. */
  createdAt: number;
  /** Sizes with a live variant in stock: a size filter means 'available in that size'. */
  sizesInStock: readonly number[];
  /** Colours of live variants as written (the facet's values) and lower-cased (what a filter matches), any stock and in stock. */
  colors: readonly number[];
  colorKeys: readonly number[];
  colorKeysInStock: readonly number[];
  /** The product's search vector, for ranking, and its entries as word-list numbers (WORD_WEIGHTS), for matching. */
  searchVector: SearchVector;
  words: readonly number[];
}

/**
 * The products of a snapshot that match a search (flag by position) and, for an order by relevance, a product's
 * rank by position: computed on demand, only for the products that also pass the listing's filters.
 */
export interface SearchMatches {
  matched: Uint8Array;
  rankOf: ((position: number) => number) | null;
}

/** Per weight class (D, C, B, A), the words (bit i: word i of a list of lexeme prefixes) each product has. */
type Presence = readonly [Uint32Array, Uint32Array, Uint32Array, Uint32Array];

export interface ListingAnswer {
  cards: ProductCard[];
  total: number;
  facets: Facets;
}

type Comparator = (a: IndexedProduct, b: IndexedProduct) => number;

const byId = (a: IndexedProduct, b: IndexedProduct) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const newestFirst = (a: IndexedProduct, b: IndexedProduct) => b.createdAt - a.createdAt;
const inStockFirst = (a: IndexedProduct, b: IndexedProduct) => Number(b.stock > 0) - Number(a.stock > 0);

/** The orders of PostgreSQL's listing queries, ties broken the same way. */
const SORTS: Record<Exclude<ProductSort, 'relevance'> | 'browse', Comparator> = {
  newest: (a, b) => newestFirst(a, b) || byId(a, b),
  price_asc: (a, b) => a.price - b.price || byId(a, b),
  price_desc: (a, b) => b.price - a.price || byId(a, b),
  discount: (a, b) => b.discount - a.discount || newestFirst(a, b) || byId(a, b),
  // 'Recommended' without a search: in stock first, then newest.
  browse: (a, b) => inStockFirst(a, b) || newestFirst(a, b) || byId(a, b),
};

const unique = (values: number[]) => [...new Set(values)];

export function toIndexedProduct(row: ListingRow, vocabulary: Vocabulary): IndexedProduct {
  const card = toCard(row);
  const live = row.variants ?? [];
  const inStock = live.filter((variant) => variant.quantity > 0);
  const price = Number(row.selling_price_paise);
  const searchVector = parseSearchVector(row.search_text);
  let bands = 0;
  PRICE_BANDS.forEach((band, index) => {
    if (price >= band.min && (band.max === null || price <= band.max)) bands |= 1 << index;
  });
  return {
    id: row.id,
    card,
    style: row.category_style,
    category: row.category_slug ? vocabulary.category(row.category_slug, row.category_name ?? '', Number(row.category_position)) : -1,
    parentCategory: row.parent_slug ? vocabulary.category(row.parent_slug, row.parent_name ?? '', Number(row.parent_position)) : -1,
    price,
    bands,
    discount: Number(row.discount_percent),
    stock: Number(row.available_stock),
    createdAt: Number(row.created_micros),
    sizesInStock: unique(inStock.map((variant) => vocabulary.size(variant.size))),
    colors: unique(live.map((variant) => vocabulary.color(variant.color))),
    colorKeys: unique(live.map((variant) => vocabulary.colorKey(variant.color))),
    colorKeysInStock: unique(inStock.map((variant) => vocabulary.colorKey(variant.color))),
    searchVector,
    words: searchVector.lexemes.map((lexeme, entry) => {
      let weights = 0;
      for (const at of searchVector.positions[entry]!) weights |= 1 << (at & 3);
      return vocabulary.lexeme(lexeme) * WORD_WEIGHTS + weights;
    }),
  };
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

/** Many short lists of numbers (a product's sizes, say) in flat arrays: list i is values[start[i]..end[i]). */
class Lists {
  private constructor(
    readonly start: Uint32Array,
    readonly end: Uint32Array,
    readonly values: Uint32Array,
  ) {}

  static of(lists: ReadonlyArray<readonly number[]>): Lists {
    return new Lists(new Uint32Array(0), new Uint32Array(0), new Uint32Array(0)).with(
      lists.length,
      lists.map((list, i) => [i, list]),
    );
  }

  /** A copy holding n lists, with the given ones replaced: their new values go at the end (the old become garbage until the next full load). */
  with(n: number, changes: ReadonlyArray<readonly [number, readonly number[]]>): Lists {
    const start = new Uint32Array(n);
    const end = new Uint32Array(n);
    start.set(this.start.subarray(0, n));
    end.set(this.end.subarray(0, n));
    const values = new Uint32Array(this.values.length + changes.reduce((sum, [, list]) => sum + list.length, 0));
    values.set(this.values);
    let at = this.values.length;
    for (const [i, list] of changes) {
      values.set(list, at);
      start[i] = at;
      at += list.length;
      end[i] = at;
    }
    return new Lists(start, end, values);
  }

  /** Whether list i has a flagged value. */
  any(i: number, flags: Uint8Array): boolean {
    for (let at = this.start[i]!, end = this.end[i]!; at < end; at++) if (flags[this.values[at]!]) return true;
    return false;
  }

  /** Counts each value of list i. */
  count(i: number, counts: Int32Array): void {
    for (let at = this.start[i]!, end = this.end[i]!; at < end; at++) counts[this.values[at]!]!++;
  }
}

const STYLES = { traditional: 1, modern: 2 } as const;

/** The fields the listing pass reads, one typed array per field, indexed by a product's position. */
interface Columns {
  /** 1 where a product is held, 0 for a hole left by one that left the active catalogue. */
  live: Uint8Array;
  style: Uint8Array;
  category: Int16Array;
  parentCategory: Int16Array;
  price: Int32Array;
  bands: Uint8Array;
  discount: Uint8Array;
  inStock: Uint8Array;
  sizes: Lists;
  colors: Lists;
  colorKeys: Lists;
  colorKeysInStock: Lists;
  words: Lists;
  /** Per product, for each entry of its search vector in order: how many positions, then the positions (ranking). */
  positions: Lists;
}

/** A search vector's positions as one list: per entry, the count and then the positions. */
const flatPositions = (vector: SearchVector): number[] => vector.positions.flatMap((list) => [list.length, ...list]);

/** Columns for n positions: the old values copied, the given positions' products written in. */
function columnsWith(old: Columns | null, n: number, list: ReadonlyArray<IndexedProduct | null>, positions: readonly number[]): Columns {
  const grow = <T extends Uint8Array | Int16Array | Int32Array>(make: new (n: number) => T, from: T | undefined): T => {
    const column = new make(n);
    if (from) column.set(from.subarray(0, n));
    return column;
  };
  const columns = {
    live: grow(Uint8Array, old?.live),
    style: grow(Uint8Array, old?.style),
    category: grow(Int16Array, old?.category),
    parentCategory: grow(Int16Array, old?.parentCategory),
    price: grow(Int32Array, old?.price),
    bands: grow(Uint8Array, old?.bands),
    discount: grow(Uint8Array, old?.discount),
    inStock: grow(Uint8Array, old?.inStock),
  };
  const live: Array<[number, IndexedProduct]> = [];
  for (const i of positions) {
    const product = list[i];
    columns.live[i] = product ? 1 : 0;
    if (!product) continue;
    live.push([i, product]);
    columns.style[i] = product.style ? STYLES[product.style] : 0;
    columns.category[i] = product.category;
    columns.parentCategory[i] = product.parentCategory;
    columns.price[i] = product.price;
    columns.bands[i] = product.bands;
    columns.discount[i] = product.discount;
    columns.inStock[i] = product.stock > 0 ? 1 : 0;
  }
  const lists = (old: Lists | undefined, pick: (product: IndexedProduct) => readonly number[]) =>
    old
      ? old.with(
          n,
          live.map(([i, product]) => [i, pick(product)] as const),
        )
      : Lists.of(list.map((product) => (product ? pick(product) : [])));
  return {
    ...columns,
    sizes: lists(old?.sizes, (product) => product.sizesInStock),
    colors: lists(old?.colors, (product) => product.colors),
    colorKeys: lists(old?.colorKeys, (product) => product.colorKeys),
    colorKeysInStock: lists(old?.colorKeysInStock, (product) => product.colorKeysInStock),
    words: lists(old?.words, (product) => product.words),
    positions: lists(old?.positions, (product) => flatPositions(product.searchVector)),
  };
}

/**
 * `prepared.rank` of the product at position i, fed from the flat word and position lists: a word that matches
 * thousands of products ranks each of them, and walking each product's nested vector arrays took six times as long (1.4 µs a product against 0.2).
 */
function rankAt(prepared: PreparedQuery, i: number, words: Lists, positions: Lists, lexemeWords: Uint32Array): number {
  const wordValues = words.values;
  const positionValues = positions.values;
  prepared.startRank();
  let at = positions.start[i]!;
  for (let w = words.start[i]!, stop = words.end[i]!, entry = 0; w < stop; w++, entry++) {
    const count = positionValues[at++]!;
    const mask = lexemeWords[lexemeOfWord(wordValues[w]!)]!;
    if (mask !== 0) for (let k = 0; k < count; k++) prepared.addPosition(positionValues[at + k]!, entry, mask);
    at += count;
  }
  return prepared.finishRank();
}

/**
 * Per product and weight class, which search words are among the product's words (`lexemeWords` holds each
 * lexeme's mask of words). It is the hottest loop of a new search, so it reads typed arrays only and keeps the
 * product's four masks in locals. As a method reading the product list and calling back per value it ran three
 * times slower: V8 threw its optimised code away on every call ('wrong map').
 */
function wordPresence(live: Uint8Array, words: Lists, lexemeWords: Uint32Array): Presence {
  const { start, end, values } = words;
  const n = live.length;
  const a = new Uint32Array(n);
  const b = new Uint32Array(n);
  const c = new Uint32Array(n);
  const d = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    if (live[i] === 0) continue;
    let inA = 0;
    let inB = 0;
    let inC = 0;
    let inD = 0;
    for (let at = start[i]!, stop = end[i]!; at < stop; at++) {
      const value = values[at]!;
      const mask = lexemeWords[lexemeOfWord(value)]!;
      if (mask === 0) continue;
      const weights = weightsOfWord(value);
      if (weights & 1) inA |= mask;
      if (weights & 2) inB |= mask;
      if (weights & 4) inC |= mask;
      if (weights & 8) inD |= mask;
    }
    a[i] = inA;
    b[i] = inB;
    c[i] = inC;
    d[i] = inD;
  }
  return [a, b, c, d];
}

/** Past this many changed products at once, sorting afresh is cheaper than moving each into place. */
const MAX_MERGED_CHANGES = 2_000;

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
  ) {}

  /**
   * A snapshot of these products, its sorted orders made now (start-up, a background reload), not on a shopper's
   * first listing; the event loop gets a turn between the steps, so that requests keep being answered.
   */
  static async build(products: readonly IndexedProduct[], vocabulary: Vocabulary): Promise<ListingSnapshot> {
    const positions = new Map(products.map((product, i) => [product.id, i]));
    const columns = columnsWith(null, products.length, products, [...products.keys()]);
    const snapshot = new ListingSnapshot(products, positions, columns, new Map(), vocabulary);
    for (const sort of Object.keys(SORTS) as Array<keyof typeof SORTS>) {
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
        const compare = SORTS[sort as keyof typeof SORTS];
        const byPosition = (a: number, b: number) => compare(list[a]!, list[b]!);
        const back = touched.filter((i) => list[i]).sort(byPosition);
        orders.set(sort, mend(order, out, back, byPosition));
      }
    }
    return new ListingSnapshot(list, this.positions, columns, orders, this.vocabulary);
  }

  private ordered(sort: keyof typeof SORTS): Uint32Array {
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
    const prepared = new PreparedQuery(query);
    const prefixes = prepared.words.map((word) => word.lexeme);
    const { lexemeWords, presence } = this.presenceOf(prefixes);
    // The query's words are those prefixes in order; per weight class, the words that may match it.
    const allowed = prepared.allowedAt;
    const matched = new Uint8Array(this.list.length);
    for (let i = 0; i < this.list.length; i++) {
      const present =
        (presence[0][i]! & allowed[0]!) |
        (presence[1][i]! & allowed[1]!) |
        (presence[2][i]! & allowed[2]!) |
        (presence[3][i]! & allowed[3]!);
      if (present !== 0 && prepared.satisfied(present)) matched[i] = 1;
    }
    if (!ranked) return { matched, rankOf: null };
    // Ranks are kept per query while this snapshot lasts: the next page, sort or filter of the same words reuses
    // them (a word can match thousands of products, and each rank reads that product's positions).
    const key = JSON.stringify(query);
    const ranks = this.ranks.get(key) ?? new Float64Array(this.list.length).fill(Number.NaN);
    this.ranks.set(key, ranks);
    const { words, positions } = this.columns;
    const rankOf = (i: number) => {
      if (Number.isNaN(ranks[i]!)) ranks[i] = rankAt(prepared, i, words, positions, lexemeWords);
      return ranks[i]!;
    };
    return { matched, rankOf };
  }

  /** The last few queries' ranks by position, NaN until computed. */
  private readonly ranks = new LRUCache<string, Float64Array>({ max: 8 });

  /** The last few word lists' presence: a search's attempts (all words, strong ones, AND, OR) share one pass. */
  private readonly presences = new LRUCache<string, { lexemeWords: Uint32Array; presence: Presence }>({ max: 8 });

  /** Which of these lexeme prefixes each product has, per weight class, in one pass over the products' words. */
  private presenceOf(prefixes: readonly string[]): { lexemeWords: Uint32Array; presence: Presence } {
    const key = JSON.stringify(prefixes);
    const known = this.presences.get(key);
    if (known) return known;
    const lexemes = this.vocabulary.lexemes;
    // Per lexeme number, the words (mask) that are a prefix of it.
    const lexemeWords = new Uint32Array(lexemes.length);
    prefixes.forEach((prefix, bit) => {
      for (let lexeme = 0; lexeme < lexemes.length; lexeme++) if (lexemes[lexeme]!.startsWith(prefix)) lexemeWords[lexeme]! |= 1 << bit;
    });
    const presence = wordPresence(this.columns.live, this.columns.words, lexemeWords);
    const result = { lexemeWords, presence };
    this.presences.set(key, result);
    return result;
  }

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
        else if (total >= page.offset && cards.length < page.limit) cards.push(this.list[i]!.card);
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
      for (const k of byRank.subarray(page.offset, page.offset + page.limit)) cards.push(this.list[passing[k]!]!.card);
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

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A sorted order of positions with the `out` ones taken out and `back` (sorted) put in their places: a binary
 * search for each of the few changed products and block copies for the rest, not a comparison per product.
 */
function mend(order: Uint32Array, out: Uint8Array, back: readonly number[], compare: (x: number, y: number) => number): Uint32Array {
  const kept = new Uint32Array(order.length);
  let length = 0;
  for (let k = 0; k < order.length; k++) if (!out[order[k]!]) kept[length++] = order[k]!;
  const result = new Uint32Array(length + back.length);
  let from = 0;
  let to = 0;
  for (const position of back) {
    // The first kept position that sorts after this one.
    let low = from;
    let high = length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(kept[middle]!, position) <= 0) low = middle + 1;
      else high = middle;
    }
    result.set(kept.subarray(from, low), to);
    to += low - from;
    result[to++] = position;
    from = low;
  }
  result.set(kept.subarray(from, length), to);
  return result;
}

/** Lets timers and I/O callbacks run (answers to other requests) before the caller goes on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Products turned into index entries between two turns of the event loop during a full load (~5 ms of work). */
export const LOAD_BATCH = 1_000;

/**
 * A full reload now and then, in the background, in case a change was ever made without a notice; the
 * listings were never staler than this under the old answer cache either.
 */
export const SAFETY_RELOAD_MS = 10 * 60_000;

export class ListingIndex {
  private snapshot: ListingSnapshot | null = null;
  private loadedAt = 0;
  private dirty = new Set<string>();
  private dirtyAll = true;
  private loading: Promise<void> | null = null;
  /** Whether the reload under way applies noticed changes (a reader must wait for it) or is the safety one. */
  private loadingNotices = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly loadBatch = LOAD_BATCH,
  ) {}

  /** A change notice: these products (all, when none is named) must be read again. */
  invalidate(productIds: readonly string[]): void {
    if (productIds.length === 0) this.dirtyAll = true;
    else for (const id of productIds) this.dirty.add(id);
  }

  /** The current snapshot, with every change noticed so far applied. */
  async current(): Promise<ListingSnapshot> {
    if (this.snapshot && !this.loading && this.now() - this.loadedAt > SAFETY_RELOAD_MS) {
      this.dirtyAll = true;
      this.start(false).catch(() => undefined);
    }
    // A notice that arrives while a reload runs is applied by the next round; a few rounds at most, so that a
    // steady stream of stock changes cannot hold a reader forever (it then gets a snapshot a moment old).
    for (let round = 0; round < 3 && this.mustWait(); round++) await this.start(true);
    if (!this.snapshot) throw new Error('the listing index could not be loaded');
    return this.snapshot;
  }

  private mustWait(): boolean {
    return !this.snapshot || this.dirtyAll || this.dirty.size > 0 || (this.loading !== null && this.loadingNotices);
  }

  private start(notices: boolean): Promise<void> {
    if (!this.loading) {
      this.loadingNotices = notices;
      this.loading = this.reload().finally(() => {
        this.loading = null;
      });
    }
    return this.loading;
  }

  private async reload(): Promise<void> {
    const all = this.dirtyAll || !this.snapshot;
    const ids = [...this.dirty];
    this.dirtyAll = false;
    this.dirty = new Set();
    const startedAt = this.now();
    try {
      const rows = await listingRows(this.db, all ? undefined : ids);
      if (all) {
        // In batches, the event loop getting a turn between them: a full load of 20,000 products is ~0.5 s of
        // work, which must not hold up every request arriving meanwhile (the safety reload runs under traffic).
        const vocabulary = new Vocabulary();
        const products: IndexedProduct[] = [];
        for (let start = 0; start < rows.length; start += this.loadBatch) {
          await nextTurn();
          for (const row of rows.slice(start, start + this.loadBatch)) products.push(toIndexedProduct(row, vocabulary));
        }
        this.snapshot = await ListingSnapshot.build(products, vocabulary);
        this.loadedAt = startedAt;
      } else {
        const snapshot = this.snapshot!;
        const changed = new Map<string, IndexedProduct | null>(ids.map((id) => [id, null]));
        for (const row of rows) changed.set(row.id, toIndexedProduct(row, snapshot.vocabulary));
        this.snapshot = snapshot.withChanges(changed);
      }
    } catch (error) {
      // Try again on the next read; meanwhile the last snapshot (if any) answers.
      if (all) this.dirtyAll = true;
      for (const id of ids) this.dirty.add(id);
      if (!this.snapshot) throw error;
    }
  }
}
