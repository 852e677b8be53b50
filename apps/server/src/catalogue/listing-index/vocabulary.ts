// Values that filters and facets compare, and search-vector words, as small numbers.

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
  /** Whether a category is known by another name or position than these (renamed since it was first seen). */
  categoryChanged(slug: string, name: string, position: number): boolean {
    const known = this.categories[this.categorySlug(slug)];
    return known !== undefined && (known.name !== name || known.position !== position);
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
export const WORD_WEIGHTS = 16;
export const lexemeOfWord = (word: number) => Math.floor(word / WORD_WEIGHTS);
export const weightsOfWord = (word: number) => word % WORD_WEIGHTS;
