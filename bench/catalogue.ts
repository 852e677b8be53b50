/**
 * Catalogue speed on PostgreSQL with a large catalogue: our filter, search and product-detail endpoints
 * next to a bare Fastify route, measured in the same run with the same load (autocannon, 50 connections).
 *
 *   npm run bench:catalogue                 (20,000 products in database shop_bench on 127.0.0.1:5432)
 *   BENCH_PRODUCTS=5000 BENCH_SECONDS=5 npm run bench:catalogue
 *
 * Prints req/s, p99 latency and the ratio to the bare route for each endpoint. It asserts nothing: the
 * figures depend on the machine; compare ratios, not absolute numbers.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_POSTGRES, databaseUrl, ROOT, startBare, startShop, stop } from './support/shop.js';
import { filterPaths, searchPaths, type Facets } from './support/shopper-queries.js';

const DATABASE = process.env.BENCH_DATABASE ?? 'shop_bench';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

async function ensureDatabase(): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_POSTGRES });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
  if (exists.rowCount === 0) await client.query(`create database ${DATABASE}`);
  await client.end();
}

/** Products already in the bench database (0 before its first migration). */
async function productCount(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl(DATABASE) });
  await client.connect();
  try {
    const result = await client.query<{ count: number }>(
      `select count(*)::int as count from information_schema.tables where table_name = 'products'`,
    );
    if (!result.rows[0]?.count) return 0;
    return (await client.query<{ count: number }>('select count(*)::int as count from products')).rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function measure(url: string): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Load on many different paths, walked in one fixed order shared by all connections. */
async function measurePaths(base: string, paths: readonly string[]): Promise<{ rps: number; p99: number; errors: number }> {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const line = (
  name: string,
  ours: { rps: number; p99: number; errors: number },
  bytes: number,
  tiny: { rps: number },
  sameSize: { rps: number },
) =>
  [
    name.padEnd(20),
    `${Math.round(ours.rps).toLocaleString('en-IN').padStart(7)} req/s`,
    `p99 ${String(ours.p99).padStart(4)} ms`,
    `${(bytes / 1024).toFixed(1).padStart(5)} KB`,
    `| bare ${Math.round(tiny.rps).toLocaleString('en-IN').padStart(7)} req/s, ratio ${(ours.rps / tiny.rps).toFixed(2)}`,
    `| bare same size ${Math.round(sameSize.rps).toLocaleString('en-IN').padStart(7)} req/s, ratio ${(ours.rps / sameSize.rps).toFixed(2)}`,
    ours.errors ? `errors ${ours.errors}` : '',
  ].join('  ');

async function main() {
  await ensureDatabase();
  const env = { DATABASE_URL: databaseUrl(DATABASE), SEED_DEMO: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
  const missing = PRODUCTS - (await productCount());
  if (missing > 0) {
    console.log(`Adding ${missing.toLocaleString('en-IN')} products to ${DATABASE}...`);
    await run('node', ['apps/server/dist/cli/seed.js', '--products', String(missing)], env);
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const shop = await startShop({ ...env, DATA_DIR: dataDir });
  const bare = await startBare();
  try {
    const filter = (await (await fetch(`${shop.url}/api/user/product/filter?limit=1&sort=newest`)).json()) as {
      data: { total: number; products: Array<{ _id: string }> };
    };
    const productId = filter.data.products[0]?._id;
    if (!productId) throw new Error('the bench database has no active products');
    console.log(
      `Catalogue: ${filter.data.total.toLocaleString('en-IN')} active products. ${CONNECTIONS} connections, ${SECONDS} s per endpoint.\n`,
    );

    const targets = [
      ['filter', '/api/user/product/filter?style=traditional&size=M&minPrice=50000&maxPrice=500000&sort=price_asc&limit=24'],
      ['search', '/api/user/product/search?q=cotton%20kurthi&limit=24'],
      ['product detail', `/api/user/product/getProductDetails/${productId}`],
    ] as const;

    const tiny = await measure(`${bare.url}/bare`);
    console.log('The same URL repeated:');
    for (const [name, pathAndQuery] of targets) {
      const url = `${shop.url}${pathAndQuery}`;
      const bytes = (await (await fetch(url)).text()).length;
      const sized = `${bare.url}/bare-sized?bytes=${bytes}`;
      // Warm everything up so that first-request costs (connections, caches, JIT) are not measured.
      for (const target of [sized, url]) await autocannon({ url: target, connections: 10, amount: 500 });
      const sameSize = await measure(sized);
      const ours = await measure(url);
      console.log(line(name, ours, bytes, tiny, sameSize));
    }

    const facets = (await (await fetch(`${shop.url}/api/user/product/filter?limit=1`)).json()) as { data: { facets: Facets } };
    const varied = [
      ['600 filters', filterPaths(facets.data.facets, 600)],
      ['120 searches', await searchPaths(databaseUrl(DATABASE), 120)],
    ] as const;
    // Calls nobody asked before, on an idle machine: what a shopper waits for when no cache can help. The code
    // paths are warmed first with other queries of the same kind (a running shop has compiled them long ago);
    // the five measured ones are each asked once.
    for (const [name, paths] of varied) {
      for (const path of paths.slice(0, 10)) await (await fetch(`${shop.url}${path}`)).text();
      // Idle: the load phases just before leave the shop collecting their garbage and autocannon's workers
      // winding down on the same two cores for a second or so.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const calls: Array<{ path: string; ms: number }> = [];
      for (const path of paths.slice(-5)) {
        const started = performance.now();
        await (await fetch(`${shop.url}${path}`)).text();
        calls.push({ path, ms: performance.now() - started });
      }
      const times = calls.map((call) => call.ms).sort((a, b) => a - b);
      console.log(
        `${name}: five uncached calls on an idle machine took ${times[2]!.toFixed(1)} ms (median), ${times[4]!.toFixed(1)} ms (slowest):`,
      );
      for (const call of calls) console.log(`  ${call.ms.toFixed(1).padStart(6)} ms  ${call.path}`);
    }
    console.log('\nDifferent queries, walked in a fixed order by all connections:');
    for (const [name, paths] of varied) {
      let total = 0;
      for (const path of paths.slice(0, 60)) total += (await (await fetch(`${shop.url}${path}`)).text()).length;
      const bytes = Math.round(total / 60);
      const sized = `${bare.url}/bare-sized?bytes=${bytes}`;
      await autocannon({ url: sized, connections: 10, amount: 500 });
      const sameSize = await measure(sized);
      const ours = await measurePaths(shop.url, paths);
      console.log(line(name, ours, bytes, tiny, sameSize));
    }
    console.log(
      '\nTargets: the same URL repeated, ratio ≥ 0.50 to the same-size bare route; different queries, p99 < 50 ms and ratio ≥ 0.10;' +
        ' one uncached call ≤ 15 ms. The load generator shares the two cores and reads every byte: the same-size ratio separates our work from the cost of moving the answer.',
    );
  } finally {
    await Promise.all([stop(shop.child), stop(bare.child)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
