import { once } from 'node:events';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extract, pack, type Header, type Pack } from 'tar-stream';
import { z } from 'zod';
import { MIGRATIONS_FOLDER } from '../db/database.js';

// One backup is one tar file: manifest.json first (read before anything is written), then the database, then the
// media files. Its entries are already compressed (pg_dump's custom format, the gzipped PGlite data directory,
// WebP and AVIF photos), so the tar itself is not.

/** A backup or restore problem a person can fix: printed as one line, the command exits with code 1. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const MANIFEST_ENTRY = 'manifest.json';
/** PostgreSQL: `pg_dump --format=custom`. */
export const POSTGRES_DUMP_ENTRY = 'database.dump';
/** PGlite: its whole data directory, as PGlite's dumpDataDir('gzip') writes it. */
export const PGLITE_DUMP_ENTRY = 'pglite-datadir.tar.gz';
/** DATA_DIR/media/<path> is the entry media/<path>. */
export const MEDIA_PREFIX = 'media/';

const FORMAT_VERSION = 1;

export const manifestSchema = z.object({
  format: z.literal('shop-backup'),
  version: z.literal(FORMAT_VERSION),
  kind: z.enum(['pglite', 'postgres']),
  createdAt: z.iso.datetime(),
  /** Migrations applied to the database when it was backed up. */
  migrations: z.number().int().min(1),
  mediaFiles: z.number().int().min(0),
  /** PostgreSQL only: the versions of the server and of the pg_dump that wrote database.dump. */
  postgres: z.object({ serverVersion: z.string(), pgDumpVersion: z.string() }).optional(),
});

export type Manifest = z.infer<typeof manifestSchema>;

export const newManifest = (fields: Omit<Manifest, 'format' | 'version'>): Manifest => ({
  format: 'shop-backup',
  version: FORMAT_VERSION,
  ...fields,
});

/** How many migrations this version of the shop knows; a backup with more was made by a newer version. */
export function knownMigrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

export interface ArchiveWriter {
  addBuffer(name: string, data: Buffer): Promise<void>;
  /** Streams `size` bytes from `source` into the entry; the tar header needs the size before the bytes. */
  addStream(name: string, size: number, source: Readable, mtime?: Date): Promise<void>;
}

function addEntry(archive: Pack, header: Header | { name: string; size: number; mtime?: Date }, source: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const sink = archive.entry({ mode: 0o644, ...header }, (error) => (error ? reject(error) : resolve()));
    source.once('error', (error) => {
      sink.destroy(error);
      reject(error);
    });
    source.pipe(sink);
  });
}

/**
 * Writes the archive to `file` (mode 0600), under a temporary name until `fill` has added every entry, so that a
 * failed or interrupted backup never leaves a file that looks whole. Answers the archive's size in bytes.
 */
export async function writeArchive(file: string, fill: (archive: ArchiveWriter) => Promise<void>): Promise<number> {
  const partial = `${file}.partial`;
  const archive = pack();
  // The archive holds the whole database (password hashes, every customer's address): for the shop user's eyes only.
  const output = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    await once(output, 'open');
  } catch (error) {
    throw new BackupError(`--file: cannot write ${partial} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const written = pipeline(archive, output);
  try {
    await fill({
      addBuffer: (name, data) => addEntry(archive, { name, size: data.length }, Readable.from([data])),
      addStream: (name, size, source, mtime) => addEntry(archive, { name, size, ...(mtime ? { mtime } : {}) }, source),
    });
    archive.finalize();
    await written;
    await rename(partial, file);
    return output.bytesWritten;
  } catch (error) {
    archive.destroy(error as Error);
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

export interface ArchiveEntry {
  name: string;
  type: Header['type'];
  size: number;
  /** The entry's bytes; read them to the end (or skip()) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

/** Reads past an entry the caller does not want. */
export async function skip(entry: ArchiveEntry): Promise<void> {
  for await (const _chunk of entry.body);
}

const damaged = (file: string, error: unknown) => {
  if (error instanceof BackupError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new BackupError(`--file: ${file} does not exist`);
  if (code === 'EISDIR') return new BackupError(`--file: ${file} is a folder, not a backup`);
  if (code) return new BackupError(`--file: cannot read ${file} (${code})`);
  return new BackupError(`${file} is not a whole shop backup (${(error as Error).message})`);
};

/**
 * The entries of the archive `file`, in order, each read as a stream. A file that is not a tar, or is cut short,
 * fails with a BackupError saying so.
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const entries = extract();
  const input = createReadStream(file);
  input.once('error', (error) => entries.destroy(error));
  input.pipe(entries);
  async function* bytesOf(entry: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of entry) yield chunk as Buffer;
    } catch (error) {
      throw damaged(file, error);
    }
  }
  try {
    for await (const entry of entries) {
      const { name, type, size } = entry.header;
      yield { name, type, size, body: bytesOf(entry) };
    }
  } catch (error) {
    throw damaged(file, error);
  } finally {
    input.destroy();
    entries.destroy();
  }
}

/** Reads a small entry (the manifest) whole; refuses one larger than `limit` bytes. */
export async function readSmallEntry(entry: ArchiveEntry, limit: number): Promise<Buffer> {
  if (entry.size > limit) throw new BackupError(`${entry.name} is ${entry.size} bytes, more than a shop backup's ${limit}`);
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(chunk);
  return Buffer.concat(chunks);
}
