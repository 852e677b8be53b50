/**
 * Sales reports on PostgreSQL with a large history: BENCH_ROWS online orders and bills (half each, default
 * 100,000 in all) over the last 120 days, then GET /api/admin/report/dashboard, weekly and monthly measured
 * over real HTTP with BENCH_CONCURRENCY requests at a time, next to a bare Fastify route in the same run.
 *
 *   npx tsx bench/reports.ts
 *   BENCH_ROWS=20000 BENCH_REQUESTS=200 npx tsx bench/reports.ts
 *
 * Prints p50 and p95 of each call and its ratio to the bare route. Target p95 < 100 ms; reported, not asserted
 * (the figures depend on the machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, istDay, mondayOf } from '@shop/core';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { openPostgres } from '../apps/server/src/db/database.js';
import { createServices } from '../apps/server/src/services.js';
import { databaseUrl, onServer } from './support/shop.js';

const DATABASE = 'shop_bench_reports';
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const TARGET_P95_MS = 100;
const PASSWORD = 'bench reports 42';

/** Half orders (paid over the last 120 days, one line each, of 2,000 products) and half bills (one line each), in SQL; the sales triggers count them as they go in. */
async function seedHistory(url: string, half: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const user = await client.query<{ id: string }>(
      `insert into users (email, first_name, last_name, password_hash) values ('bench@example.in', 'Bench', 'Shopper', 'x') returning id`,
    );
    const userId = user.rows[0]!.id;
    await client.query(
      `with o as (
         insert into orders (order_number, user_id, status, address, subtotal_paise, shipping_paise, total_paise, paid_at, created_at)
         select 'ORD-B-' || lpad(n::text, 7, '0'), $1, 'delivered',
           '{"_id":"a","name":"Bench","phone":"9876543210","street":"1 Road","city":"Pune","district":"Pune","state":"Maharashtra","pincode":"411001"}'::jsonb,
           100000 * (1 + n % 3), 0, 100000 * (1 + n % 3), now() - (n % 120) * interval '1 day' - (n % 86400) * interval '1 second', now() - (n % 120) * interval '1 day'
         from generate_series(1, $2::int) n returning id, subtotal_paise)
       , pool as (select array_agg(gen_random_uuid()) as ids from generate_series(1, 2000))
       insert into order_items (order_id, product_id, product_name, product_description, category_name, unit_mrp_paise, discount_percent, unit_price_paise, quantity, line_total_paise)
       select id, pool.ids[1 + abs(hashtext(id::text)) % 2000], 'Bench Kurti', '', (array['Dresses','Tops','Bottoms','Accessories'])[1 + (subtotal_paise / 100000) % 4], subtotal_paise, 0, subtotal_paise, 1, subtotal_paise from o, pool`,
      [userId, half],
    );
    await client.query(
      `with b as (
         insert into bills (invoice_number, financial_year, sequence, subtotal_paise, total_paise, place_of_supply, created_by_label, created_at)
         select 'INV/B/' || n, 'B', n, 50000 * (1 + n % 4), 50000 * (1 + n % 4), 'Karnataka', 'bench', now() - (n % 120) * interval '1 day' - (n % 86400) * interval '1 second'
         from generate_series(1, $1::int) n returning id, subtotal_paise)
       insert into bill_items (bill_id, name, category_name, unit_price_paise, quantity, line_total_paise)
       select id, 'Bench Top', 'Tops', subtotal_paise, 1, subtotal_paise from b`,
      [half],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** p50 and p95 in ms of REQUESTS GETs, CONCURRENCY at a time, going round the given URLs in order. */
async function measure(urls: string[], cookie = ''): Promise<{ p50: number; p95: number; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const url = urls[next++ % urls.length]!;
      const started = performance.now();
      const response = await fetch(url, { headers: { cookie } });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (!response.ok) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), errors };
}

async function main() {
  await onServer(`drop database if exists ${DATABASE} with (force)`);
  await onServer(`create database ${DATABASE}`);
  const url = databaseUrl(DATABASE);
  const database = await openPostgres(url);
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'bench-media-'));
  try {
    await database.migrate();
    const started = Date.now();
    await seedHistory(url, Math.floor(ROWS / 2));
    process.stdout.write(`${ROWS.toLocaleString('en-IN')} orders and bills seeded in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    const services = await createServices(database.db, { mediaDir });
    await services.settings.ensureExists();
    await services.admins.createOrResetFromCommandLine({ email: 'bench-owner@example.in', name: 'Bench Owner', password: PASSWORD });
    const app = await buildApp({
      config: { publicUrl: 'http://127.0.0.1', logLevel: 'silent', production: false },
      db: database.db,
      services,
      logger: false,
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => ({ success: true, data: { status: 'ok' } }));
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ adminEmail: 'bench-owner@example.in', adminPassword: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!login.ok || !cookie) throw new Error(`admin login failed: ${login.status}`);

    // What owners open: the dashboard, and every week and month of the history (not one URL over and over).
    const mondays = Array.from({ length: 18 }, (_, i) => addDays(mondayOf(istDay(new Date())), -7 * i));
    const months = [...new Set(Array.from({ length: 125 }, (_, i) => addDays(istDay(new Date()), -i).slice(0, 7)))];
    const targets: Array<[string, string[]]> = [
      ['bare Fastify', [`${bareBase}/bare`]],
      ['report/dashboard', [`${base}/api/admin/report/dashboard`]],
      [`report/weekly ×${mondays.length}`, mondays.map((monday) => `${base}/api/admin/report/weekly?weekStart=${monday}`)],
      [`report/monthly ×${months.length}`, months.map((month) => `${base}/api/admin/report/monthly?month=${month}`)],
    ];
    // Warm-up: plans cached, connections open.
    for (const [, target] of targets) await measure(target, cookie);
    const results = [];
    for (const [name, target] of targets) results.push({ name, ...(await measure(target, cookie)) });
    const bareP95 = results[0]!.p95;
    process.stdout.write(`\n${REQUESTS} requests each, ${CONCURRENCY} at a time\n`);
    for (const row of results) {
      process.stdout.write(
        `${row.name.padEnd(20)} p50 ${row.p50.toFixed(1).padStart(7)} ms  p95 ${row.p95.toFixed(1).padStart(7)} ms  ×${(row.p95 / bareP95).toFixed(1).padStart(6)} bare` +
          `${row.errors ? `  ${row.errors} errors` : ''}${row.name !== 'bare Fastify' && row.p95 > TARGET_P95_MS ? '  (over the 100 ms target)' : ''}\n`,
      );
    }
    await app.close();
    await bare.close();
  } finally {
    await database.close();
    rmSync(mediaDir, { recursive: true, force: true });
    // BENCH_KEEP=1 leaves the database for EXPLAIN (ANALYZE, BUFFERS) of the report statements.
    if (!process.env.BENCH_KEEP) await onServer(`drop database if exists ${DATABASE} with (force)`);
  }
}

await main();
