import { PRICE_BANDS, compareSizes, productQuerySchema, type Facets, type ProductQuery, type ProductSort } from '@shop/core';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pgArray, selectRows, type Db } from '../db/database.js';
import { useTestApp } from '../test/app.js';
import { seedLargeCatalogue } from '../dev/demo/seed.js';
import { ListingIndex, SAFETY_RELOAD_MS } from './listing-index/index.js';
import { fullTextQuery } from './full-text.js';
import { lexemesOf } from './queries.js';
import { STRONG_WEIGHTS, toTsQuery } from './search-terms.js';
import { categories, products, variants } from './tables.js';
import { seededRandom } from '../dev/demo/garment-art.js';

// The listing index must answer exactly what PostgreSQL answers. The reference below is the SQL the
// storefront ran before the index (ADR 014): every filter, sort, page and facet count is compared on a
// generated catalogue with sold-out sizes, removed variants, drafts and a child category.

type FacetGroup = 'category' | 'size' | 'color' | 'price';
function conditions(query: ProductQuery, tsQuery: string | null, except?: FacetGroup): SQL[] {
  const where: SQL[] = [sql`p.status = 'active'`];
  if (tsQuery) where.push(sql`p.search_vector @@ to_tsquery('english', ${tsQuery})`);
  if (query.style) where.push(sql`p.category_id in (select id from ${categories} where style = ${query.style})`);
  if (except !== 'category' && query.category.length > 0) {
    // A parent category includes its children.
    where.push(sql`p.category_id in (
      select c.id from ${categories} c left join ${categories} parent on parent.id = c.parent_id
      where c.slug = any(${pgArray(query.category)}::text[]) or parent.slug = any(${pgArray(query.category)}::text[]))`);
  }
  const stockCondition = query.inStock ? sql` and v.quantity > 0` : sql``;
  // A size filter means 'available in that size': a sold-out size does not match.
  if (except !== 'size' && query.size.length > 0) {
    where.push(
      sql`exists (select 1 from ${variants} v where v.product_id = p.id and v.archived_at is null and v.quantity > 0 and v.variant_size = any(${pgArray(query.size)}::text[]))`,
    );
  }
  if (except !== 'color' && query.color.length > 0) {
    where.push(
      sql`exists (select 1 from ${variants} v where v.product_id = p.id and v.archived_at is null and lower(v.variant_color) = any(${pgArray(query.color.map((c) => c.toLowerCase()))}::text[])${stockCondition})`,
    );
  }
  if (except !== 'price') {
    if (query.minPrice !== undefined) where.push(sql`p.selling_price_paise >= ${query.minPrice}`);
    if (query.maxPrice !== undefined) where.push(sql`p.selling_price_paise <= ${query.maxPrice}`);
  }
  if (query.minDiscount !== undefined) where.push(sql`p.discount_percent >= ${query.minDiscount}`);
  if (query.inStock) where.push(sql`p.available_stock > 0`);
  return where;
}

const whereOf = (query: ProductQuery, tsQuery: string | null, except?: FacetGroup) =>
  sql.join(conditions(query, tsQuery, except), sql` and `);

function orderBy(sort: ProductSort, tsQuery: string | null): SQL {
  switch (sort) {
    case 'newest':
      return sql`p.created_at desc, p.id`;
    case 'price_asc':
      return sql`p.selling_price_paise asc, p.id`;
    case 'price_desc':
      return sql`p.selling_price_paise desc, p.id`;
    case 'discount':
      return sql`p.discount_percent desc, p.created_at desc, p.id`;
    case 'relevance':
      return tsQuery
        ? sql`ts_rank_cd(p.search_vector, to_tsquery('english', ${tsQuery})) desc, (p.available_stock > 0) desc, p.created_at desc, p.id`
        : sql`(p.available_stock > 0) desc, p.created_at desc, p.id`;
  }
}

