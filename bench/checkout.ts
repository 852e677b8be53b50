/**
 * Checkout under load on PostgreSQL: N signed-up shoppers (each with an address) buy again and again,
 * add-to-cart → createpayment → pay on the Razorpay emulator's sheet → verifyPayment, over real HTTP with
 * keep-alive against the built shop in its own process, in a fresh database. Razorpay's stand-in (the emulator)
 * runs in a third process and sends its webhooks to the shop over HTTP, as Razorpay would. Besides plenty of ordinary
 * stock there is one 'hot' variant with a few pieces that every shopper tries to buy at the same moment.
 *
 *   npm run bench:checkout
 *   BENCH_SHOPPERS=50 BENCH_SECONDS=30 BENCH_HOT_STOCK=20 npm run bench:checkout
 *   BENCH_SHOP_ENV= npm run bench:checkout        (V8's and glibc's defaults instead of the deployed settings)
 *
 * Half the shoppers apply a coupon code to their bag before each payment (issue 41): createpayment with a coupon (priced
 * with it, its use claimed in the same transaction) is timed apart from createpayment without, and their ratio printed.
 *
 * Prints orders/s, p50/p99 of each call next to a bare Fastify route measured with the same client and
 * concurrency in the same run, the CPU of each process a paid order (and the rate the shop and PostgreSQL alone
 * could reach on this machine's cores, worked out from theirs), and the stock checks: the hot variant never
 * oversold, stock never negative, units sold equal to units in paid orders. Exits non-zero when a stock check fails; the latency target
 * (p99 < 150 ms per call) is only reported, since the figures depend on the machine.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { createProduct } from '../apps/server/src/catalogue/admin-service.js';
import { openPostgres } from '../apps/server/src/db/database.js';
import { HOME_ADDRESS } from '../e2e/support/shop-api.js';
import { WEBHOOK_PATH } from '../apps/server/src/payments/routes.js';
import { freePort } from '../e2e/support/cluster.js';
import { databaseUrl, onServer, razorpayEnv, shopSettings, startBare, startRazorpayStandIn, startShop, stop } from './support/shop.js';

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 50);
const settings = shopSettings();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const BARE_SECONDS = Number(process.env.BENCH_BARE_SECONDS ?? 5);
const HOT_STOCK = Number(process.env.BENCH_HOT_STOCK ?? 20);
const PRODUCTS = 20;
const PLENTY = 1_000_000;
const TARGET_P99_MS = 150;
/** Sign-ups hash passwords with argon2: a few at a time keep the set-up from starving everything else. */
const SIGNUP_CONCURRENCY = 5;
const PASSWORD = 'bench checkout 42';
/** The code half the shoppers pay with: 10 % off, no limits, so it is never refused (promotions/tables.ts). */
const BENCH_COUPON = 'BENCH10';

interface Line {
  productId: string;
  variantId: string;
}

interface Shopper {
  email: string;
  /** Each shopper comes from its own address through a trusted proxy, as behind a real load balancer. */
  ip: string;
  cookie: string;
  addressId: string;
  /** Still trying for the hot variant (until told it is out of stock). */
  wantsHot: boolean;
  /** Pays with BENCH_COUPON (every other shopper). */
  coupon: boolean;
}

interface Answer {
  status: number;
  body: unknown;
  setCookie: string[];
}

// ---------------------------------------------------------------------------------------------------------
// Latencies

class Recorder {
  private readonly samples = new Map<string, number[]>();
  on = true;

  add(name: string, milliseconds: number): void {
    if (!this.on) return;
    let list = this.samples.get(name);
    if (!list) this.samples.set(name, (list = []));
    list.push(milliseconds);
  }

  stats(name: string): { count: number; p50: number; p99: number } {
    const sorted = [...(this.samples.get(name) ?? [])].sort((a, b) => a - b);
    // Nearest rank: the smallest sample with at least p of all samples at or below it.
    const at = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
    return { count: sorted.length, p50: at(0.5), p99: at(0.99) };
  }
}

