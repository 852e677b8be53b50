import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import pg from 'pg';
import { test } from './support/test.js';
import { createEmptyDatabase } from './support/postgres.js';
import { removeDataDir, startShop } from './support/shop-process.js';

// Runs in the 'postgres' project, which scripts/test-postgres.mjs starts only when PostgreSQL answers.
test('the shop runs on a new PostgreSQL database and keeps its data across restarts', async ({ request }) => {
  const database = await createEmptyDatabase();
  try {
    for (let round = 0; round < 2; round++) {
      const shop = await startShop({ env: { DATABASE_URL: database.url } });
      try {
        expect(shop.output()).toContain('"database":"postgres"');
        expect(await (await request.get(`${shop.url}/api/health`)).json()).toEqual({ success: true, data: { status: 'ok' } });
        const policy = await (await request.get(`${shop.url}/shippingpolicy`)).text();
        expect(policy).toContain('₹999');
        expect(policy).toContain('₹50');
      } finally {
        expect(await shop.stop(), `the shop's exit code; its output:\n${shop.output()}`).toBe(0);
        removeDataDir(shop.dataDir);
      }
    }
  } finally {
    await database.drop();
  }
});

// Dev-only code (apps/server/src/dev: the Razorpay emulator, the demo data) is imported only when config turns it
// on (docs/decisions/024). A module hook lists every module the server process resolves.
const MODULE_LOG_HOOK = path.resolve(import.meta.dirname, 'support/module-log.mjs');
const DEV_MODULE = /\/apps\/server\/dist\/dev\//;

/** The tables of dev-only code: the emulator's, and the dev outbox's (0003 made it `dev_outbox`, 0031 drops it). */
async function devTables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema in ('razorpay_emulator', 'dev_mailbox') or table_name like 'razorpay_emulator%' or table_name = 'dev_outbox'
       order by 1`,
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

/** Starts the built shop on `databaseUrl` with the module hook; answers what it loaded and what it serves. */
async function startLoggingModules(databaseUrl: string, env: Record<string, string>) {
  const moduleLog = path.join(mkdtempSync(path.join(tmpdir(), 'shop-modules-')), 'modules.txt');
  const shop = await startShop({
    nodeArgs: ['--import', MODULE_LOG_HOOK],
    env: { DATABASE_URL: databaseUrl, SHOP_MODULE_LOG: moduleLog, ...env },
  });
  try {
    const checkoutScript = await fetch(`${shop.url}/razorpay-emulator/checkout.js`);
    const modules = readFileSync(moduleLog, 'utf8').split('\n').filter(Boolean);
    return { modules, checkoutScriptStatus: checkoutScript.status };
  } finally {
    expect(await shop.stop(), `the shop's exit code; its output:\n${shop.output()}`).toBe(0);
    removeDataDir(shop.dataDir);
    rmSync(path.dirname(moduleLog), { recursive: true, force: true });
  }
}

test('a production start imports no dev-only module and leaves no emulator or dev outbox table in the database', async () => {
  const database = await createEmptyDatabase();
  try {
    const { modules, checkoutScriptStatus } = await startLoggingModules(database.url, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.in',
      SESSION_SECRET: 'a production secret of at least thirty-two characters',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      RAZORPAY_KEY_ID: 'rzp_live_0000000000test',
      RAZORPAY_KEY_SECRET: 'live_secret_for_the_start_test',
      RAZORPAY_WEBHOOK_SECRET: 'live_webhook_secret_for_the_start_test',
    });
    // The hook did see the server's own modules, so an empty list below means something.
    expect(modules.some((url) => url.endsWith('/apps/server/dist/main.js'))).toBe(true);
    expect(modules.some((url) => url.endsWith('/apps/server/dist/payments/razorpay/provider.js'))).toBe(true);
    expect(modules.filter((url) => DEV_MODULE.test(url) || /emulator|demo/i.test(url))).toEqual([]);
    expect(checkoutScriptStatus).toBe(404);
    expect(await devTables(database.url)).toEqual([]);
  } finally {
    await database.drop();
  }
});

test('a start without Razorpay keys or SMTP loads the emulator and the dev outbox, which create their own tables; the demo stays out with SEED_DEMO=0', async () => {
  const database = await createEmptyDatabase();
  try {
    const { modules, checkoutScriptStatus } = await startLoggingModules(database.url, { SEED_DEMO: '0' });
    const dev = modules.filter((url) => DEV_MODULE.test(url)).map((url) => url.replace(/^.*\/dist\/dev\//, ''));
    expect(dev).toContain('razorpay-emulator/emulator.js');
    expect(dev).toContain('mailbox/outbox.js');
    expect(dev.filter((name) => name.startsWith('demo/'))).toEqual([]);
    expect(checkoutScriptStatus).toBe(200);
    expect(await devTables(database.url)).toEqual([
      'dev_mailbox.outbox',
      'razorpay_emulator.orders',
      'razorpay_emulator.payments',
      'razorpay_emulator.refunds',
    ]);
  } finally {
    await database.drop();
  }
});
