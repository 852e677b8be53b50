/**
 * A soak of the shop as docs/deploy.md runs it: two instances on one PostgreSQL database, photos in a loopback S3
 * server, nginx in front with the guide's site file. Virtual shoppers do what shoppers do — different searches and
 * filters with think time, a product, add to cart, pay on the Razorpay emulator, verify — and a counter makes bills,
 * for minutes on end. Prints p50/p99 per call, errors, orders and bills per second, and each instance's resident
 * memory every 10 s with its slope after warm-up (a leak shows as a steady climb).
 *
 *   npm run bench:soak
 *   BENCH_SHOPPERS=50 BENCH_SECONDS=240 BENCH_PRODUCTS=500 npm run bench:soak
 *
 * Exits non-zero when a call failed or stock went wrong; the figures themselves are reported, not asserted.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startS3Server } from '../apps/server/src/test/s3-server.js';
import { startCluster, type Cluster } from '../e2e/support/cluster.js';
import { adminLogin, call, dataOf, payOnEmulator, signUpShopper, type Answer, type Shopper } from '../e2e/support/shop-api.js';
import { filterPaths, searchPaths, type Facets } from './support/shopper-queries.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 240);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 500);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 60);
const SAMPLE_EVERY_MS = 10_000;
const EMULATOR_KEY_ID = 'rzp_test_emulator000001';
const OWNER = { email: 'soak.owner@example.in', password: 'soak owner 2026' };
/** Sign-ups hash passwords with argon2: a few at a time keep the set-up from starving everything else. */
const SIGNUP_CONCURRENCY = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const thinkMs = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;

// ---------------------------------------------------------------------------------------------------------
// Latencies and outcomes

const samples = new Map<string, number[]>();
const errors: string[] = [];
const tally = { orders: 0, soldOut: 0, bills: 0 };
let recording = false;

function record(name: string, started: number): void {
  if (!recording) return;
  let list = samples.get(name);
  if (!list) samples.set(name, (list = []));
  list.push(performance.now() - started);
}

async function timed<T>(name: string, work: () => Promise<Answer<T>>): Promise<Answer<T>> {
  const started = performance.now();
  const answer = await work();
  record(name, started);
  return answer;
}

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

// ---------------------------------------------------------------------------------------------------------
// What a shopper and the counter do

interface Catalogue {
  filters: string[];
  searches: string[];
}

async function shop(base: string, shopper: Shopper, catalogue: Catalogue, until: number): Promise<void> {
  const { cookie, ip } = shopper;
  while (performance.now() < until) {
    try {
      // Browse: a few listings, each looked at for a moment.
      let listing: { products: Array<{ _id: string; inStock: boolean }> } = { products: [] };
      for (let look = 0; look < 1 + Math.floor(Math.random() * 3); look++) {
        const query = Math.random() < 0.6 ? pick(catalogue.filters) : pick(catalogue.searches);
        const name = query.includes('/search?') ? 'search' : 'filter';
        listing = dataOf(await timed(name, () => call<typeof listing>(base, 'GET', query, { ip })), name);
        await sleep(thinkMs(300, 1_500));
      }
      const candidates = listing.products.filter((product) => product.inStock);
      if (candidates.length === 0) continue;
      const productId = pick(candidates)._id;
      const { product } = dataOf(
        await timed('product', () =>
          call<{ product: { variants: Array<{ _id: string; quantity: number }> } }>(
            base,
            'GET',
            `/api/user/product/getProductDetails/${productId}`,
            { ip },
          ),
        ),
        'product',
      );
      const variant = product.variants.find((candidate) => candidate.quantity > 0);
      if (!variant) continue;
      await sleep(thinkMs(500, 2_000));
      const line = { productId, variantId: variant._id, quantity: 1 };
      const added = await timed('addToCart', () => call(base, 'POST', '/api/user/product/addToCart', { body: line, cookie, ip }));
      if (added.status === 409) {
        tally.soldOut++;
        continue;
      }
      dataOf(added, 'addToCart');
      const opened = await timed('createpayment', () =>
        call<{ razorpay: { id: string } }>(base, 'POST', '/api/user/payment/createpayment', {
          body: { amount: 1, paymentMethod: 'online', products: [{ id: productId, variant: variant._id }], address: shopper.addressId },
          cookie,
          ip,
        }),
      );
      if (opened.status === 409) {
        tally.soldOut++;
        await call(base, 'DELETE', '/api/user/product/removeFromCart', { body: { productId, variantId: variant._id }, cookie, ip });
        continue;
      }
      const { razorpay } = dataOf(opened, 'createpayment');
      const started = performance.now();
      const sheet = await payOnEmulator(base, razorpay.id, EMULATOR_KEY_ID, shopper);
      record('emulator pay', started);
      const verified = await timed('verifyPayment', () =>
        call<{ order: { status: string } }>(base, 'POST', '/api/user/payment/verifyPayment', {
          body: {
            razorpayOrderId: sheet.razorpay_order_id,
            razorpayPaymentId: sheet.razorpay_payment_id,
            razorpaySignature: sheet.razorpay_signature,
          },
          cookie,
          ip,
        }),
      );
      const { order } = dataOf(verified, 'verifyPayment');
      if (order.status !== 'paid') throw new Error(`verifyPayment left the order ${order.status}`);
      if (recording) tally.orders++;
      await sleep(thinkMs(1_000, 3_000));
    } catch (error) {
      if (recording) errors.push(error instanceof Error ? error.message : String(error));
      await sleep(1_000);
    }
  }
}