/** Ids of one page of matching products, in the asked order, and how many match in all. */
async function pageOfIds(
  db: Db,
  query: ProductQuery,
  tsQuery: string | null,
  page: { limit: number; offset: number; sort: ProductSort },
): Promise<{ ids: string[]; total: number }> {
  const rows = await selectRows<{ id: string; total: number }>(
    db,
    sql`
    select p.id, count(*) over () as total from ${products} p
    where ${whereOf(query, tsQuery)}
    order by ${orderBy(page.sort, tsQuery)} limit ${page.limit} offset ${page.offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page.offset > 0) {
    // Past the last page: still say how many there are, so the page can offer a way back.
    const count = await selectRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from ${products} p where ${whereOf(query, tsQuery)}`,
    );
    total = Number(count[0]?.total ?? 0);
  }
  return { ids: rows.map((row) => row.id), total };
}

/** Counts per category, size, colour and price band; each group under every filter but its own. */
async function facetCounts(db: Db, query: ProductQuery, tsQuery: string | null): Promise<Facets> {
  const bandColumns = sql.join(
    PRICE_BANDS.map((band, index) =>
      band.max === null
        ? sql`count(*) filter (where p.selling_price_paise >= ${band.min}) as ${sql.raw(`b${index}`)}`
        : sql`count(*) filter (where p.selling_price_paise between ${band.min} and ${band.max}) as ${sql.raw(`b${index}`)}`,
    ),
    sql`, `,
  );
  const [categoryRows, sizeRows, colorRows, bandRows] = await Promise.all([
    selectRows<{ slug: string; name: string; count: number }>(
      db,
      sql`
      select c.slug, c.name, count(*)::int as count from ${products} p join ${categories} c on c.id = p.category_id
      where ${whereOf(query, tsQuery, 'category')} group by c.slug, c.name, c.position order by c.position, c.name`,
    ),
    selectRows<{ value: string; count: number }>(
      db,
      sql`
      select v.variant_size as value, count(distinct p.id)::int as count from ${products} p
      join ${variants} v on v.product_id = p.id and v.archived_at is null and v.quantity > 0
      where ${whereOf(query, tsQuery, 'size')} group by v.variant_size`,
    ),
    selectRows<{ value: string; count: number }>(
      db,
      sql`
      select v.variant_color as value, count(distinct p.id)::int as count from ${products} p join ${variants} v on v.product_id = p.id and v.archived_at is null
      where ${whereOf(query, tsQuery, 'color')} group by v.variant_color order by count desc, value`,
    ),
    selectRows<Record<string, number | string>>(
      db,
      sql`select ${bandColumns} from ${products} p where ${whereOf(query, tsQuery, 'price')}`,
    ),
  ]);
  const bands = bandRows[0] ?? {};
  return {
    categories: categoryRows.map((row) => ({ ...row, count: Number(row.count) })),
    sizes: sizeRows.map((row) => ({ ...row, count: Number(row.count) })).sort((a, b) => compareSizes(a.value, b.value)),
    colors: colorRows.map((row) => ({ ...row, count: Number(row.count) })),
    priceBands: PRICE_BANDS.map((band, index) => ({ min: band.min, max: band.max, count: Number(bands[`b${index}`] ?? 0) })),
  };
}

const t = useTestApp();

