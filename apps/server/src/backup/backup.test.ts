import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { IMAGE_WIDTHS } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openPglite } from '../db/database.js';
import { capturingMailer } from '../test/accounts.js';
import { expectShopIntact, fillShop, openShop, type ShopFacts } from '../test/backup-shop.js';
import { runCli } from '../test/cli.js';
import { startS3Server } from '../test/s3-server.js';
import { BackupError, MANIFEST_ENTRY, POSTGRES_DUMP_ENTRY, knownMigrationCount, newManifest, writeArchive } from './archive.js';
import { createBackup, listMedia, mediaDirOf, type BackupTarget } from './backup.js';
import { checkShopPhotos, describeMissing } from './photos.js';
import { restoreBackup } from './restore.js';

// Backups of the embedded database (PGlite in DATA_DIR); backup.pg.test.ts does the same on PostgreSQL.

const root = mkdtempSync(path.join(tmpdir(), 'shop-backup-test-'));
const mail = capturingMailer();
const dataDir = (name: string): BackupTarget => ({ dataDir: path.join(root, name), databaseUrl: undefined, localMedia: true });
const source = dataDir('source');
/** Made by createBackup from the filled source shop. */
const archive = path.join(root, 'source.tar');
let facts: ShopFacts;

const localStore = (target: BackupTarget) => ({ kind: 'local' as const, root: mediaDirOf(target) });

/** The environment of a command-line run on the embedded database in `target`. */
const cliEnv = (target: BackupTarget) => ({ DATA_DIR: target.dataDir, DATABASE_URL: undefined, MEDIA_STORE: undefined });

