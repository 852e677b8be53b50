import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { DataDirInUseError, openPglite, openPostgres, selectRows, type Database, type Db } from '../db/database.js';
import {
  BackupError,
  MANIFEST_ENTRY,
  MEDIA_PREFIX,
  PGLITE_DUMP_ENTRY,
  POSTGRES_DUMP_ENTRY,
  newManifest,
  writeArchive,
  type Manifest,
} from './archive.js';
import { describeDatabaseUrl } from '../db/database-url.js';
import { dumpPostgres } from './postgres-tools.js';

/** What a backup reads and a restore writes: the shop's database and, with MEDIA_STORE=local, its photos. */
export interface BackupTarget {
  /** DATA_DIR: the embedded database in DATA_DIR/pgdata (when databaseUrl is unset) and the photos in DATA_DIR/media. */
  dataDir: string;
  /** DATABASE_URL: PostgreSQL instead of the embedded database. */
  databaseUrl: string | undefined;
  /** MEDIA_STORE=local: the photos are files in DATA_DIR/media, and go into the archive. */
  localMedia: boolean;
}

/** The target the shop itself would use with this configuration (MEDIA_STORE=s3 keeps photos out of the archive). */
export function backupTargetOf(config: Pick<Config, 'dataDir' | 'databaseUrl'>, env: NodeJS.ProcessEnv = process.env): BackupTarget {
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl, localMedia: env.MEDIA_STORE !== 's3' };
}

export const mediaDirOf = (target: BackupTarget) => path.join(target.dataDir, 'media');
export const pgdataOf = (target: BackupTarget) => path.join(target.dataDir, 'pgdata');

/** Migrations applied to a database; 0 when the shop never started on it. */
export async function appliedMigrations(db: Db): Promise<number> {
  const [present] = await selectRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present?.present) return 0;
  const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return row?.n ?? 0;
}

interface MediaFile {
  /** Path under DATA_DIR/media, with '/' separators. */
  name: string;
  file: string;
  size: number;
  mtime: Date;
}

/** Every photo file under `root` (none when it does not exist); half-written temporary files are left out. */
export async function listMedia(root: string): Promise<MediaFile[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: MediaFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { size, mtime } = await stat(file);
    files.push({ name: path.relative(root, file).split(path.sep).join('/'), file, size, mtime });
  }
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

export interface BackupSummary {
  kind: Manifest['kind'];
  migrations: number;
  mediaFiles: number;
  /** The archive's size. */
  bytes: number;
}

/**
 * Writes one archive `file` holding the database (pg_dump's custom format on PostgreSQL, while the shop runs;
 * the data directory of the embedded database, which only a stopped shop lets go of) and, with local media, the
 * photos. Never overwrites a file. The archive is written 0600, and a missing folder for it is made 0700.
 */
export async function createBackup(target: BackupTarget, file: string, now: () => Date = () => new Date()): Promise<BackupSummary> {
  if (existsSync(file)) throw new BackupError(`--file: ${file} already exists; a backup never overwrites a file, choose a new name`);
  // A folder made here is the shop user's alone (0700), like the archive in it (0600, writeArchive).
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const scratch = await mkdtemp(path.join(tmpdir(), 'shop-backup-'));
  try {
    const database = target.databaseUrl ? await dumpPostgresTo(target.databaseUrl, scratch) : await dumpPglite(target);
    // The photos are listed after the database is dumped, so every photo the dump refers to is there.
    const media = target.localMedia ? await listMedia(mediaDirOf(target)) : [];
    const manifest = newManifest({
      kind: target.databaseUrl ? 'postgres' : 'pglite',
      createdAt: now().toISOString(),
      migrations: database.migrations,
      mediaFiles: media.length,
      ...(database.postgres ? { postgres: database.postgres } : {}),
    });
    const bytes = await writeArchive(file, async (archive) => {
      await archive.addBuffer(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      await archive.addStream(database.entry, database.size, database.open());
      for (const photo of media) {
        // Exactly the listed size: the tar header was written with it.
        const bytes = photo.size === 0 ? Readable.from([]) : createReadStream(photo.file, { end: photo.size - 1 });
        try {
          await archive.addStream(`${MEDIA_PREFIX}${photo.name}`, photo.size, bytes, photo.mtime);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          throw new BackupError(`the photo ${photo.name} was deleted while the backup ran; run it again`);
        }
      }
    });
    return { kind: manifest.kind, migrations: manifest.migrations, mediaFiles: media.length, bytes };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

interface DatabaseDump {
  entry: string;
  size: number;
  open(): Readable;
  migrations: number;
  postgres?: Manifest['postgres'];
}

async function dumpPostgresTo(url: string, scratch: string): Promise<DatabaseDump> {
  const database = await openPostgres(url, { max: 1 });
  let migrations: number;
  let serverVersion: string;
  try {
    migrations = await appliedMigrations(database.db);
    const [row] = await selectRows<{ server_version: string }>(database.db, sql`show server_version`);
    serverVersion = row?.server_version ?? '';
  } finally {
    await database.close();
  }
  if (migrations === 0) {
    throw new BackupError(`DATABASE_URL: ${describeDatabaseUrl(url)} holds no shop (no migrations were ever applied); nothing to back up`);
  }
  const file = path.join(scratch, POSTGRES_DUMP_ENTRY);
  const pgDumpVersion = await dumpPostgres(url, file, serverVersion);
  const { size } = await stat(file);
  return { entry: POSTGRES_DUMP_ENTRY, size, open: () => createReadStream(file), migrations, postgres: { serverVersion, pgDumpVersion } };
}

async function dumpPglite(target: BackupTarget): Promise<DatabaseDump> {
  // Opening an empty DATA_DIR would create a new database there: say there is nothing instead.
  if (!existsSync(path.join(pgdataOf(target), 'PG_VERSION'))) {
    throw new BackupError(`DATA_DIR: ${target.dataDir} holds no embedded database (no pgdata); nothing to back up`);
  }
  let database: Database;
  try {
    database = await openPglite(target.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new BackupError(
      `DATA_DIR: ${target.dataDir} is in use by the running shop (pid ${error.pid}); the embedded database can be backed up only while the shop is stopped`,
    );
  }
  try {
    const migrations = await appliedMigrations(database.db);
    if (migrations === 0)
      throw new BackupError(`DATA_DIR: ${target.dataDir} holds no shop (no migrations were ever applied); nothing to back up`);
    const dump = await database.dumpDataDir!('gzip');
    return { entry: PGLITE_DUMP_ENTRY, size: dump.size, open: () => Readable.fromWeb(dump.stream()), migrations };
  } finally {
    await database.close();
  }
}