/** The counter: finds items by a word, bills one to three of them, a bill every few seconds. */
async function counter(base: string, asid: string, words: string[], until: number): Promise<void> {
  while (performance.now() < until) {
    try {
      const { items } = dataOf(
        await timed('findItems', () =>
          call<{ items: Array<{ productId: string; variantId: string | null; stock: number }> }>(
            base,
            'GET',
            `/api/admin/bill/findItems?q=${encodeURIComponent(pick(words))}`,
            { cookie: asid },
          ),
        ),
        'findItems',
      );
      const inStock = items.filter((item) => item.stock > 0).slice(0, 1 + Math.floor(Math.random() * 3));
      if (inStock.length > 0) {
        const bill = await timed('createBill', () =>
          call(base, 'POST', '/api/admin/bill/createBill', {
            cookie: asid,
            body: { items: inStock.map((item) => ({ productId: item.productId, variantId: item.variantId ?? undefined, quantity: 1 })) },
          }),
        );
        if (bill.status === 409) tally.soldOut++;
        else {
          dataOf(bill, 'createBill');
          if (recording) tally.bills++;
        }
      }
    } catch (error) {
      if (recording) errors.push(`counter: ${error instanceof Error ? error.message : String(error)}`);
    }
    await sleep(thinkMs(2_000, 5_000));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Memory

/** Resident memory of a process in MB, from /proc (Linux); NaN elsewhere. */
function rssMb(pid: number | undefined): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return Number(/(\d+)/.exec(line ?? '')?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Least-squares slope of (seconds, MB) points, in MB per minute. */
function slopePerMinute(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const numerator = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const denominator = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return (numerator / denominator) * 60;
}

// ---------------------------------------------------------------------------------------------------------

async function prepareCatalogue(databaseUrl: string): Promise<void> {
  console.log(`Seeding ${PRODUCTS} products…`);
  execFileSync(process.execPath, [path.join(ROOT, 'apps/server/dist/cli/seed.js'), '--products', String(PRODUCTS)], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, SEED_DEMO: '0' },
    stdio: 'ignore',
  });
  // Steady state: what is in stock stays in stock for the whole soak (sold-out variants stay sold out).
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('update variants set quantity = 1000000 where quantity > 0');
  await client.query('update products set stock = 1000000 where stock > 0');
  await client.end();
}

async function main(): Promise<void> {
  const s3 = await startS3Server();
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({ env: { ...s3.env, LOG_LEVEL: 'warn' }, prepare: prepareCatalogue });
    const { url } = cluster;
    cluster.createOwner(OWNER.email, OWNER.password);
    const asid = await adminLogin(url, OWNER.email, OWNER.password);

    const facets = dataOf(await call<{ facets: Facets }>(url, 'GET', '/api/user/product/filter?limit=1'), 'facets').facets;
    const catalogue = {
      filters: filterPaths(facets, 600),
      searches: await searchPaths(cluster.directDatabaseUrl, 120),
    };
    const words = catalogue.searches.map((query) => new URLSearchParams(query.split('?')[1]).get('q')!.split(' ')[0]!);

    console.log(`Signing up ${SHOPPERS} shoppers…`);
    const codeFor = async (email: string) => {
      for (let attempt = 0; attempt < 200; attempt++) {
        const code = /\b(\d{6})\b/.exec(cluster!.mails.findLast((mail) => mail.to.includes(email))?.subject ?? '')?.[1];
        if (code) return code;
        await sleep(50);
      }
      throw new Error(`no code mail to ${email}`);
    };
    // Sign-ups go to the instances directly, each shopper from her own address (nginx would make every one of them
    // 127.0.0.1, and fifty code requests from one network are, rightly, refused); the soak itself goes through nginx.
    const direct = cluster.instances.map((instance) => instance.url);
    const shoppers: Shopper[] = [];
    for (let start = 0; start < SHOPPERS; start += SIGNUP_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(SIGNUP_CONCURRENCY, SHOPPERS - start) }, (_, i) =>
        signUpShopper(direct, codeFor, start + i, 'soak'),
      );
      shoppers.push(...(await Promise.all(batch)));
    }

    const instances = cluster.instances.map((instance) => ({ name: instance.name, version: instance.version, pid: instance.child.pid }));
    console.log(
      `Soak: ${SHOPPERS} shoppers and a counter for ${SECONDS} s through nginx (${instances.map((i) => `${i.name} on Node ${i.version}`).join(', ')}), ` +
        `${PRODUCTS} products, ${WARMUP_SECONDS} s warm-up excluded from the memory slope.\n`,
    );
    const memory: Array<{ at: number; rss: number[] }> = [];
    const began = performance.now();
    const sampler = setInterval(
      () => memory.push({ at: (performance.now() - began) / 1000, rss: instances.map((i) => rssMb(i.pid)) }),
      SAMPLE_EVERY_MS,
    );
    memory.push({ at: 0, rss: instances.map((i) => rssMb(i.pid)) });
    recording = true;
    const until = began + SECONDS * 1000;
    await Promise.all([
      ...shoppers.map(async (shopper, index) => {
        await sleep((index / SHOPPERS) * 5_000); // arrive over five seconds, not all at once
        await shop(url, shopper, catalogue, until);
      }),
      counter(url, asid, words, until),
    ]);
    recording = false;
    clearInterval(sampler);
    memory.push({ at: (performance.now() - began) / 1000, rss: instances.map((i) => rssMb(i.pid)) });
    const elapsed = (performance.now() - began) / 1000;

    console.log('call'.padEnd(16), 'count'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8));
    for (const [name, values] of [...samples.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...values].sort((x, y) => x - y);
      console.log(
        name.padEnd(16),
        String(sorted.length).padStart(8),
        percentile(sorted, 0.5).toFixed(1).padStart(8),
        percentile(sorted, 0.99).toFixed(1).padStart(8),
      );
    }
    console.log(
      `\norders paid: ${tally.orders} (${(tally.orders / elapsed).toFixed(2)}/s), bills: ${tally.bills} (${(tally.bills / elapsed).toFixed(2)}/s), ` +
        `sold out at cart or payment: ${tally.soldOut}, errors: ${errors.length}`,
    );
    for (const message of [...new Set(errors)].slice(0, 10)) console.log(`  error: ${message}`);

    console.log('\nresident memory (MB) every 10 s:');
    console.log('  s    ' + instances.map((i) => i.name.padStart(8)).join(''));
    for (const sample of memory)
      console.log(`${sample.at.toFixed(0).padStart(4)}  ` + sample.rss.map((mb) => mb.toFixed(0).padStart(8)).join(''));
    for (const [index, instance] of instances.entries()) {
      const after = memory
        .filter((sample) => sample.at >= WARMUP_SECONDS)
        .map((sample): [number, number] => [sample.at, sample.rss[index]!]);
      console.log(
        `instance ${instance.name}: slope after warm-up ${slopePerMinute(after).toFixed(2)} MB/min, peak ${Math.max(...memory.map((s) => s.rss[index]!)).toFixed(0)} MB`,
      );
    }

    // Stock stays whole: nothing below zero.
    const client = new pg.Client({ connectionString: cluster.directDatabaseUrl });
    await client.connect();
    const negative = (await client.query<{ count: string }>('select count(*) from variants where quantity < 0')).rows[0]!.count;
    await client.end();
    console.log(`variants below zero: ${negative}`);
    if (errors.length > 0 || negative !== '0') process.exitCode = 1;
  } finally {
    await cluster?.stop();
    await s3.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
