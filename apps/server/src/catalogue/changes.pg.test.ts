import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/database.js';
import { createServices, type Services } from '../services.js';
import { seedTestCatalogue } from '../test/catalogue-fixture.js';
import { createTestDatabase } from '../test/database.js';

const OWNER = { id: null, label: 'test', role: 'owner' as const };

/** Two shop instances on one PostgreSQL database, each with its own catalogue cache, joined by NOTIFY/LISTEN. */
describe('catalogue changes between instances', () => {
  let first: Database & { url?: string };
  let second: Database;
  let one: Services;
  let other: Services;
  const stops: Array<() => Promise<void>> = [];
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'shop-changes-'));

  beforeAll(async () => {
    first = await createTestDatabase();
    second = await openPostgres(first.url!, { max: 2 });
    one = await createServices(first.db, { mediaDir });
    other = await createServices(second.db, { mediaDir });
    stops.push(await one.catalogueChanges.connect(first.channel!('catalogue_changes')));
    stops.push(await other.catalogueChanges.connect(second.channel!('catalogue_changes')));
  });

  afterAll(async () => {
    for (const stop of stops) await stop();
    await second.close();
    await first.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('a stock change made through one instance is answered by the other within one second', async () => {
    const { ids } = await seedTestCatalogue(one);
    // The other instance answers from its cache (details are kept for 10 seconds without a notice).
    const cached = await other.catalogue.getProductDetails(ids.wrap);
    const variant = cached.variants[0]!;
    expect(variant.quantity).toBe(7);

    await one.adminProducts.updateVariant(OWNER, {
      productId: ids.wrap,
      variantId: variant._id,
      quantity: 2,
      variantColorPrice: 0,
      variantSizePrice: 0,
    });
    const changedAt = Date.now();
    let seen = 7;
    while (Date.now() - changedAt < 1_000) {
      seen = (await other.catalogue.getProductDetails(ids.wrap)).variants[0]!.quantity;
      if (seen === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toBe(2);
  });

  it('a notice it cannot read empties the whole cache rather than keeping stale answers', async () => {
    const cleared: Array<readonly string[]> = [];
    const unsubscribe = other.catalogueChanges.subscribe((productIds) => cleared.push(productIds));
    await first.channel!('catalogue_changes').send('not json');
    const sentAt = Date.now();
    while (cleared.length === 0 && Date.now() - sentAt < 1_000) await new Promise((resolve) => setTimeout(resolve, 20));
    unsubscribe();
    expect(cleared).toEqual([[]]);
  });
});
