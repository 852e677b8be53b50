/**
 * PostgreSQL full-text search answered in memory for the listing index (ADR 016): a product's `search_vector`
 * as read once (`search_vector::text`), matched against the storefront's queries and ranked with
 * `ts_rank_cd`'s own arithmetic, so that the order is the one PostgreSQL gives. Only the queries the
 * storefront builds are supported (search-terms.ts: groups of prefix words joined by AND or OR, each word
 * restricted to some weights or not); stemming stays PostgreSQL's (`stemsOf` in queries.ts).
 */

/** Weight classes as PostgreSQL numbers them: D 0, C 1, B 2, A 3. */
const WEIGHT_CLASS: Readonly<Record<string, number>> = { A: 3, B: 2, C: 1, D: 0 };

/** A weight mask (bit w for weight class w) from letters such as 'AB'; 0 means any weight. */
export function weightMask(letters: string): number {
  let mask = 0;
  for (const letter of letters) mask |= 1 << WEIGHT_CLASS[letter.toUpperCase()]!;
  return mask;
}

/** One product's search vector: lexemes in PostgreSQL's order, and each one's positions as `position * 4 + weight class`. */
export interface SearchVector {
  lexemes: readonly string[];
  positions: ReadonlyArray<readonly number[]>;
}

/** Parses PostgreSQL's text output of a tsvector: `'dress':4A,5B,12 'ikat':1A`. */
export function parseSearchVector(text: string): SearchVector {
  const lexemes: string[] = [];
  const positions: number[][] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === ' ') {
      at++;
      continue;
    }
    if (text[at] !== "'") throw new Error(`unexpected tsvector text at ${at}: ${text.slice(at, at + 20)}`);
    let lexeme = '';
    at++;
    for (;;) {
      const char = text[at];
      if (char === undefined) throw new Error('unterminated lexeme in tsvector text');
      if (char === "'" && text[at + 1] === "'") {
        lexeme += "'";
        at += 2;
      } else if (char === '\\') {
        lexeme += text[at + 1] ?? '';
        at += 2;
      } else if (char === "'") {
        at++;
        break;
      } else {
        lexeme += char;
        at++;
      }
    }
    const list: number[] = [];
    if (text[at] === ':') {
      at++;
      for (;;) {
        let position = 0;
        while (text[at]! >= '0' && text[at]! <= '9') position = position * 10 + Number(text[at++]);
        const weight = WEIGHT_CLASS[text[at] ?? ''];
        if (weight !== undefined) at++;
        list.push(position * 4 + (weight ?? 0));
        if (text[at] !== ',') break;
        at++;
      }
    }
    lexemes.push(lexeme);
    positions.push(list);
  }
  return { lexemes, positions };
}

/** A prefix word of a query (`silk:*AB`): its stem and the weights it may match (0: any). */
export interface QueryWord {
  lexeme: string;
  weights: number;
}

/** `(a:* | b:*) & (c:*)`: every group (or, with '|', any group) must have one of its words. */
export interface FullTextQuery {
  join: '&' | '|';
  groups: ReadonlyArray<readonly QueryWord[]>;
}

// ts_rank_cd's default weights {D 0.1, C 0.2, B 0.4, A 1.0} are C floats; their inverses are taken in double.
const INVERSE_WEIGHTS = [0.1, 0.2, 0.4, 1.0].map((weight) => 1 / Math.fround(weight));

/** A query's words as bits (word i: bit i) hold in one 32-bit mask; a longer query is left to PostgreSQL. */
export const MAX_QUERY_WORDS = 32;

/**
 * A query made ready for matching and ranking many vectors. Which words match which lexeme is the caller's to
 * say, as a mask of the query's words (`words` order) per vector entry: the listing index looks it up by lexeme
 * number, the reference functions below by comparing strings.
 */
