/**
 * What the shop's memory does over a working day in miniature: start → demo catalogue loaded (its photos encoded)
 * → mixed traffic (different filters and searches, products, add to cart, pay on the Razorpay emulator, verify) →
 * idle. One instance of the built shop, on the embedded database (PGlite) or on PostgreSQL. Prints resident memory,
 * V8's heap and the memory outside it (Buffers, sharp/libvips, PGlite's WebAssembly heap) at the end of each phase,
 * read from the shop's own /metrics, and the slope of resident memory over the last three minutes of traffic (a
 * leak shows as a steady climb).
 *
 *   npm run bench:memory                                  (PGlite, 20 shoppers, 300 s of traffic, 60 s idle)
 *   BENCH_DATABASE=postgres npm run bench:memory
 *   BENCH_SHOPPERS=20 BENCH_SECONDS=300 BENCH_IDLE_SECONDS=60 npm run bench:memory
 *   BENCH_SHOP_ENV='MALLOC_ARENA_MAX=2 PHOTO_AVIF=0' npm run bench:memory     (instead of the deployed settings)
 *   BENCH_SHOP_ENV= npm run bench:memory                                     (glibc's and V8's defaults)
 *   BENCH_DATABASE=postgres BENCH_PRODUCTS=20000 npm run bench:memory    (a generated catalogue instead of the demo)
 *
 * Budgets from issue 27, reported, not asserted (they depend on the machine): on PostgreSQL ≤ 250 MB resident with
 * the demo catalogue and ≤ 350 MB with 20,000 products, on PGlite ≤ 400 MB; no growth over the last 3 minutes of
 * traffic.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort } from '../e2e/support/cluster.js';
import { call, dataOf, payOnEmulator, signUpShopper, type Shopper } from '../e2e/support/shop-api.js';
import { removeDataDir, startShop } from '../e2e/support/shop-process.js';
import { databaseUrl, onServer, ROOT, shopSettings } from './support/shop.js';
import { filterPaths, type Facets } from './support/shopper-queries.js';

const DATABASE = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const SAMPLE_EVERY_MS = 5_000;
const SLOPE_WINDOW_SECONDS = 180;
/** A generated catalogue of this many products (PostgreSQL only) instead of the demo one. */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 0);
const BUDGET_MB = DATABASE === 'postgres' ? (PRODUCTS > 0 ? 350 : 250) : 400;
const EMULATOR_KEY_ID = 'rzp_test_emulator000001';
const { text: SHOP_ENV_TEXT, env: SHOP_ENV } = shopSettings(PRODUCTS);
const SEARCHES = ['kurti', 'silk saree', 'lehenga', 'cotton', 'dupatta', 'kurthi', 'maxi dress', 'jhumka', 'linen', 'palazzo'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;
const mb = (bytes: number) => bytes / 1024 / 1024;

interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/** The shop's memory as its /metrics tells it (prom-client's process and Node.js gauges), in MB. */
async function memoryOf(metricsUrl: string): Promise<Memory> {
  const text = await (await fetch(metricsUrl)).text();
  const gauge = (name: string) => mb(Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN));
  return {
    rss: gauge('process_resident_memory_bytes'),
    heapUsed: gauge('nodejs_heap_size_used_bytes'),
    heapTotal: gauge('nodejs_heap_size_total_bytes'),
    external: gauge('nodejs_external_memory_bytes'),
  };
}

/** Least-squares slope of resident memory, MB per minute. */
function slopePerMinute(points: Array<{ at: number; rss: number }>): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const meanX = points.reduce((sum, p) => sum + p.at, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.rss, 0) / n;
  const num = points.reduce((sum, p) => sum + (p.at - meanX) * (p.rss - meanY), 0);
  const den = points.reduce((sum, p) => sum + (p.at - meanX) ** 2, 0);
  return (num / den) * 60;
}

let orders = 0;
const errors: string[] = [];

