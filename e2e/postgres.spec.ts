import { expect } from '@playwright/test';
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
        expect(await shop.stop()).toBe(0);
        removeDataDir(shop.dataDir);
      }
    }
  } finally {
    await database.drop();
  }
});
