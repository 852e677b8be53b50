// What shoppers send to the catalogue, many different queries rather than one URL a cache answers: the filter and
// search mixes of bench:catalogue and bench:soak.
import pg from 'pg';
import { seededRandom } from '../../apps/server/src/dev/demo/garment-art.js';

export interface Facets {
  categories: Array<{ slug: string }>;
  sizes: Array<{ value: string }>;
  colors: Array<{ value: string }>;
}

/** 600 different filter combinations of the kinds shoppers send: category, size, colour, price range, sort, page. */
export function filterPaths(facets: Facets, count: number): string[] {
  const random = seededRandom(42);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const sorts = ['relevance', 'newest', 'price_asc', 'price_desc', 'discount'];
  const prices = [
    [0, 99_900],
    [50_000, 200_000],
    [100_000, 300_000],
    [200_000, 500_000],
    [500_000, 2_000_000],
  ];
  const paths = new Set<string>();
  while (paths.size < count) {
    const params = new URLSearchParams();
    if (random() < 0.3) params.set('style', pick(['traditional', 'modern']));
    if (random() < 0.5) params.set('category', pick(facets.categories).slug);
    if (random() < 0.4) params.set('size', pick(facets.sizes).value);
    if (random() < 0.3) params.set('color', pick(facets.colors).value);
    if (random() < 0.4) {
      const [min, max] = pick(prices);
      if (min) params.set('minPrice', String(min));
      params.set('maxPrice', String(max));
    }
    if (random() < 0.15) params.set('minDiscount', String(pick([10, 20, 30])));
    if (random() < 0.2) params.set('inStock', 'true');
    params.set('sort', pick(sorts));
    params.set('page', String(random() < 0.6 ? 1 : 1 + Math.floor(random() * 5)));
    params.set('limit', '24');
    paths.add(`/api/user/product/filter?${params.toString()}`);
  }
  return [...paths];
}

/** 120 different searches: catalogue words, two-word phrases and misspellings, some with a filter. */
export async function searchPaths(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const words = (await client.query<{ word: string }>('select word from search_words where length(word) > 3 order by word')).rows.map(
    (row) => row.word,
  );
  await client.end();
  const random = seededRandom(7);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const typo = (word: string) => {
    const at = 1 + Math.floor(random() * (word.length - 2));
    return word.slice(0, at) + word.slice(at + 1);
  };
  const queries = new Set<string>(['kurthi', 'sari', 'lehnga', 'cotton kurthi', 'silk saree']);
  while (queries.size < count) {
    const roll = random();
    const query = roll < 0.5 ? pick(words) : roll < 0.8 ? `${pick(words)} ${pick(words)}` : typo(pick(words));
    queries.add(query);
  }
  return [...queries].map((query, index) => {
    const params = new URLSearchParams({ q: query, limit: '24' });
    if (index % 4 === 1) params.set('sort', 'price_asc');
    if (index % 5 === 2) params.set('page', '2');
    return `/api/user/product/search?${params.toString()}`;
  });
}