export class PreparedQuery {
  /** The query's words in order; word i is bit i of every mask. */
  readonly words: readonly QueryWord[];
  private readonly groupMasks: Uint32Array;
  private readonly all: boolean;
  /** Per weight class (D 0 … A 3), the words (mask) that may match a position of that weight. */
  readonly allowedAt: Uint32Array;
  // Reused between vectors (no allocation per ranked product): a vector's matched positions (position * 4 + weight),
  // entries and word masks, their order, and positions and masks in that order.
  private at = new Int32Array(64);
  private entryOf = new Int32Array(64);
  private wordsAt = new Uint32Array(64);
  private order = new Int32Array(64);
  private sortedAt = new Int32Array(64);
  private sortedWords = new Uint32Array(64);
  /** How many positions of the vector being ranked are in `at`, `entryOf` and `wordsAt`. */
  private n = 0;

  constructor(query: FullTextQuery) {
    this.words = query.groups.flat();
    if (this.words.length > MAX_QUERY_WORDS) throw new Error(`a prepared query holds at most ${MAX_QUERY_WORDS} words`);
    let bit = 0;
    this.groupMasks = Uint32Array.from(
      query.groups.map((group) => {
        let mask = 0;
        for (let k = 0; k < group.length; k++) mask |= 1 << bit++;
        return mask;
      }),
    );
    this.all = query.join === '&';
    this.allowedAt = Uint32Array.from([0, 1, 2, 3], (weight) =>
      this.words.reduce((mask, word, i) => (word.weights === 0 || (word.weights >> weight) & 1 ? mask | (1 << i) : mask), 0),
    );
  }

  /** Whether words present (mask) satisfy the query; an empty query matches nothing, as in PostgreSQL. */
  satisfied(present: number): boolean {
    const groups = this.groupMasks;
    if (groups.length === 0) return false;
    if (this.all) {
      for (let g = 0; g < groups.length; g++) if ((present & groups[g]!) === 0) return false;
      return true;
    }
    for (let g = 0; g < groups.length; g++) if ((present & groups[g]!) !== 0) return true;
    return false;
  }

  /** `vector @@ query`, given the words whose prefix each entry's lexeme has. */
  matches(vector: SearchVector, entryWords: (entry: number) => number): boolean {
    let present = 0;
    for (let entry = 0; entry < vector.lexemes.length; entry++) {
      const words = entryWords(entry);
      if (words === 0) continue;
      for (const at of vector.positions[entry]!) present |= words & this.allowedAt[at & 3]!;
    }
    return this.satisfied(present);
  }

  /**
   * `ts_rank_cd(vector, query)` (no normalisation) computed as PostgreSQL's calc_rank_cd does
   * (src/backend/utils/adt/tsrank.c): the positions of the query's words in order, then each cover (the
   * shortest stretch holding enough words to satisfy the query), each adding its density divided by the words
   * in between. Rounded to a C float, as PostgreSQL returns it.
   */
  rank(vector: SearchVector, entryWords: (entry: number) => number): number {
    this.startRank();
    for (let entry = 0; entry < vector.lexemes.length; entry++) {
      const words = entryWords(entry);
      if (words === 0) continue;
      for (const at of vector.positions[entry]!) this.addPosition(at, entry, words);
    }
    return this.finishRank();
  }

  /**
   * The same rank, given position by position: `startRank()`, then `addPosition` for each position of each
   * vector entry whose lexeme some query word is a prefix of (entries in the vector's order), then `finishRank()`.
   * The listing index feeds it from its flat arrays, with no vector object to walk.
   */
  startRank(): void {
    this.n = 0;
  }

  /** get_docrep: a position (`position * 4 + weight class`) of entry `entry`, whose lexeme these words (mask) have. */
  addPosition(at: number, entry: number, words: number): void {
    const allowed = words & this.allowedAt[at & 3]!;
    if (allowed === 0) return; // a weight the words may not match
    if (this.n === this.at.length) this.grow();
    this.at[this.n] = at;
    this.entryOf[this.n] = entry;
    this.wordsAt[this.n] = allowed;
    this.n++;
  }