const recorder = new Recorder();

/** One HTTP call on the keep-alive pool, timed from sending to the last byte of the answer. */
async function call(
  pool: Pool,
  name: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  requestPath: string,
  options: { body?: object; cookie?: string; ip?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  // Like the web client: every state-changing call sends JSON, `{}` when it has nothing to say.
  const body = method === 'GET' ? undefined : JSON.stringify(options.body ?? {});
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const response = await pool.request({ method, path: requestPath, headers, body });
  const text = await response.body.text();
  if (name) recorder.add(name, performance.now() - started);
  const setCookie = response.headers['set-cookie'];
  return {
    status: response.statusCode,
    body: text ? (JSON.parse(text) as unknown) : null,
    setCookie: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
  };
}

function dataOf<T>(answer: Answer, what: string): T {
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { data: T }).data;
}

// ---------------------------------------------------------------------------------------------------------
// Set-up: products in the database, shoppers through the shop's own sign-up

async function createProducts(url: string, db: pg.Pool): Promise<{ regular: Line[]; hot: Line }> {
  const database = await openPostgres(url, { max: 2 });
  try {
    await database.migrate();
    const make = async (name: string, stock: number, pricePaise: number): Promise<Line> => {
      const sku = `BENCH-${randomBytes(4).toString('hex')}`;
      const productId = await createProduct(database.db, {
        name,
        slug: `${name.toLowerCase().replaceAll(' ', '-')}-${sku.toLowerCase()}`,
        description: `${name}: soft cotton, for the checkout bench.`,
        categoryId: null,
        pricePaise,
        variants: [{ variantName: `${name} M`, variantColor: 'Blue', variantSize: 'M', quantity: stock, sku }],
      });
      const { rows } = await db.query<{ id: string }>('select id from variants where product_id = $1', [productId]);
      return { productId, variantId: rows[0]!.id };
    };
    const regular: Line[] = [];
    for (let i = 1; i <= PRODUCTS; i++) regular.push(await make(`Bench Kurti ${i}`, PLENTY, 40_000 + i * 1_000));
    const hot = await make('Bench Festive Lehenga', HOT_STOCK, 2_50_000);
    await db.query(`insert into coupons (code, kind, value) values ($1, 'percent', 10)`, [BENCH_COUPON]);
    return { regular, hot };
  } finally {
    await database.close();
  }
}

/** Signs a shopper up the way the sign-up page does (code by mail, read from the dev outbox), logs in, adds an address. */
async function signUp(pool: Pool, db: pg.Pool, index: number): Promise<Shopper> {
  const email = `bench.${index}.${randomBytes(3).toString('hex')}@example.in`;
  const ip = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  dataOf(await call(pool, null, 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email }, ip }), 'sending the code');
  const { rows } = await db.query<{ subject: string }>(
    'select subject from dev_mailbox.outbox where "to" = $1 order by created_at desc limit 1',
    [email],
  );
  const otp = /\b(\d{6})\b/.exec(rows[0]?.subject ?? '')?.[1];
  if (!otp) throw new Error(`no code in the dev outbox for ${email}`);
  dataOf(await call(pool, null, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp }, ip }), 'verifying the code');
  const details = { email, firstName: 'Bench', lastName: `Shopper ${index}`, password: PASSWORD, confirmPassword: PASSWORD };
  dataOf(await call(pool, null, 'POST', '/api/user/auth/register', { body: details, ip }), 'registering');
  const login = await call(pool, null, 'POST', '/api/user/auth/loginUsingPassword', { body: { email, password: PASSWORD }, ip });
  dataOf(login, 'logging in');
  const cookie = login.setCookie.map((header) => header.split(';')[0]!).find((pair) => pair.startsWith('sid='));
  if (!cookie) throw new Error('login set no session cookie');
  const { address } = dataOf<{ address: { _id: string } }>(
    await call(pool, null, 'POST', '/api/user/profile/addAddress', { body: HOME_ADDRESS, cookie, ip }),
    'adding the address',
  );
  return { email, ip, cookie, addressId: address._id, wantsHot: true, coupon: index % 2 === 1 };
}

