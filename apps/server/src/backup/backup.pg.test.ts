import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/database.js';
import { capturingMailer } from '../test/accounts.js';
import { expectShopIntact, fillShop, openShop, type ShopFacts, type ShopForTest } from '../test/backup-shop.js';
import { runCli } from '../test/cli.js';
import { createTestDatabase } from '../test/database.js';
import { adminQuery, urlOf } from '../test/postgres-admin.js';
import { MANIFEST_ENTRY, PGLITE_DUMP_ENTRY, knownMigrationCount, newManifest, writeArchive } from './archive.js';
import { createBackup, mediaDirOf, type BackupTarget } from './backup.js';
import { checkShopPhotos } from './photos.js';
import { dumpPostgres } from './postgres-tools.js';
import { restoreBackup } from './restore.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server for *.pg.test.ts (see scripts/test-postgres.mjs)');

const root = mkdtempSync(path.join(tmpdir(), 'shop-backup-pg-test-'));
const mail = capturingMailer();
/** A new, empty database on the test server, dropped after the file. */
const created: string[] = [];
async function emptyDatabase(): Promise<string> {
  const name = `shop_test_restore_${randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl!, `create database ${name}`);
  created.push(name);
  return urlOf(serverUrl!, name);
}

let source: BackupTarget;
let running: ShopForTest;
let facts: ShopFacts;

beforeAll(async () => {
  const database = await createTestDatabase();
  source = { dataDir: path.join(root, 'source'), databaseUrl: database.url, localMedia: true };
  running = await openShop(database, mediaDirOf(source), mail);
  facts = await fillShop(running, mail, mediaDirOf(source));
}, 60_000);

afterAll(async () => {
  await running?.close();
  for (const name of created) await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  rmSync(root, { recursive: true, force: true });
});

describe('db:backup and db:restore on PostgreSQL', () => {
  it('backs up a running shop from the command line and restores it into a new database: order, bill, session and photos intact', async () => {
    const file = path.join(root, 'shop.tar');
    const backup = await runCli('db-backup', ['--file', file], {
      DATA_DIR: source.dataDir,
      DATABASE_URL: source.databaseUrl,
      MEDIA_STORE: undefined,
    });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      new RegExp(`^Backed up the PostgreSQL database \\(${knownMigrationCount()} migrations\\) and ${IMAGE_WIDTHS.length} photo files to `),
    );

    const target: BackupTarget = { dataDir: path.join(root, 'restored'), databaseUrl: await emptyDatabase(), localMedia: true };
    expect(await restoreBackup(target, file)).toMatchObject({
      kind: 'postgres',
      migrations: knownMigrationCount(),
      mediaFiles: IMAGE_WIDTHS.length,
    });
    // What db:restore then looks for: the photo the restored database names, in the restored media folder.
    expect(await checkShopPhotos(target, { kind: 'local', root: mediaDirOf(target) })).toMatchObject({ total: 1, missing: [] });
    const shop = await openShop(await openPostgres(target.databaseUrl!, { max: 2 }), mediaDirOf(target), mail);
    try {
      await expectShopIntact(shop, facts);
    } finally {
      await shop.close();
    }

    // Restoring again finds a database the shop has used, and leaves it alone.
    await expect(restoreBackup({ ...target, dataDir: path.join(root, 'again') }, file)).rejects.toThrow(
      /^DATABASE_URL: .+\/shop_test_restore_[0-9a-f]+ is not empty \(\d+ tables, views or sequences\); restore only into a new, empty database$/,
    );
  }, 120_000);

  it('with MEDIA_STORE=s3 the archive holds the database only, and it restores without photos', async () => {
    const file = path.join(root, 'database-only.tar');
    expect(await createBackup({ ...source, localMedia: false }, file)).toMatchObject({ kind: 'postgres', mediaFiles: 0 });
    const target: BackupTarget = { dataDir: path.join(root, 'database-only'), databaseUrl: await emptyDatabase(), localMedia: false };
    expect(await restoreBackup(target, file)).toMatchObject({ kind: 'postgres', mediaFiles: 0 });
    expect(existsSync(mediaDirOf(target))).toBe(false);
  }, 60_000);

  it('refuses a backup of the embedded database, and the database of the running shop', async () => {
    const file = path.join(root, 'embedded.tar');
    await writeArchive(file, async (writer) => {
      const manifest = newManifest({ kind: 'pglite', createdAt: new Date().toISOString(), migrations: 3, mediaFiles: 0 });
      await writer.addBuffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)));
      await writer.addBuffer(PGLITE_DUMP_ENTRY, Buffer.from('not read'));
    });
    const target: BackupTarget = { dataDir: path.join(root, 'embedded'), databaseUrl: await emptyDatabase(), localMedia: true };
    await expect(restoreBackup(target, file)).rejects.toThrow(
      `this backup is of the embedded database (PGlite): unset DATABASE_URL to restore it into DATA_DIR (${target.dataDir})`,
    );

    const archive = path.join(root, 'running.tar');
    await createBackup({ ...source, localMedia: false }, archive);
    await expect(restoreBackup({ ...source, dataDir: path.join(root, 'over-the-running-shop') }, archive)).rejects.toThrow(
      / is not empty \(/,
    );
    await expectShopIntact(running, facts);
  }, 60_000);

  it('says which client tools to install when pg_dump is older than the server', async () => {
    await expect(dumpPostgres(source.databaseUrl!, path.join(root, 'never.dump'), '99.1')).rejects.toThrow(
      /^pg_dump \S+ cannot back up PostgreSQL 99\.1 \(DATABASE_URL\): install the PostgreSQL 99 client tools \(Debian and Ubuntu: apt-get install postgresql-client-99\)$/,
    );
  });
});
