import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE } from '../audit/service.js';
import { ConfigError } from '../config.js';
import { DEMO_SETTINGS, createSettingsService } from '../settings/service.js';
import { openPglite, openPostgres, selectRows } from './database.js';

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
