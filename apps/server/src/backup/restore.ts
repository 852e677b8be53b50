import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { DataDirInUseError, openPglite, openPostgres, selectRows } from '../db/database.js';
import {
  BackupError,
  MANIFEST_ENTRY,
  MEDIA_PREFIX,
  PGLITE_DUMP_ENTRY,
  POSTGRES_DUMP_ENTRY,
  knownMigrationCount,
  manifestSchema,
  readArchive,
  readSmallEntry,
  skip,
  type ArchiveEntry,
  type Manifest,
} from './archive.js';
import { appliedMigrations, listMedia, mediaDirOf, pgdataOf, type BackupTarget } from './backup.js';
import { describeDatabaseUrl } from '../db/database-url.js';
import { checkRestoreTool, restorePostgres } from './postgres-tools.js';

export interface RestoreSummary {
  kind: Manifest['kind'];
  /** When the backup was made. */
  createdAt: string;
  migrations: number;
  mediaFiles: number;
}

const MANIFEST_LIMIT = 64 * 1024;

/**
 * Restores the archive `file` (see createBackup) into the target's database, which must be empty (a new
 * PostgreSQL database, or a DATA_DIR without a database), and its photos into DATA_DIR/media, which must hold
 * none when the archive brings some. Everything is read and checked before the database is written; the
 * database is restored in one piece (one transaction, or one load of the data directory) and the photos appear
 * after it.
 */