  finishRank(): number {
    const n = this.n;
    if (n === 0) return 0;
    // Ordered by position, then weight (both in `at`), then lexeme: an insertion sort, as the positions of
    // one lexeme already come in order.
    const atOf = this.at;
    const entryOf = this.entryOf;
    const order = this.order;
    for (let k = 0; k < n; k++) {
      let j = k - 1;
      while (j >= 0 && (atOf[order[j]!]! > atOf[k]! || (atOf[order[j]!] === atOf[k] && entryOf[order[j]!]! > entryOf[k]!))) {
        order[j + 1] = order[j]!;
        j--;
      }
      order[j + 1] = k;
    }
    const at = this.sortedAt;
    const wordsAt = this.sortedWords;
    for (let k = 0; k < n; k++) {
      at[k] = atOf[order[k]!]!;
      wordsAt[k] = this.wordsAt[order[k]!]!;
    }

    let rank = 0;
    let from = 0;
    // Cover(): from `from`, the first entry where the query is satisfied ends the cover; from there back, the
    // first where it is satisfied again starts it; the next search starts after that start.
    for (;;) {
      let present = 0;
      let end = -1;
      for (let k = from; k < n; k++) {
        present |= wordsAt[k]!;
        if (this.satisfied(present)) {
          end = k;
          break;
        }
      }
      if (end < 0) break;
      present = 0;
      let begin = end;
      for (; begin >= from; begin--) {
        present |= wordsAt[begin]!;
        if (this.satisfied(present)) break;
      }
      let inverseSum = 0;
      for (let k = begin; k <= end; k++) inverseSum += INVERSE_WEIGHTS[at[k]! & 3]!;
      const density = (end - begin + 1) / inverseSum;
      let noise = (at[end]! >> 2) - (at[begin]! >> 2) - (end - begin);
      if (noise < 0) noise = Math.trunc((end - begin) / 2);
      rank += density / (1 + noise);
      from = begin + 1;
    }
    return Math.fround(rank);
  }

  private grow(): void {
    const size = this.at.length * 2;
    const copy = <T extends Int32Array | Uint32Array>(make: new (n: number) => T, old: T) => {
      const array = new make(size);
      array.set(old);
      return array;
    };
    this.at = copy(Int32Array, this.at);
    this.entryOf = copy(Int32Array, this.entryOf);
    this.wordsAt = copy(Uint32Array, this.wordsAt);
    this.order = new Int32Array(size);
    this.sortedAt = new Int32Array(size);
    this.sortedWords = new Uint32Array(size);
  }
}

/** The query's words (mask) that are a prefix of each of the vector's lexemes, by comparing text. */
const prefixWords = (vector: SearchVector, query: PreparedQuery) => (entry: number) =>
  query.words.reduce((mask, word, i) => (vector.lexemes[entry]!.startsWith(word.lexeme) ? mask | (1 << i) : mask), 0);

/** `vector @@ query`, for one vector (the listing index matches many with PreparedQuery). */
export function matchesQuery(vector: SearchVector, query: FullTextQuery): boolean {
  const prepared = new PreparedQuery(query);
  return prepared.matches(vector, prefixWords(vector, prepared));
}

/** `ts_rank_cd(vector, query)`, for one vector (the listing index ranks many with PreparedQuery). */
export function rankCoverDensity(vector: SearchVector, query: FullTextQuery): number {
  const prepared = new PreparedQuery(query);
  return prepared.rank(vector, prefixWords(vector, prepared));
}

/**
 * The query `toTsQuery(groups, join, weights)` stands for, with each word replaced by its lexeme (`lexemes`,
 * from lexemesOf): a stop word drops out, as to_tsquery drops it, and a group left empty with it. Null when a
 * word makes more than one lexeme (PostgreSQL would join them as a phrase, which this module does not do), or
 * when there are more than MAX_QUERY_WORDS words.
 */
export function fullTextQuery(
  groups: ReadonlyArray<readonly string[]>,
  join: '&' | '|',
  weights: string,
  lexemes: ReadonlyMap<string, readonly string[]>,
): FullTextQuery | null {
  const mask = weightMask(weights);
  const stemmed: QueryWord[][] = [];
  for (const group of groups) {
    const words: QueryWord[] = [];
    for (const word of group) {
      const found = lexemes.get(word);
      if (!found || found.length > 1) return null;
      if (found.length === 1) words.push({ lexeme: found[0]!, weights: mask });
    }
    if (words.length > 0) stemmed.push(words);
  }
  return stemmed.flat().length > MAX_QUERY_WORDS ? null : { join, groups: stemmed };
}