async function inBatches<T>(count: number, size: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, i) => task(start + i)))));
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------
// The shoppers' loop

interface Tally {
  ordersPaid: number;
  hotUnitsPaid: number;
  /** Shoppers who got a piece of the hot variant. */
  hotBuyers: Set<string>;
  hotRefusedAtCart: number;
  hotRefusedAtPayment: number;
  errors: string[];
}

/** One purchase, as the pages make it: a piece of an ordinary product, and of the hot variant while the shopper still hopes for it. */
async function buyOnce(pool: Pool, shopper: Shopper, catalogue: Catalogue, keyId: string, tally: Tally): Promise<void> {
  const { cookie, ip } = shopper;
  const regular = catalogue.regular[Math.floor(Math.random() * catalogue.regular.length)]!;
  const lines: Line[] = [regular];
  const added = await call(pool, 'addToCart', 'POST', '/api/user/product/addToCart', {
    body: { ...regular, quantity: 1 },
    cookie,
    ip,
  });
  dataOf(added, 'addToCart');

  if (shopper.wantsHot && catalogue.hotOpen) {
    const hot = await call(pool, 'addToCart', 'POST', '/api/user/product/addToCart', {
      body: { ...catalogue.hot, quantity: 1 },
      cookie,
      ip,
    });
    if (hot.status === 409) {
      shopper.wantsHot = false;
      tally.hotRefusedAtCart++;
    } else {
      dataOf(hot, 'addToCart (hot)');
      lines.push(catalogue.hot);
    }
  }

  // The code stays on her bag until a paid order used it: applied again for every purchase, as a shopper would.
  if (shopper.coupon) {
    const body = { code: BENCH_COUPON };
    dataOf(await call(pool, 'applyCoupon', 'POST', '/api/user/cart/applyCoupon', { body, cookie, ip }), 'applyCoupon');
  }
  const open = (selection: Line[]) =>
    call(pool, shopper.coupon ? 'createpayment+coupon' : 'createpayment', 'POST', '/api/user/payment/createpayment', {
      body: {
        amount: 1,
        paymentMethod: 'online',
        products: selection.map((line) => ({ id: line.productId, variant: line.variantId })),
        address: shopper.addressId,
      },
      cookie,
      ip,
    });
  let opened = await open(lines);
  if (opened.status === 409 && lines.includes(catalogue.hot)) {
    // Others reserved the last pieces between this shopper's cart and her payment: she buys the rest without it.
    shopper.wantsHot = false;
    tally.hotRefusedAtPayment++;
    lines.pop();
    dataOf(await call(pool, null, 'DELETE', '/api/user/product/removeFromCart', { body: catalogue.hot, cookie, ip }), 'removeFromCart');
    opened = await open(lines);
  }
  const { razorpay } = dataOf<{ razorpay: { id: string } }>(opened, 'createpayment');

  // What the emulator's checkout.js sheet sends when the shopper presses 'Success'; it answers what Checkout
  // hands the page (Razorpay's fields, not our envelope).
  const sheet = await call(catalogue.sheetPool, 'emulator pay', 'POST', `/razorpay-emulator/checkout/orders/${razorpay.id}/pay`, {
    body: { key_id: keyId, outcome: 'success', method: 'upi', email: shopper.email, contact: HOME_ADDRESS.phone },
    ip,
  });
  if (sheet.status !== 200) throw new Error(`the emulator sheet answered ${sheet.status}: ${JSON.stringify(sheet.body)}`);
  const success = sheet.body as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };

  const verified = await call(pool, 'verifyPayment', 'POST', '/api/user/payment/verifyPayment', {
    body: {
      razorpayOrderId: success.razorpay_order_id,
      razorpayPaymentId: success.razorpay_payment_id,
      razorpaySignature: success.razorpay_signature,
    },
    cookie,
    ip,
  });
  const { order } = dataOf<{ order: { status: string } }>(verified, 'verifyPayment');
  if (order.status !== 'paid') throw new Error(`verifyPayment left the order ${order.status}`);
  tally.ordersPaid++;
  if (lines.includes(catalogue.hot)) {
    tally.hotUnitsPaid++;
    tally.hotBuyers.add(shopper.email);
  }
}