beforeAll(async () => {
  // The migrated template the API tests start from, when there is one: loading it is faster than migrating.
  const template = inject('pgliteTemplate');
  const database = await openPglite(source.dataDir, template ? new Blob([readFileSync(template)]) : undefined);
  if (!template) await database.migrate();
  const shop = await openShop(database, mediaDirOf(source), mail);
  try {
    facts = await fillShop(shop, mail, mediaDirOf(source));
  } finally {
    await shop.close();
  }
  await createBackup(source, archive);
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('db:backup and db:restore on the embedded database', () => {
  it('backs a stopped shop up from the command line and restores it into a new DATA_DIR: order, bill, session and photos intact', async () => {
    // Into a folder that does not exist yet: db:backup makes it, for the shop user alone.
    const file = path.join(root, 'backups', 'from-the-command-line.tar');
    const backup = await runCli('db-backup', ['--file', file], cliEnv(source));
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toBe(
      `Backed up the embedded database (${knownMigrationCount()} migrations) and ${IMAGE_WIDTHS.length} photo files to ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB).\n`,
    );

    // Only the shop user may read it: it holds password hashes and every customer's address.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);

    const target = dataDir('restored');
    const restore = await runCli('db-restore', ['--file', file], cliEnv(target));
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Restored the embedded database \\(${knownMigrationCount()} migrations\\) and ${IMAGE_WIDTHS.length} photo files, backed up at `,
        ),
      ),
      `photos: 1 of 1 found in the media folder ${mediaDirOf(target)}.`,
      '',
    ]);
    const shop = await openShop(await openPglite(target.dataDir), mediaDirOf(target), mail);
    try {
      await expectShopIntact(shop, facts);
    } finally {
      await shop.close();
    }
  }, 120_000);

  it('refuses to restore into a DATA_DIR that already holds a database, and leaves it as it was', async () => {
    const before = readFileSync(facts.photo.file);
    await expect(restoreBackup(source, archive)).rejects.toThrow(
      new BackupError(
        `DATA_DIR: ${source.dataDir} already holds a database (${path.join(source.dataDir, 'pgdata')} is not empty); restore only into a new, empty DATA_DIR`,
      ),
    );
    expect(readFileSync(facts.photo.file).equals(before)).toBe(true);
  });

  it('refuses to restore photos over a media folder that holds files, before writing the database', async () => {
    const target = dataDir('media-in-the-way');
    mkdirSync(path.join(mediaDirOf(target), 'old'), { recursive: true });
    writeFileSync(path.join(mediaDirOf(target), 'old', 'photo.webp'), 'not ours');
    await expect(restoreBackup(target, archive)).rejects.toThrow(
      `DATA_DIR: ${mediaDirOf(target)} already holds 1 file; restore only into an empty media folder`,
    );
    expect(() => statSync(path.join(target.dataDir, 'pgdata'))).toThrow();
  });

  it('refuses a backup of a PostgreSQL database, which only a shop on PostgreSQL can take', async () => {
    const file = path.join(root, 'postgres-kind.tar');
    await writeArchive(file, async (writer) => {
      const manifest = newManifest({
        kind: 'postgres',
        createdAt: new Date().toISOString(),
        migrations: 3,
        mediaFiles: 0,
        postgres: { serverVersion: '15.20', pgDumpVersion: '15.20' },
      });
      await writer.addBuffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)));
      await writer.addBuffer(POSTGRES_DUMP_ENTRY, Buffer.from('PGDMP'));
    });
    await expect(restoreBackup(dataDir('wrong-kind'), file)).rejects.toThrow(
      'this backup is of a PostgreSQL database: set DATABASE_URL to the new, empty database to restore it into',
    );
  });

  it('refuses, in one line, a missing file, a file that is not a backup and a backup cut short', async () => {
    const target = dataDir('from-bad-files');
    const missing = path.join(root, 'nowhere.tar');
    await expect(restoreBackup(target, missing)).rejects.toThrow(new BackupError(`--file: ${missing} does not exist`));

    const text = path.join(root, 'notes.txt');
    writeFileSync(text, 'a shopping list, not a backup\n'.repeat(100));
    await expect(restoreBackup(target, text)).rejects.toThrow(/^.*notes\.txt is not a (whole )?shop backup \(.+\)$/);

    const cut = path.join(root, 'cut.tar');
    copyFileSync(archive, cut);
    truncateSync(cut, Math.floor(statSync(archive).size / 2));
    await expect(restoreBackup(target, cut)).rejects.toThrow(/cut\.tar is not a whole shop backup \(.+\)$/);
    // Nothing was written: the same DATA_DIR takes a whole backup afterwards.
    expect(() => statSync(path.join(target.dataDir, 'pgdata'))).toThrow();
    expect(() => statSync(mediaDirOf(target))).toThrow();
  });

  it('refuses to back up while a shop runs on the DATA_DIR, saying it must be stopped', async () => {
    const running = await openPglite(source.dataDir);
    try {
      await expect(createBackup(source, path.join(root, 'while-running.tar'))).rejects.toThrow(
        `DATA_DIR: ${source.dataDir} is in use by the running shop (pid ${process.pid}); the embedded database can be backed up only while the shop is stopped`,
      );
    } finally {
      await running.close();
    }
  });

  it('never overwrites a file, and says an empty DATA_DIR has nothing to back up', async () => {
    await expect(createBackup(source, archive)).rejects.toThrow(
      `--file: ${archive} already exists; a backup never overwrites a file, choose a new name`,
    );
    const empty = dataDir('empty');
    await expect(createBackup(empty, path.join(root, 'empty.tar'))).rejects.toThrow(
      `DATA_DIR: ${empty.dataDir} holds no embedded database (no pgdata); nothing to back up`,
    );
  });

  it('db:restore fails naming the photos the restored database names that the media folder lacks', async () => {
    const target = dataDir('restored');
    expect(await checkShopPhotos(target, localStore(target))).toEqual({
      total: 1,
      missing: [],
      store: `the media folder ${mediaDirOf(target)}`,
    });
    const rendition = path.join(mediaDirOf(target), `${facts.photo.key}-${IMAGE_WIDTHS[0]}.webp`);
    renameSync(rendition, `${rendition}.away`);
    try {
      const check = await checkShopPhotos(target, localStore(target));
      expect(check.missing).toEqual([facts.photo.key]);
      expect(describeMissing(check)).toBe(
        `photos: 0 of 1 found; 1 missing from the media folder ${mediaDirOf(target)}: ${facts.photo.key}`,
      );
    } finally {
      renameSync(`${rendition}.away`, rendition);
    }
  });

  it('with MEDIA_STORE=s3 db:restore fails until the bucket holds the photos, and --check-photos then finds them', async () => {
    const s3 = await startS3Server();
    try {
      const target = dataDir('restored-s3');
      const env = { ...cliEnv(target), ...s3.env };
      const restore = await runCli('db-restore', ['--file', archive], env);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toBe(
        `Cannot restore: the database is restored, but photos: 0 of 1 found; 1 missing from the S3 bucket ${s3.bucket}: ${facts.photo.key}. ` +
          'Copy them into the store (docs/deploy.md, Restoring) and look again with npm run db:restore -- --check-photos\n',
      );
      // The bucket restored with the store's tools (aws s3 sync, rclone): here, the archive's photos copied in.
      for (const photo of await listMedia(mediaDirOf(target))) {
        await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: photo.name, Body: readFileSync(photo.file) }));
      }
      const again = await runCli('db-restore', ['--check-photos'], env);
      expect(again).toEqual({ code: 0, stdout: `photos: 1 of 1 found in the S3 bucket ${s3.bucket}.\n`, stderr: '' });
    } finally {
      await s3.close();
    }
  }, 120_000);

  it('the command line without --file answers one line and exit code 1', async () => {
    const run = await runCli('db-restore', [], cliEnv(dataDir('no-file')));
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Cannot restore: --file is required (usage: npm run db:restore -- --file <archive.tar> | --check-photos)\n',
    });
  });
});
