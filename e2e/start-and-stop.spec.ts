import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { removeDataDir, runShopExpectingExit, startShop } from './support/shop-process.js';

// These checks start their own servers and need no page: they run once, in the 'server' project.

test('a bad PORT stops the start with one line naming it and exit code 1', async () => {
  const result = await runShopExpectingExit({ PORT: 'abc', DATA_DIR: '/tmp/never-created' });
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Cannot start the shop: PORT: must be a port number/)]);
  expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/); // no stack trace
});

test('an unreachable DATABASE_URL stops the start with one line naming it and exit code 1', async () => {
  const result = await runShopExpectingExit({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x' });
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([
    'Cannot start the shop: DATABASE_URL: cannot connect to 127.0.0.1:1/x (connection refused)',
  ]);
});

test('data in DATA_DIR survives a restart, and SIGTERM stops the shop cleanly', async ({ request }) => {
  const first = await startShop();
  try {
    expect((await request.get(`${first.url}/api/health`)).ok()).toBe(true);
    expect(await first.stop()).toBe(0);

    // Change the stored settings while the shop is down, as an owner's edit would.
    const db = await PGlite.create({ dataDir: path.join(first.dataDir, 'pgdata') });
    await db.query(`update shop_settings set name = 'Meera Threads'`);
    await db.close();

    const second = await startShop({ dataDir: first.dataDir });
    const page = await request.get(`${second.url}/`);
    expect(await page.text()).toContain('Meera Threads');
    expect(await second.stop()).toBe(0);
  } finally {
    await first.stop();
    removeDataDir(first.dataDir);
  }
});

test('a second shop on the same DATA_DIR is refused while the first runs', async () => {
  const first = await startShop();
  try {
    const second = await runShopExpectingExit({ DATA_DIR: first.dataDir });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('DATA_DIR:');
    expect(second.stderr).toContain('in use by another shop process');
  } finally {
    await first.stop();
    removeDataDir(first.dataDir);
  }
});