interface Catalogue {
  regular: Line[];
  hot: Line;
  /** Shoppers reach for the hot variant only once the measured phase starts, all at the same moment. */
  hotOpen: boolean;
  /** Razorpay's stand-in, where the checkout sheet posts the shopper's payment. */
  sheetPool: Pool;
}

async function shopperLoop(pool: Pool, shopper: Shopper, catalogue: Catalogue, keyId: string, until: number, tally: Tally) {
  while (performance.now() < until) {
    try {
      await buyOnce(pool, shopper, catalogue, keyId, tally);
    } catch (error) {
      tally.errors.push(error instanceof Error ? error.message : String(error));
      // Start the next purchase from an empty cart.
      for (const line of [...catalogue.regular, catalogue.hot]) {
        await call(pool, null, 'DELETE', '/api/user/product/removeFromCart', {
          body: line,
          cookie: shopper.cookie,
          ip: shopper.ip,
        });
      }
    }
  }
}

/** The yardstick: `connections` callers in a closed loop on the bare route, through the same kind of pool. */
async function measureBare(pool: Pool, connections: number, seconds: number): Promise<number> {
  let count = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const answer = await call(pool, 'bare', 'GET', '/bare');
        if (answer.status !== 200) throw new Error(`the bare route answered ${answer.status}`);
        count++;
      }
    }),
  );
  return count / seconds;
}

/** Reads the hot variant's stock every few milliseconds while the shoppers run; the lowest value seen. */
function watchStock(db: pg.Pool, variantId: string): { stop: () => Promise<number> } {
  let lowest = Number.POSITIVE_INFINITY;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await db.query<{ quantity: number }>('select quantity from variants where id = $1', [variantId]);
      lowest = Math.min(lowest, rows[0]!.quantity);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return lowest;
    },
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc on Linux; NaN elsewhere. */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    // The fields after the command name, which sits in parentheses and may itself contain spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks of 1/100 s (USER_HZ on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds of every PostgreSQL server process on this machine (its backends, WAL writer, checkpointer), when the
 * bench's server is local: NaN when none can be read. Backends that exit meanwhile take their share with them.
 */
function postgresCpuSeconds(): number {
  let total = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const seconds = cpuSecondsOf(Number(entry));
      if (Number.isNaN(seconds)) continue;
      total += seconds;
      found = true;
    } catch {
      // The process ended while being read.
    }
  }
  return found ? total : Number.NaN;
}

const ms = (value: number) => `${Number.isNaN(value) ? '   -' : value.toFixed(1).padStart(6)} ms`;
const count = (value: number) => value.toLocaleString('en-IN');