/** One shopper's loop: a few listings and searches, a product, and now and then a paid order. */
async function shopperLoop(base: string, shopper: Shopper, filters: string[], until: number): Promise<void> {
  const { cookie, ip } = shopper;
  while (Date.now() < until) {
    try {
      let listing: { products: Array<{ _id: string; inStock: boolean }> } = { products: [] };
      for (let look = 0; look < 1 + Math.floor(Math.random() * 3); look++) {
        const path = Math.random() < 0.7 ? pick(filters) : `/api/user/product/search?q=${encodeURIComponent(pick(SEARCHES))}&limit=24`;
        listing = dataOf(await call<typeof listing>(base, 'GET', path, { ip }), 'listing');
        // The pages themselves too: server rendering is part of what the shop holds in memory.
        await call(base, 'GET', Math.random() < 0.5 ? '/' : '/filter?style=traditional', { ip });
        await sleep(200 + Math.random() * 800);
      }
      const candidates = listing.products.filter((product) => product.inStock);
      if (candidates.length === 0) continue;
      const productId = pick(candidates)._id;
      await call(base, 'GET', `/product/${productId}`, { ip });
      const { product } = dataOf(
        await call<{ product: { variants: Array<{ _id: string; quantity: number }> } }>(
          base,
          'GET',
          `/api/user/product/getProductDetails/${productId}`,
          { ip },
        ),
        'product',
      );
      const variant = product.variants.find((candidate) => candidate.quantity > 0);
      if (!variant || Math.random() < 0.5) continue;
      const added = await call(base, 'POST', '/api/user/product/addToCart', {
        body: { productId, variantId: variant._id, quantity: 1 },
        cookie,
        ip,
      });
      if (added.status === 409) continue;
      dataOf(added, 'addToCart');
      const opened = await call<{ razorpay: { id: string } }>(base, 'POST', '/api/user/payment/createpayment', {
        body: { amount: 1, paymentMethod: 'online', products: [{ id: productId, variant: variant._id }], address: shopper.addressId },
        cookie,
        ip,
      });
      if (opened.status === 409) {
        await call(base, 'DELETE', '/api/user/product/removeFromCart', { body: { productId, variantId: variant._id }, cookie, ip });
        continue;
      }
      const sheet = await payOnEmulator(base, dataOf(opened, 'createpayment').razorpay.id, EMULATOR_KEY_ID, shopper);
      const verified = await call<{ order: { status: string } }>(base, 'POST', '/api/user/payment/verifyPayment', {
        body: {
          razorpayOrderId: sheet.razorpay_order_id,
          razorpayPaymentId: sheet.razorpay_payment_id,
          razorpaySignature: sheet.razorpay_signature,
        },
        cookie,
        ip,
      });
      if (dataOf(verified, 'verifyPayment').order.status === 'paid') orders++;
      await call(base, 'GET', '/user/orders', { cookie, ip });
      await sleep(500 + Math.random() * 1_500);
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      await sleep(1_000);
    }
  }
}

