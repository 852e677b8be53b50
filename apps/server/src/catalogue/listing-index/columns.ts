import { PRICE_BANDS, mediaSrcset, type ProductCard } from '@shop/core';
import { parseSearchVector, type SearchVector } from '../full-text.js';
import { toCard, type ListingRow } from '../queries.js';
import { WORD_WEIGHTS, type Vocabulary } from './vocabulary.js';

// What the index keeps of a product, and the typed-array columns the listing pass reads.

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
  /** The average of its stars × 10 (0 without reviews), for 'rating 4 and above'. */
  rating: number;
  stock: number;
  /** Creation time in microseconds, PostgreSQL's precision, so that sorts agree with the database. */
  createdAt: number;
  /** Sizes with a live variant in stock: a size filter means 'available in that size'. */
  sizesInStock: readonly number[];
  /** Colours of live variants as written (the facet's values) and lower-cased (what a filter matches), any stock and in stock. */
  colors: readonly number[];
  colorKeys: readonly number[];
  colorKeysInStock: readonly number[];
  /** The card with a colour's own photo, by colour key, for the colours that have one: a colour filter shows it. */
  colourCards: ReadonlyMap<number, ProductCard>;
  /**
   * Its search vector's entries as word-list numbers (WORD_WEIGHTS), for matching, and their positions for ranking:
   * per entry, how many and then the positions. The vector itself is not kept (its lexemes are in the vocabulary).
   */
  words: readonly number[];
  positions: readonly number[];
  /** The md5 of its listing row: a safety round compares it with the database's (listingFingerprints). */
  fingerprint: string;
}

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
  const colorKeys = unique(live.map((variant) => vocabulary.colorKey(variant.color)));
  const colourCards = new Map<number, ProductCard>();
  for (const image of row.colour_images ?? []) {
    const key = vocabulary.colorKeyOf(image.variant_color);
    if (key < 0 || !colorKeys.includes(key) || colourCards.has(key)) continue;
    colourCards.set(key, {
      ...card,
      image: {
        _id: image.id,
        public_id: image.storage_key,
        secure_url: image.url,
        srcset: mediaSrcset(image.storage_key),
        avifSrcset: image.avif ? mediaSrcset(image.storage_key, 'avif') : null,
        width: Number(image.width),
        height: Number(image.height),
        alt: image.alt,
        variantColor: image.variant_color,
      },
    });
  }
  return {
    id: row.id,
    card,
    style: row.category_style,
    category: row.category_slug ? vocabulary.category(row.category_slug, row.category_name ?? '', Number(row.category_position)) : -1,
    parentCategory: row.parent_slug ? vocabulary.category(row.parent_slug, row.parent_name ?? '', Number(row.parent_position)) : -1,
    price,
    bands,
    discount: Number(row.discount_percent),
    rating: Math.round(card.rating.average * 10),
    stock: Number(row.available_stock),
    createdAt: Number(row.created_micros),
    sizesInStock: unique(inStock.map((variant) => vocabulary.size(variant.size))),
    colors: unique(live.map((variant) => vocabulary.color(variant.color))),
    colorKeys,
    colorKeysInStock: unique(inStock.map((variant) => vocabulary.colorKey(variant.color))),
    colourCards,
    words: searchVector.lexemes.map((lexeme, entry) => {
      let weights = 0;
      for (const at of searchVector.positions[entry]!) weights |= 1 << (at & 3);
      return vocabulary.lexeme(lexeme) * WORD_WEIGHTS + weights;
    }),
    positions: flatPositions(searchVector),
    fingerprint: row.fingerprint,
  };
}

/** Many short lists of numbers (a product's sizes, say) in flat arrays: list i is values[start[i]..end[i]). */
export class Lists {
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

export const STYLES = { traditional: 1, modern: 2 } as const;

/** The fields the listing pass reads, one typed array per field, indexed by a product's position. */
export interface Columns {
  /** 1 where a product is held, 0 for a hole left by one that left the active catalogue. */
  live: Uint8Array;
  style: Uint8Array;
  category: Int16Array;
  parentCategory: Int16Array;
  price: Int32Array;
  bands: Uint8Array;
  discount: Uint8Array;
  rating: Uint8Array;
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
export function columnsWith(
  old: Columns | null,
  n: number,
  list: ReadonlyArray<IndexedProduct | null>,
  positions: readonly number[],
): Columns {
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
    rating: grow(Uint8Array, old?.rating),
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
    columns.rating[i] = product.rating;
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
    positions: lists(old?.positions, (product) => product.positions),
  };
}