async function main(): Promise<number> {
  const name = `shop_bench_checkout_${randomBytes(4).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = databaseUrl(name);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-checkout-'));
  const db = new pg.Pool({ connectionString: url, max: 2 });
  const children: ChildProcess[] = [];
  const pools: Pool[] = [];
  try {
    const products = await createProducts(url, db);
    // Razorpay's stand-in runs in its own process, as Razorpay is elsewhere in production: the shop's CPU figures
    // are the shop's own work (its calls to Razorpay and the webhooks it receives, over real HTTP).
    const shopPort = String(await freePort());
    const standIn = await startRazorpayStandIn(url, `http://127.0.0.1:${shopPort}${WEBHOOK_PATH}`);
    children.push(standIn.child);
    // TRUST_PROXY=loopback: the bench plays the load balancer, each shopper arrives from its own address.
    // The shop as deployed (npm start, docs/deploy.md): its memory settings cost some CPU (ADR 029, 030).
    const shop = await startShop({
      ...settings.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      TRUST_PROXY: 'loopback',
      PORT: shopPort,
      ...razorpayEnv(standIn.url),
    });
    children.push(shop.child);
    const bare = await startBare();
    children.push(bare.child);
    const pool = new Pool(shop.url, { connections: SHOPPERS });
    const barePool = new Pool(bare.url, { connections: SHOPPERS });
    const sheetPool = new Pool(standIn.url, { connections: SHOPPERS });
    pools.push(pool, barePool, sheetPool);
    const catalogue: Catalogue = { ...products, hotOpen: false, sheetPool };

    const signUpStarted = performance.now();
    const shoppers = await inBatches(SHOPPERS, SIGNUP_CONCURRENCY, (index) => signUp(pool, db, index));
    const { razorpay_key_id: keyId } = dataOf<{ razorpay_key_id: string }>(
      await call(pool, null, 'GET', '/api/user/payment/getRazorpayDetails', { cookie: shoppers[0]!.cookie, ip: shoppers[0]!.ip }),
      'getRazorpayDetails',
    );
    console.log(
      `Checkout on PostgreSQL (database ${name}): ${SHOPPERS} shoppers signed up with an address in ${((performance.now() - signUpStarted) / 1000).toFixed(1)} s; ` +
        `${PRODUCTS} products with plenty of stock and one hot variant of ${HOT_STOCK} pieces. ` +
        `The shop runs with ${settings.text || "V8's and glibc's defaults"}.`,
    );

    // Warm-up (not measured): JIT, connections and caches of both servers.
    recorder.on = false;
    await measureBare(barePool, SHOPPERS, 1);
    const warmTally: Tally = {
      ordersPaid: 0,
      hotUnitsPaid: 0,
      hotBuyers: new Set(),
      hotRefusedAtCart: 0,
      hotRefusedAtPayment: 0,
      errors: [],
    };
    const warmUntil = performance.now() + WARMUP_SECONDS * 1000;
    await Promise.all(shoppers.map((shopper) => shopperLoop(pool, shopper, catalogue, keyId, warmUntil, warmTally)));
    recorder.on = true;

    const bareRps = await measureBare(barePool, SHOPPERS, BARE_SECONDS);

    console.log(`Measuring ${SECONDS} s: every shopper reaches for the hot variant at the same moment, then keeps buying.\n`);
    catalogue.hotOpen = true;
    const watcher = watchStock(db, catalogue.hot.variantId);
    const tally: Tally = { ordersPaid: 0, hotUnitsPaid: 0, hotBuyers: new Set(), hotRefusedAtCart: 0, hotRefusedAtPayment: 0, errors: [] };
    const load = loadavg()[0]!;
    const cpuBefore = {
      shop: cpuSecondsOf(shop.child.pid),
      standIn: cpuSecondsOf(standIn.child.pid),
      postgres: postgresCpuSeconds(),
      bench: process.cpuUsage(),
    };
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(shoppers.map((shopper) => shopperLoop(pool, shopper, catalogue, keyId, until, tally)));
    const elapsed = (performance.now() - started) / 1000;
    const shopCpu = cpuSecondsOf(shop.child.pid) - cpuBefore.shop;
    const standInCpu = cpuSecondsOf(standIn.child.pid) - cpuBefore.standIn;
    const postgresCpu = postgresCpuSeconds() - cpuBefore.postgres;
    const benchCpuUsage = process.cpuUsage(cpuBefore.bench);
    const benchCpu = (benchCpuUsage.user + benchCpuUsage.system) / 1e6;
    const lowestSeen = await watcher.stop();

    // ---- Latencies
    const bareStats = recorder.stats('bare');
    const calls = ['addToCart', 'applyCoupon', 'createpayment', 'createpayment+coupon', 'emulator pay', 'verifyPayment'] as const;
    console.log(`call                   count      p50         p99       p50 / bare  p99 / bare   p99 < ${TARGET_P99_MS} ms`);
    const missed: string[] = [];
    for (const name of calls) {
      const stats = recorder.stats(name);
      // The emulator's sheet stands in for Razorpay's servers: shown, but not one of our calls.
      const ours = name !== 'emulator pay';
      if (ours && !(stats.p99 < TARGET_P99_MS)) missed.push(`${name} p99 ${stats.p99.toFixed(0)} ms`);
      console.log(
        [
          name.padEnd(20),
          count(stats.count).padStart(7),
          ms(stats.p50),
          ms(stats.p99),
          `${(stats.p50 / bareStats.p50).toFixed(1).padStart(10)}×`,
          `${(stats.p99 / bareStats.p99).toFixed(1).padStart(10)}×`,
          ours ? (stats.p99 < TARGET_P99_MS ? '  yes' : '  NO') : '  (Razorpay stand-in)',
        ].join('  '),
      );
    }
    const plain = recorder.stats('createpayment');
    const withCoupon = recorder.stats('createpayment+coupon');
    console.log(
      `Checkout with a coupon beside checkout without (createpayment, ${SHOPPERS / 2} shoppers each): ` +
        `p50 ${withCoupon.p50.toFixed(1)} vs ${plain.p50.toFixed(1)} ms = ${(withCoupon.p50 / plain.p50).toFixed(2)}×, ` +
        `p99 ${withCoupon.p99.toFixed(1)} vs ${plain.p99.toFixed(1)} ms = ${(withCoupon.p99 / plain.p99).toFixed(2)}×`,
    );
    console.log(
      `${'bare GET /bare'.padEnd(20)}  ${count(bareStats.count).padStart(7)}  ${ms(bareStats.p50)}  ${ms(bareStats.p99)}` +
        `   (${count(Math.round(bareRps))} req/s; ${SHOPPERS} callers in a closed loop, same client, same run, ${BARE_SECONDS} s)`,
    );
    console.log(
      `\nOrders: ${count(tally.ordersPaid)} paid in ${elapsed.toFixed(1)} s = ${(tally.ordersPaid / elapsed).toFixed(1)} orders/s`,
    );
    // On a shared machine the wall-clock figures follow the neighbours; CPU time per order does much less.
    const perOrder = (seconds: number) => `${((seconds * 1000) / Math.max(1, tally.ordersPaid)).toFixed(1)} ms`;
    console.log(
      `CPU per paid order: shop process ${Number.isNaN(shopCpu) ? '-' : perOrder(shopCpu)}, load generator ${perOrder(benchCpu)}, ` +
        `Razorpay's stand-in ${Number.isNaN(standInCpu) ? '-' : perOrder(standInCpu)}, ` +
        `PostgreSQL ${Number.isNaN(postgresCpu) ? '- (not on this machine)' : perOrder(postgresCpu)} ` +
        `(machine: ${availableParallelism()} cores, load average ${load.toFixed(1)} when the measurement started)`,
    );
    // What the machine could serve if the shoppers and Razorpay were elsewhere, as in production: a ceiling worked
    // out from the CPU figures (all cores busy with the shop and its database alone), not a measured rate.
    if (!Number.isNaN(shopCpu) && !Number.isNaN(postgresCpu) && tally.ordersPaid > 0) {
      const ownMs = ((shopCpu + postgresCpu) * 1000) / tally.ordersPaid;
      console.log(
        `Shop and PostgreSQL together: ${ownMs.toFixed(1)} ms of CPU a paid order (PostgreSQL's share includes the stand-in's own ` +
          `few statements): ${availableParallelism()} cores busy with them alone would serve at most ` +
          `${((availableParallelism() * 1000) / ownMs).toFixed(0)} orders/s (worked out, not measured)`,
      );
    }

    // ---- Stock and orders, from the database
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // webhooks still on their way to the shop
    const units = await db.query<{ variant_id: string; status: string; units: number; orders: number }>(
      `select oi.variant_id, o.status, sum(oi.quantity)::int as units, count(distinct o.id)::int as orders
         from order_items oi join orders o on o.id = oi.order_id group by 1, 2`,
    );
    const unitsOf = (variantId: string, status: string) =>
      units.rows.filter((row) => row.variant_id === variantId && row.status === status).reduce((sum, row) => sum + row.units, 0);
    const stock = await db.query<{ id: string; quantity: number }>('select id, quantity from variants');
    const lowestInDatabase = (
      await db.query<{ lowest: number }>(
        'select least((select min(quantity) from variants), (select min(stock) from products))::int as lowest',
      )
    ).rows[0]!.lowest;
    const orderCounts = (
      await db.query<{ paid: number; pending: number; payments: number }>(
        `select (select count(*) from orders where status = 'paid')::int as paid,
                (select count(*) from orders where status = 'pending_payment')::int as pending,
                (select count(*) from payments)::int as payments`,
      )
    ).rows[0]!;

    const hotLeft = stock.rows.find((row) => row.id === catalogue.hot.variantId)!.quantity;
    const hotPaid = unitsOf(catalogue.hot.variantId, 'paid');
    const oversold = Math.max(0, hotPaid - HOT_STOCK);
    const mismatched = stock.rows.filter((row) => {
      const start = row.id === catalogue.hot.variantId ? HOT_STOCK : PLENTY;
      return start - row.quantity !== unitsOf(row.id, 'paid') + unitsOf(row.id, 'pending_payment');
    });
    const unitsSold = stock.rows.reduce((sum, row) => sum + (row.id === catalogue.hot.variantId ? HOT_STOCK : PLENTY) - row.quantity, 0);
    const unitsPaid = stock.rows.reduce((sum, row) => sum + unitsOf(row.id, 'paid'), 0);
    const verifiedByShoppers = warmTally.ordersPaid + tally.ordersPaid;

    console.log(
      `Hot variant: ${HOT_STOCK} pieces at the start; ${hotPaid} paid (${tally.hotUnitsPaid} verified by shoppers), ${hotLeft} left. ` +
        `${tally.hotBuyers.size} shoppers got one, ${SHOPPERS - tally.hotBuyers.size} none; refusals (409): ` +
        `${tally.hotRefusedAtPayment} at createpayment, ${tally.hotRefusedAtCart} at add-to-cart. Oversold: ${oversold}`,
    );
    console.log(
      `Stock never negative: lowest hot stock seen ${lowestSeen} (read every 25 ms), lowest stock in the database ${lowestInDatabase}`,
    );
    console.log(
      `Units sold = units in paid orders: ${count(unitsSold)} = ${count(unitsPaid)} (${mismatched.length} variants differ; ${orderCounts.pending} orders still pending)`,
    );
    console.log(
      `Paid orders in the database = orders verified by shoppers = payments recorded: ${count(orderCounts.paid)} = ${count(verifiedByShoppers)} = ${count(orderCounts.payments)}`,
    );
    const errors = [...warmTally.errors, ...tally.errors];
    if (errors.length > 0) {
      console.log(`Failed purchases: ${errors.length}; first ones:\n  ${[...new Set(errors)].slice(0, 5).join('\n  ')}`);
    }
    console.log(
      missed.length === 0
        ? `\nTarget p99 < ${TARGET_P99_MS} ms per call: met.`
        : `\nTarget p99 < ${TARGET_P99_MS} ms per call: not met (${missed.join(', ')}).`,
    );

    const failures = [
      oversold > 0 && `the hot variant was oversold by ${oversold}`,
      (lowestSeen < 0 || lowestInDatabase < 0) && 'stock went below zero',
      (mismatched.length > 0 || unitsSold !== unitsPaid) && 'units sold differ from units in paid orders',
      (orderCounts.paid !== verifiedByShoppers || orderCounts.payments !== orderCounts.paid) &&
        'paid orders, verifications and payments differ',
      errors.length > 0 && `${errors.length} purchases failed`,
    ].filter(Boolean);
    if (failures.length > 0) {
      console.log(`FAILED: ${failures.join('; ')}.`);
      return 1;
    }
    return 0;
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
    await Promise.all(children.map(stop));
    await db.end();
    await onServer(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