async function catalogue(): Promise<{ db: Db; facets: Facets }> {
  const db = t.database.db;
  if ((await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${products}`))[0]!.n === 0) {
    await seedLargeCatalogue({ ...t.services, db }, { products: 400 });
    // What the generated catalogue lacks: sold-out sizes, removed variants, a child category, equal prices.
    await db.execute(sql`update ${variants} set quantity = 0 where variant_size in ('M', 'Free size') and sku like '%1'`);
    await db.execute(sql`update ${variants} set archived_at = now(), quantity = 0 where sku like '%7'`);
    const [parent] = await selectRows<{ id: string; style: string }>(db, sql`select id, style from ${categories} order by slug limit 1`);
    const [child] = await selectRows<{ id: string }>(
      db,
      sql`insert into ${categories} (name, slug, parent_id, style, hsn_code, position)
          values ('Festive picks', 'festive-picks', ${parent!.id}, ${parent!.style}, '6204', 99) returning id`,
    );
    await db.execute(sql`update ${products} set category_id = ${child!.id} where slug like '%-1_'`);
    await db.execute(sql`update ${products} set price_paise = 149900, discount_percent = 0 where slug like '%-2_'`);
  }
  const index = new ListingIndex(db);
  const all = (await index.current()).query(productQuerySchema.parse({}), { limit: 1, offset: 0, sort: 'newest' });
  return { db, facets: all.facets };
}

function randomQuery(random: () => number, facets: Facets): { query: ProductQuery; sort: ProductSort; page: number } {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const input: Record<string, string> = {};
  if (random() < 0.3) input.style = pick(['traditional', 'modern']);
  if (random() < 0.5) input.category = [...new Set([pick(facets.categories).slug, pick(facets.categories).slug])].join(',');
  if (random() < 0.4) input.size = [...new Set([pick(facets.sizes).value, pick(facets.sizes).value])].join(',');
  if (random() < 0.4) input.color = pick(facets.colors).value.toLowerCase();
  if (random() < 0.3) input.minPrice = String(pick([0, 50_000, 149_900, 300_000]));
  if (random() < 0.3) input.maxPrice = String(pick([149_900, 400_000, 900_000]));
  if (Number(input.minPrice ?? 0) > Number(input.maxPrice ?? Infinity)) delete input.maxPrice;
  if (random() < 0.2) input.minDiscount = String(pick([10, 30, 50]));
  if (random() < 0.3) input.inStock = 'true';
  const sort = pick(['relevance', 'newest', 'price_asc', 'price_desc', 'discount'] as const);
  return { query: productQuerySchema.parse(input), sort, page: 1 + Math.floor(random() * 3) };
}

interface Search {
  groups: string[][];
  join: '&' | '|';
  weights: string;
}

/**
 * The index's answer to a random query, compared with PostgreSQL's: the page's ids, the total and every facet.
 * With a search, the index matches and ranks it itself (full-text.ts); PostgreSQL runs it as to_tsquery.
 */
async function expectSameAsPostgres(
  db: Db,
  index: ListingIndex,
  { query, sort, page }: ReturnType<typeof randomQuery>,
  search?: Search,
): Promise<number> {
  const spec = { limit: 12, offset: (page - 1) * 12, sort };
  const tsQuery = search ? toTsQuery(search.groups, search.join, search.weights) : null;
  const expected = await pageOfIds(db, query, tsQuery, spec);
  const snapshot = await index.current();
  const fullText = search && fullTextQuery(search.groups, search.join, search.weights, await lexemesOf(db, search.groups.flat()));
  if (search) expect(fullText, tsQuery!).not.toBeNull();
  const answer = snapshot.query(query, spec, fullText ? snapshot.search(fullText, sort === 'relevance') : undefined);
  const label = JSON.stringify({ tsQuery, query, sort, page });
  expect(
    answer.cards.map((card) => card._id),
    label,
  ).toEqual(expected.ids);
  expect(answer.total, label).toBe(expected.total);
  expect(answer.facets, label).toEqual(await facetCounts(db, query, tsQuery));
  return answer.total;
}

describe('the listing index', () => {
  it('answers 300 random filter combinations exactly as PostgreSQL does: page, total and every facet', async () => {
    const { db, facets } = await catalogue();
    const index = new ListingIndex(db);
    const random = seededRandom(2026);
    for (let run = 0; run < 300; run++) await expectSameAsPostgres(db, index, randomQuery(random, facets));
  }, 120_000);

  it('answers searches as PostgreSQL does, ranked for relevance', async () => {
    const { db, facets } = await catalogue();
    const index = new ListingIndex(db);
    const random = seededRandom(11);
    const searches = [
      [['silk']],
      [['cotton'], ['kurti']],
      [['zari', 'zardozi']],
      [['festive']],
      [['the'], ['sarees']],
      [['sil'], ['red', 'blue']],
    ];
    let found = 0;
    for (const groups of searches) {
      for (const join of ['&', '|'] as const) {
        for (const weights of [STRONG_WEIGHTS, '']) {
          for (let run = 0; run < 5; run++)
            if ((await expectSameAsPostgres(db, index, randomQuery(random, facets), { groups, join, weights })) > 0) found++;
        }
      }
    }
    // Most of them find something: the ranks were compared, not only empty pages.
    expect(found).toBeGreaterThan(60);
  }, 120_000);

  it('still answers as PostgreSQL does after many changes applied one notice at a time', async () => {
    const { db, facets } = await catalogue();
    const index = new ListingIndex(db);
    await index.current();
    const random = seededRandom(99);
    const ids = (await selectRows<{ id: string }>(db, sql`select id from ${products} order by id`)).map((row) => row.id);
    const pick = () => ids[Math.floor(random() * ids.length)]!;
    for (let round = 0; round < 30; round++) {
      const changed = [pick(), pick(), pick(), pick()];
      const [priced, soldOut, hidden, renamed] = changed;
      await db.execute(sql`update ${products} set price_paise = ${(500 + Math.floor(random() * 5000)) * 100} where id = ${priced!}`);
      await db.execute(sql`update ${variants} set quantity = 0 where product_id = ${soldOut!}`);
      await db.execute(sql`update ${products} set status = ${random() < 0.5 ? 'draft' : 'active'} where id = ${hidden!}`);
      // New words and positions for one product: its rank must be read from its new search vector.
      const words = ['festive silk', 'red cotton kurti', 'silk silk festive red'][round % 3]!;
      await db.execute(sql`update ${products} set name = ${`${words} ${round}`} where id = ${renamed!}`);
      index.invalidate(changed);
      await expectSameAsPostgres(db, index, randomQuery(random, facets));
      // A search too, by relevance: a product that left the catalogue leaves a hole its words must not be found
      // in, and a renamed one is ranked by its new words.
      const groups = [[['silk']], [['cotton'], ['kurti']], [['festive', 'red']]][round % 3]!;
      await expectSameAsPostgres(db, index, { ...randomQuery(random, facets), sort: 'relevance' }, { groups, join: '|', weights: '' });
    }
  }, 120_000);

  it('shows a noticed change on the next read, and reads again now and then what changed without a notice', async () => {
    const { db } = await catalogue();
    let now = 1_000_000;
    const index = new ListingIndex(db, () => now);
    const inStock = productQuerySchema.parse({ inStock: 'true' });
    const first = (await index.current()).query(inStock, { limit: 1, offset: 0, sort: 'newest' });
    const id = first.cards[0]!._id;
    const soldOut = sql`update ${variants} set quantity = 0 where product_id = ${id}`;

    await db.execute(soldOut);
    // Not noticed: the index still answers from memory, without asking the database.
    expect((await index.current()).query(inStock, { limit: 1, offset: 0, sort: 'newest' }).cards[0]!._id).toBe(id);
    index.invalidate([id]);
    const after = (await index.current()).query(inStock, { limit: 1, offset: 0, sort: 'newest' });
    expect(after.cards[0]!._id).not.toBe(id);
    expect(after.total).toBe(first.total - 1);

    // A change nobody announced is picked up by the safety round, in the background of a later read.
    await db.execute(sql`update ${variants} set quantity = 3 where product_id = ${id}`);
    now += SAFETY_RELOAD_MS + 1;
    await index.current();
    await index.idle();
    expect((await index.current()).query(inStock, { limit: 1, offset: 0, sort: 'newest' }).total).toBe(first.total);
  });

  it('reads again in a safety round only the products that differ from the database, and keeps the others as they were', async () => {
    const { db } = await catalogue();
    // What each read answered: the fingerprints (id and hash) or listing rows, and how many.
    const reads: Array<{ what: 'fingerprints' | 'rows'; count: number }> = [];
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<Db['execute']>) => {
          const result = await target.execute(...args);
          const rows = (result as { rows: Array<Record<string, unknown>> }).rows;
          if (rows[0] && 'fingerprint' in rows[0]) reads.push({ what: 'name' in rows[0] ? 'rows' : 'fingerprints', count: rows.length });
          return result;
        };
      },
    });
    let now = 1_000_000;
    const index = new ListingIndex(counting, () => now);
    const everything = productQuerySchema.parse({});
    const page = { limit: 3, offset: 0, sort: 'newest' } as const;
    const before = (await index.current()).query(everything, page);
    const [repriced, hidden, untouched] = before.cards;
    reads.splice(0);

    // Nothing changed: the fingerprints agree and no product is read again.
    now += SAFETY_RELOAD_MS + 1;
    await index.current();
    await index.idle();
    expect(reads).toEqual([{ what: 'fingerprints', count: before.total }]);

    // Two changes without a notice: a new price, a product made a draft.
    await db.execute(sql`update ${products} set price_paise = price_paise + 10000 where id = ${repriced!._id}`);
    await db.execute(sql`update ${products} set status = 'draft' where id = ${hidden!._id}`);
    reads.splice(0);
    now += SAFETY_RELOAD_MS + 1;
    await index.current();
    await index.idle();
    // Only the repriced product is read again (the draft is no longer active: it leaves the index).
    expect(reads).toEqual([
      { what: 'fingerprints', count: before.total - 1 },
      { what: 'rows', count: 1 },
    ]);
    const after = (await index.current()).query(everything, page);
    expect(after.total).toBe(before.total - 1);
    expect(after.cards.map((card) => card._id)).toEqual([repriced!._id, untouched!._id, expect.any(String)]);
    expect(after.cards[0]!.productPrice).toBe(repriced!.productPrice + 10000);
    // The product nobody changed is the very same entry: nothing of it was built twice.
    expect(after.cards[1]).toBe(untouched);

    await db.execute(sql`update ${products} set status = 'active' where id = ${hidden!._id}`);
    index.invalidate([hidden!._id]);
    expect((await index.current()).query(everything, page).total).toBe(before.total);
  });

  it('builds the index afresh when a category was renamed without a notice, so that facets show the new name', async () => {
    const { db } = await catalogue();
    let now = 1_000_000;
    const index = new ListingIndex(db, () => now);
    const everything = productQuerySchema.parse({});
    const page = { limit: 1, offset: 0, sort: 'newest' } as const;
    const [category] = (await index.current()).query(everything, page).facets.categories;
    const renamed = `${category!.name} (renamed)`;
    await db.execute(sql`update ${categories} set name = ${renamed} where slug = ${category!.slug}`);
    now += SAFETY_RELOAD_MS + 1;
    await index.current();
    await index.idle();
    const facets = (await index.current()).query(everything, page).facets.categories;
    expect(facets.find((facet) => facet.slug === category!.slug)?.name).toBe(renamed);
    await db.execute(sql`update ${categories} set name = ${category!.name} where slug = ${category!.slug}`);
    index.invalidate([]);
    await index.current();
  });

  it('leaves out a product made a draft, and takes back one made active', async () => {
    const { db } = await catalogue();
    const index = new ListingIndex(db);
    const everything = productQuerySchema.parse({});
    const before = (await index.current()).query(everything, { limit: 1, offset: 0, sort: 'newest' });
    const id = before.cards[0]!._id;
    await db.execute(sql`update ${products} set status = 'draft' where id = ${id}`);
    index.invalidate([id]);
    const hidden = (await index.current()).query(everything, { limit: 1, offset: 0, sort: 'newest' });
    expect(hidden.total).toBe(before.total - 1);
    expect(hidden.cards[0]!._id).not.toBe(id);
    await db.execute(sql`update ${products} set status = 'active' where id = ${id}`);
    index.invalidate([]);
    expect((await index.current()).query(everything, { limit: 1, offset: 0, sort: 'newest' }).cards[0]!._id).toBe(id);
  });

  it('gives the event loop turns while it loads everything, batch by batch', async () => {
    const { db } = await catalogue();
    // Turns of the event loop taken while a full load turns the rows it read into the index, with batches of
    // `batch` products. Counted from the moment the rows have arrived: while the database answers, the loop
    // turns as often as the wait is long (many times over a network), which says nothing about the load.
    const turnsDuring = async (batch: number) => {
      let turns = 0;
      let rowsArrived = false;
      let loading = true;
      const reading = new Proxy(db, {
        get(target, property, receiver) {
          if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
          return async (...args: Parameters<Db['execute']>) => {
            const result = await target.execute(...args);
            rowsArrived = true;
            return result;
          };
        },
      });
      const tick = () => {
        if (!loading) return;
        if (rowsArrived) turns++;
        setImmediate(tick);
      };
      setImmediate(tick);
      await new ListingIndex(reading, Date.now, batch).current();
      loading = false;
      return turns;
    };
    const whole = await turnsDuring(1_000_000);
    // 400 products in batches of 10: forty more turns, give or take the database's own.
    expect(await turnsDuring(10)).toBeGreaterThanOrEqual(whole + 30);
  });
});