async function main() {
  const database = `shop_bench_memory_${randomBytes(4).toString('hex')}`;
  if (PRODUCTS > 0 && DATABASE !== 'postgres') throw new Error('BENCH_PRODUCTS needs BENCH_DATABASE=postgres');
  if (DATABASE === 'postgres') await onServer(`create database ${database}`);
  if (PRODUCTS > 0) {
    // The seed command migrates the new database and writes the products in batches, before the shop starts.
    execFileSync(process.execPath, ['apps/server/dist/cli/seed.js', '--products', String(PRODUCTS)], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl(database) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const metricsPort = await freePort();
  const started = Date.now();
  const shop = await startShop({
    env: {
      SEED_DEMO: PRODUCTS > 0 ? '0' : '1',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'info',
      METRICS_PORT: String(metricsPort),
      ...(DATABASE === 'postgres' ? { DATABASE_URL: databaseUrl(database) } : {}),
      ...SHOP_ENV,
    },
  });
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const phases: Array<[string, Memory]> = [['started', await memoryOf(metricsUrl)]];
  try {
    if (PRODUCTS > 0) {
      // The listing index loads with the first listing asked for.
      dataOf(await call(shop.url, 'GET', '/api/user/product/filter?limit=1'), 'the first listing');
    } else {
      // The demo catalogue and its photos (WebP, then AVIF in the background), then its sales.
      const deadline = Date.now() + 900_000;
      const photosDone = SHOP_ENV.PHOTO_AVIF === '0' ? /demo catalogue: .* products loaded/ : /photos: AVIF renditions made/;
      while (!photosDone.test(shop.output()) || !/demo sales: \d+ bills/.test(shop.output())) {
        if (Date.now() > deadline) throw new Error(`the demo shop did not finish loading:\n${shop.output().slice(-2_000)}`);
        await sleep(1_000);
      }
    }
    phases.push([PRODUCTS > 0 ? 'catalogue loaded' : 'demo loaded', await memoryOf(metricsUrl)]);

    const codeFor = async (email: string) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const html = await (await fetch(`${shop.url}/dev/mailbox`)).text();
        for (const match of html.matchAll(/<h2[^>]*>(\d{6}) [^<]*<\/h2>\s*<p[^>]*>To ([^ <]+) ·/g)) {
          if (match[2] === email && match[1]) return match[1];
        }
        await sleep(100);
      }
      throw new Error(`no code mail to ${email}`);
    };
    const shoppers: Shopper[] = [];
    for (let index = 0; index < SHOPPERS; index += 5) {
      const batch = Array.from({ length: Math.min(5, SHOPPERS - index) }, (_, i) =>
        signUpShopper([shop.url], codeFor, index + i, 'memory'),
      );
      shoppers.push(...(await Promise.all(batch)));
    }
    const facets = dataOf(await call<{ facets: Facets }>(shop.url, 'GET', '/api/user/product/filter?limit=1'), 'facets').facets;
    const filters = filterPaths(facets, 300);

    console.log(
      `Memory on ${DATABASE}${SHOP_ENV_TEXT ? ` with ${SHOP_ENV_TEXT}` : ''} (` +
        `${PRODUCTS > 0 ? `${PRODUCTS} generated products` : 'demo catalogue'}, loaded in ${((Date.now() - started) / 1000).toFixed(0)} s): ${SHOPPERS} shoppers for ` +
        `${SECONDS} s, then ${IDLE_SECONDS} s idle; sampled every ${SAMPLE_EVERY_MS / 1000} s from /metrics.\n`,
    );
    const samples: Array<{ at: number; rss: number }> = [];
    const began = Date.now();
    const sampler = setInterval(() => {
      void memoryOf(metricsUrl).then((memory) => samples.push({ at: (Date.now() - began) / 1000, rss: memory.rss }));
    }, SAMPLE_EVERY_MS);
    const until = began + SECONDS * 1000;
    await Promise.all(
      shoppers.map(async (shopper, index) => {
        await sleep((index / SHOPPERS) * 5_000);
        await shopperLoop(shop.url, shopper, filters, until);
      }),
    );
    const afterTraffic = await memoryOf(metricsUrl);
    phases.push(['traffic', afterTraffic]);
    await sleep(IDLE_SECONDS * 1000);
    clearInterval(sampler);
    phases.push([`idle ${IDLE_SECONDS} s`, await memoryOf(metricsUrl)]);

    console.log('phase              resident   heap used  heap total   external (MB)');
    for (const [name, memory] of phases) {
      console.log(
        `${name.padEnd(16)} ${memory.rss.toFixed(0).padStart(10)} ${memory.heapUsed.toFixed(0).padStart(11)} ` +
          `${memory.heapTotal.toFixed(0).padStart(11)} ${memory.external.toFixed(0).padStart(10)}`,
      );
    }
    // The curve behind the slope: a cache still filling flattens out, a leak keeps climbing.
    const every = 30;
    const curve = samples.filter(
      (sample, index) => index === 0 || Math.floor(sample.at / every) > Math.floor(samples[index - 1]!.at / every),
    );
    console.log(`\nresident every ${every} s (MB): ${curve.map((sample) => sample.rss.toFixed(0)).join(' ')}`);
    const lastMinutes = samples.filter((sample) => sample.at <= SECONDS && sample.at >= SECONDS - SLOPE_WINDOW_SECONDS);
    const slope = slopePerMinute(lastMinutes);
    const peak = Math.max(...samples.map((sample) => sample.rss), ...phases.map(([, memory]) => memory.rss));
    console.log(
      `\nresident during traffic: min ${Math.min(...samples.map((s) => s.rss)).toFixed(0)} MB, peak ${peak.toFixed(0)} MB; ` +
        `slope over the last ${SLOPE_WINDOW_SECONDS} s of traffic: ${slope >= 0 ? '+' : ''}${slope.toFixed(1)} MB/min`,
    );
    console.log(`orders paid: ${orders}; errors: ${errors.length}`);
    for (const message of [...new Set(errors)].slice(0, 5)) console.log(`  error: ${message}`);
    const settled = phases.at(-1)![1].rss;
    console.log(
      `\nBudget on ${DATABASE}: ≤ ${BUDGET_MB} MB resident: ${settled <= BUDGET_MB && peak <= BUDGET_MB ? 'met' : 'NOT met'} ` +
        `(after traffic and idle ${settled.toFixed(0)} MB, peak ${peak.toFixed(0)} MB); no growth over the last 3 minutes: ` +
        `${slope < 1 ? 'met' : 'NOT met'} (${slope.toFixed(1)} MB/min).`,
    );
  } finally {
    await shop.stop();
    removeDataDir(shop.dataDir);
    if (DATABASE === 'postgres') await onServer(`drop database if exists ${database} with (force)`);
  }
  if (errors.length > 0) process.exitCode = 1;
}

await main();
