import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE } from '../audit/service.js';
import { ConfigError } from '../config.js';
import { DEMO_SETTINGS, createSettingsService } from '../settings/service.js';
import { createTestDatabase } from '../test/database.js';
import { containsPattern, openPglite, openPostgres, selectRows, type Database } from './database.js';

describe('embedded database in DATA_DIR', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-db-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data across a close and reopen, and migrating again changes nothing', async () => {
    const first = await openPglite(dataDir);
    await first.migrate();
    await createSettingsService(first.db).update(COMMAND_LINE, { ...DEMO_SETTINGS, name: 'Persisted Boutique' });
    await first.close();

    const second = await openPglite(dataDir);
    await second.migrate();
    const settings = createSettingsService(second.db);
    await settings.ensureExists();
    expect((await settings.get()).name).toBe('Persisted Boutique');
    await second.close();
  });

  it('refuses a second open of the same DATA_DIR while the first is open', async () => {
    const first = await openPglite(dataDir);
    try {
      await expect(openPglite(dataDir)).rejects.toThrow(ConfigError);
      await expect(openPglite(dataDir)).rejects.toThrow(/DATA_DIR: .* is in use by another shop process/);
    } finally {
      await first.close();
    }
  });

  it('keeps 32 MB of shared buffers in its WebAssembly memory, which never shrinks (ADR 029)', async () => {
    const database = await openPglite(undefined);
    try {
      expect(await selectRows(database.db, sql`show shared_buffers`)).toEqual([{ shared_buffers: '32MB' }]);
    } finally {
      await database.close();
    }
  });
});

describe('PostgreSQL connection errors', () => {
  it('name DATABASE_URL and the reason in one line', async () => {
    await expect(openPostgres('postgres://nobody@127.0.0.1:1/x')).rejects.toThrow(
      new ConfigError('DATABASE_URL: cannot connect to 127.0.0.1:1/x (connection refused)'),
    );
  });
});

describe('containsPattern', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('matches text containing the words as typed: % _ and \\ are not wildcards', async () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    const texts = ['Flat 50% off', 'Flat 500 off', 'a_b kurta', 'axb kurta', 'back\\slash', 'backslash'];
    const matching = async (typed: string) =>
      (
        await selectRows<{ text: string }>(
          database.db,
          sql`select text from unnest(${`{${texts.map((text) => JSON.stringify(text)).join(',')}}`}::text[]) as t(text)
              where text ilike ${containsPattern(typed)} order by text`,
        )
      ).map((row) => row.text);
    expect(await matching('50%')).toEqual(['Flat 50% off']);
    expect(await matching('A_B')).toEqual(['a_b kurta']);
    expect(await matching('k\\s')).toEqual(['back\\slash']);
    expect(await matching('kurta')).toEqual(['a_b kurta', 'axb kurta']);
  });
});