export async function restoreBackup(target: BackupTarget, file: string): Promise<RestoreSummary> {
  const entries = readArchive(file);
  const scratch = await mkdtemp(path.join(tmpdir(), 'shop-restore-'));
  const staging = path.join(target.dataDir, `.media-restore-${randomBytes(6).toString('hex')}`);
  try {
    const first = await entries.next();
    if (first.done || first.value.name !== MANIFEST_ENTRY) {
      throw new BackupError(`${file} is not a shop backup (it does not start with ${MANIFEST_ENTRY})`);
    }
    const manifest = parseManifest(file, await readSmallEntry(first.value, MANIFEST_LIMIT));
    await checkTarget(target, manifest);

    const dumpEntry = manifest.kind === 'postgres' ? POSTGRES_DUMP_ENTRY : PGLITE_DUMP_ENTRY;
    let dump: { file: string } | { blob: Blob } | undefined;
    let mediaFiles = 0;
    for await (const entry of entries) {
      if (entry.name === dumpEntry && !dump) {
        dump =
          manifest.kind === 'postgres'
            ? { file: await saveTo(entry, path.join(scratch, POSTGRES_DUMP_ENTRY)) }
            : { blob: await blobOf(entry) };
      } else if (entry.name.startsWith(MEDIA_PREFIX) && entry.type === 'file') {
        await saveTo(entry, path.join(staging, safeMediaPath(file, entry.name)));
        mediaFiles++;
      } else if (entry.type === 'directory') {
        await skip(entry);
      } else {
        throw new BackupError(`${file} is not a shop backup (unexpected entry ${entry.name})`);
      }
    }
    if (!dump) throw new BackupError(`${file} is not a whole shop backup (${dumpEntry} is missing)`);
    if (mediaFiles !== manifest.mediaFiles) {
      throw new BackupError(`${file} is not a whole shop backup (${mediaFiles} of its ${manifest.mediaFiles} photos are there)`);
    }

    const migrations = 'file' in dump ? await loadPostgres(target.databaseUrl!, dump.file) : await loadPglite(target, dump.blob);
    if (migrations !== manifest.migrations) {
      throw new BackupError(`the restored database has ${migrations} migrations where the backup says ${manifest.migrations}`);
    }
    if (mediaFiles > 0) {
      // checkTarget found no files in it: at most empty folders, which the restored ones replace.
      await rm(mediaDirOf(target), { recursive: true, force: true });
      await rename(staging, mediaDirOf(target));
    }
    return { kind: manifest.kind, createdAt: manifest.createdAt, migrations, mediaFiles };
  } finally {
    await entries.return(undefined);
    await rm(scratch, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

function parseManifest(file: string, bytes: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError(`${file} is not a shop backup (its ${MANIFEST_ENTRY} is not JSON)`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(`${file} is not a backup this shop can read (${MANIFEST_ENTRY}: ${issue?.path.join('.')}: ${issue?.message})`);
  }
  return parsed.data;
}

/** Refuses, before anything is written, a backup of the other kind, a newer shop's backup, or a target that is not empty. */
async function checkTarget(target: BackupTarget, manifest: Manifest): Promise<void> {
  if (manifest.kind === 'postgres' && !target.databaseUrl) {
    throw new BackupError('this backup is of a PostgreSQL database: set DATABASE_URL to the new, empty database to restore it into');
  }
  if (manifest.kind === 'pglite' && target.databaseUrl) {
    throw new BackupError(
      `this backup is of the embedded database (PGlite): unset DATABASE_URL to restore it into DATA_DIR (${target.dataDir})`,
    );
  }
  const known = knownMigrationCount();
  if (manifest.migrations > known) {
    throw new BackupError(
      `this backup was made by a newer version of the shop (${manifest.migrations} migrations; this one knows ${known}): restore it with that version`,
    );
  }
  if (target.databaseUrl) {
    await checkRestoreTool(manifest.postgres?.pgDumpVersion ?? '0');
    await checkPostgresEmpty(target.databaseUrl);
  } else {
    const pgdata = pgdataOf(target);
    if ((await readdir(pgdata).catch(() => [])).length > 0) {
      throw new BackupError(
        `DATA_DIR: ${target.dataDir} already holds a database (${pgdata} is not empty); restore only into a new, empty DATA_DIR`,
      );
    }
  }
  if (manifest.mediaFiles > 0) {
    const present = (await listMedia(mediaDirOf(target))).length;
    if (present > 0) {
      throw new BackupError(
        `DATA_DIR: ${mediaDirOf(target)} already holds ${present} file${present === 1 ? '' : 's'}; restore only into an empty media folder`,
      );
    }
  }
}

/** Empty: no table, view or sequence outside PostgreSQL's own schemas, and no drizzle schema (the shop has never started on it). */
async function checkPostgresEmpty(url: string): Promise<void> {
  const database = await openPostgres(url, { max: 1 });
  try {
    const [row] = await selectRows<{ relations: number; drizzle: boolean }>(
      database.db,
      sql`select
            (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
                and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_%') as relations,
            exists (select 1 from pg_namespace where nspname = 'drizzle') as drizzle`,
    );
    if (row && (row.relations > 0 || row.drizzle)) {
      throw new BackupError(
        `DATABASE_URL: ${describeDatabaseUrl(url)} is not empty (${row.relations} tables, views or sequences); restore only into a new, empty database`,
      );
    }
  } finally {
    await database.close();
  }
}

async function loadPostgres(url: string, dumpFile: string): Promise<number> {
  await restorePostgres(url, dumpFile);
  const database = await openPostgres(url, { max: 1 });
  try {
    return await appliedMigrations(database.db);
  } finally {
    await database.close();
  }
}

async function loadPglite(target: BackupTarget, blob: Blob): Promise<number> {
  let database;
  try {
    // openPglite takes DATA_DIR's lock: a shop starting meanwhile stops with a clear line, and so do we.
    database = await openPglite(target.dataDir, blob);
  } catch (error) {
    // Another process got there first (a shop started since checkTarget): its database is not ours to clear.
    if (error instanceof DataDirInUseError || /already exists/i.test((error as Error).message)) throw error;
    // It was empty (checkTarget): leave it so, for another try.
    await rm(pgdataOf(target), { recursive: true, force: true });
    throw new BackupError(`the backup's embedded database could not be loaded (${(error as Error).message})`);
  }
  try {
    return await appliedMigrations(database.db);
  } finally {
    await database.close();
  }
}

/** media/<path> → <path>, refusing anything that would land outside the media folder. */
function safeMediaPath(file: string, name: string): string {
  const relative = name.slice(MEDIA_PREFIX.length);
  const parts = relative.split('/');
  if (relative === '' || parts.some((part) => part === '' || part === '.' || part === '..') || relative.includes('\\')) {
    throw new BackupError(`${file} is not a shop backup (unsafe photo path ${name})`);
  }
  return path.join(...parts);
}

async function saveTo(entry: ArchiveEntry, file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await pipeline(entry.body, createWriteStream(file, { flags: 'wx' }));
  return file;
}

async function blobOf(entry: ArchiveEntry): Promise<Blob> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(chunk);
  return new Blob(chunks);
}
