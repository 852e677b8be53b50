import type { ProductSort } from '@shop/core';
import { LRUCache } from 'lru-cache';
import { PreparedQuery, type FullTextQuery } from '../full-text.js';
import type { Columns, IndexedProduct, Lists } from './columns.js';
import { lexemeOfWord, weightsOfWord, type Vocabulary } from './vocabulary.js';

// The orders a listing is sorted in, kept sorted across changes, and relevance: which products a search
// matches and their full-text rank.

type Comparator = (a: IndexedProduct, b: IndexedProduct) => number;

const byId = (a: IndexedProduct, b: IndexedProduct) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const newestFirst = (a: IndexedProduct, b: IndexedProduct) => b.createdAt - a.createdAt;
const inStockFirst = (a: IndexedProduct, b: IndexedProduct) => Number(b.stock > 0) - Number(a.stock > 0);

/** The orders of PostgreSQL's listing queries, ties broken the same way. */
export const SORTS: Record<Exclude<ProductSort, 'relevance'> | 'browse', Comparator> = {
  newest: (a, b) => newestFirst(a, b) || byId(a, b),
  price_asc: (a, b) => a.price - b.price || byId(a, b),
  price_desc: (a, b) => b.price - a.price || byId(a, b),
  discount: (a, b) => b.discount - a.discount || newestFirst(a, b) || byId(a, b),
  // 'Recommended' without a search: in stock first, then newest.
  browse: (a, b) => inStockFirst(a, b) || newestFirst(a, b) || byId(a, b),
};

/** The name of a kept sort order. */
export type OrderName = keyof typeof SORTS;

/** Past this many changed products at once, sorting afresh is cheaper than moving each into place. */
export const MAX_MERGED_CHANGES = 2_000;

/**
 * A sorted order of positions with the `out` ones taken out and `back` (sorted) put in their places: a binary
 * search for each of the few changed products and block copies for the rest, not a comparison per product.
 */
export function mend(order: Uint32Array, out: Uint8Array, back: readonly number[], compare: (x: number, y: number) => number): Uint32Array {
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

/**
 * Full-text matching and ranking over one snapshot's columns, with what it keeps while the snapshot lasts: the
 * last few queries' ranks and the last few word lists' presence.
 */
export class SnapshotSearch {
  constructor(
    private readonly columns: Columns,
    private readonly vocabulary: Vocabulary,
  ) {}

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
    const matched = new Uint8Array(this.columns.live.length);
    for (let i = 0; i < this.columns.live.length; i++) {
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
    const ranks = this.ranks.get(key) ?? new Float64Array(this.columns.live.length).fill(Number.NaN);
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
}
