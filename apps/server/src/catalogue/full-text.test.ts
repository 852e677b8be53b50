import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Db } from '../db/database.js';
import { createTestDatabase } from '../test/database.js';
import { seededRandom } from '../dev/demo/garment-art.js';
import { fullTextQuery, matchesQuery, parseSearchVector, rankCoverDensity, weightMask, type FullTextQuery } from './full-text.js';
import { toTsQuery } from './search-terms.js';

describe('parseSearchVector', () => {
  it("reads PostgreSQL's tsvector text: positions, weights (D unwritten), quotes and backslashes", () => {
    expect(parseSearchVector("'dress':4A,5B,12 'ikat':1A")).toEqual({ lexemes: ['dress', 'ikat'], positions: [[19, 22, 48], [7]] });
    expect(parseSearchVector("'it''s':3C 'a\\\\b':2 'bare'")).toEqual({ lexemes: ["it's", 'a\\b', 'bare'], positions: [[13], [8], []] });
    expect(parseSearchVector('')).toEqual({ lexemes: [], positions: [] });
  });
});

describe('fullTextQuery', () => {
  const lexemes = new Map([
    ['sarees', ['sare']],
    ['the', []],
    ['silk', ['silk']],
    ['odd', ['o', 'dd']],
  ]);
  it('stems every word, drops stop words and groups left empty, as to_tsquery does', () => {
    expect(fullTextQuery([['the'], ['sarees', 'silk']], '&', 'AB', lexemes)).toEqual({
      join: '&',
      groups: [
        [
          { lexeme: 'sare', weights: weightMask('AB') },
          { lexeme: 'silk', weights: weightMask('AB') },
        ],
      ],
    });
    expect(fullTextQuery([['the']], '|', '', lexemes)).toEqual({ join: '|', groups: [] });
  });
  it('gives up on a word of several lexemes (a phrase to PostgreSQL), and on one it was not told', () => {
    expect(fullTextQuery([['odd']], '&', '', lexemes)).toBeNull();
    expect(fullTextQuery([['unknown']], '&', '', lexemes)).toBeNull();
  });
});

// ts_rank_cd and @@ as PostgreSQL computes them, on random vectors and queries: same matches, same rank to the bit.
describe('matching and ranking against PostgreSQL', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await createTestDatabase()).db;
  });

  const LEXEMES = ['silk', 'silki', 'sare', 'saree', 'cotton', 'kurti', 'zari', 'zardozi', 'red', 'reddish', 'blue', 'ikat'];
  const PREFIXES = ['sil', 'silk', 'sare', 'sa', 'cotton', 'kurti', 'zar', 'zari', 'red', 'blue', 'ikat', 'ik', 'nope'];
  const WEIGHTS = ['A', 'B', 'C', 'D'];

  function randomVector(random: () => number): string {
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
    const free = Array.from({ length: 40 }, (_, i) => i + 1).sort(() => random() - 0.5);
    const entries = new Map<string, number[]>();
    const count = 1 + Math.floor(random() * 14);
    for (let k = 0; k < count; k++) {
      const lexeme = pick(LEXEMES);
      entries.set(lexeme, [...(entries.get(lexeme) ?? []), free.pop()!]);
    }
    return [...entries]
      .map(([lexeme, positions]) => {
        const list = positions
          .sort((a, b) => a - b)
          .map((position) => {
            const weight = pick(WEIGHTS);
            return weight === 'D' ? String(position) : `${position}${weight}`;
          });
        return `'${lexeme}':${list.join(',')}`;
      })
      .join(' ');
  }

  function randomQuery(random: () => number): { text: string; query: FullTextQuery } {
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
    const groups = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
      Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(PREFIXES)),
    );
    const join = random() < 0.6 ? '&' : '|';
    const weights = pick(['', 'AB', 'A', 'BC']);
    const identity = new Map(PREFIXES.map((prefix) => [prefix, [prefix]]));
    return { text: toTsQuery(groups, join, weights), query: fullTextQuery(groups, join, weights, identity)! };
  }

  it('agree on 1,500 random vectors and queries', async () => {
    const random = seededRandom(16);
    const cases = Array.from({ length: 1_500 }, () => ({ vector: randomVector(random), ...randomQuery(random) }));
    const rows = await selectRows<{ vector: string; matches: boolean; rank: number }>(
      db,
      sql`select (c.value->>'vector')::tsvector::text as vector,
            (c.value->>'vector')::tsvector @@ (c.value->>'query')::tsquery as matches,
            ts_rank_cd((c.value->>'vector')::tsvector, (c.value->>'query')::tsquery)::float8 as rank
          from jsonb_array_elements(${JSON.stringify(cases.map(({ vector, text }) => ({ vector, query: text })))}::jsonb)
            with ordinality as c(value, n) order by c.n`,
    );
    let matched = 0;
    cases.forEach(({ text, query }, k) => {
      const vector = rows[k]!.vector;
      const parsed = parseSearchVector(vector);
      const label = `${vector} @@ ${text}`;
      expect(matchesQuery(parsed, query), label).toBe(rows[k]!.matches);
      expect(rankCoverDensity(parsed, query), label).toBe(Number(rows[k]!.rank));
      if (rows[k]!.matches) matched++;
    });
    // Enough of both kinds to mean something.
    expect(matched).toBeGreaterThan(300);
    expect(matched).toBeLessThan(1_200);
  });
});
