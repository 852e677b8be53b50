import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ConfigError } from '../config.js';
import { describeDatabaseUrl, pgClientConfig } from './database-url.js';

/**
 * No relational schema: nothing uses drizzle's `db.query` API, and with a schema every transaction builds a query
 * helper per table (bench:checkout's allocation profile: 2 % of the shop's allocations).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations, serialised across processes that share the database. */
  migrate(): Promise<void>;
  /**
   * Runs `task` only if no other process holds the lock `key` (a PostgreSQL advisory lock on a connection
   * of its own, released when the task ends); answers false when another instance is running it.
   */
  runExclusive(key: number, task: () => Promise<void>): Promise<boolean>;
  /**
   * PostgreSQL only: NOTIFY and LISTEN on one channel, for notices between the instances sharing the
   * database (PGlite has one process, so it needs none).
   */
  channel?(name: string): NoticeChannel;
  /** PostgreSQL only: the connection pool's state, for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the whole database as a tar file (gzipped on request), to start other databases from (tests, backups). */
  dumpDataDir?(compression?: 'none' | 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

export interface NoticeChannel {
  send(payload: string): Promise<void>;
  /** `onGap`: the listening connection dropped (notices may be lost); it reconnects within a second. */
  listen(onPayload: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
}

const RELISTEN_DELAY_MS = 1_000;

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

/** Any number that no other program on the same PostgreSQL uses for an advisory lock. */
const MIGRATION_LOCK_KEY = 7_302_026_001;

/**
 * Embedded PostgreSQL in `dataDir`, or in memory when `dataDir` is undefined (tests). It can start from `template`,
 * a dumpDataDir() of another, when it has no database yet (PGlite refuses to load over one).
 */
export async function openPglite(dataDir: string | undefined, template?: Blob): Promise<Database> {
  let releaseLock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = lockDataDir(dataDir);
  }
  const running = new Set<number>();
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, 'pgdata') : undefined,
      extensions: { pg_trgm },
      // PostgreSQL's 128 MB of shared buffers live in PGlite's WebAssembly memory, which never shrinks; a boutique's
      // database is read through the system's file cache as well (ADR 029).
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
      ...(template ? { loadDataDir: template } : {}),
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      // PGlite has one connection in one process (see lockDataDir), so there is nobody to race.
      await migrate(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async runExclusive(_key, task) {
      // One process owns a PGlite DATA_DIR (lockDataDir): a flag in this process is the whole lock.
      if (running.has(_key)) return false;
      running.add(_key);
      try {
        await task();
      } finally {
        running.delete(_key);
      }
      return true;
    },
    async dumpDataDir(compression = 'none') {
      return client.dumpDataDir(compression);
    },
    async close() {
      await client.close();
      releaseLock();
    },
  };
}

/** Connections the pool keeps open while idle. */
const KEPT_CONNECTIONS = 4;

/** A PostgreSQL server; fails with a ConfigError naming DATABASE_URL when it cannot be reached. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  // No JIT: it spent 20 ms compiling a report query that runs in 5 ms; the shop's statements are short and many.
  // A few connections stay open however long the shop is quiet (the rest close after 10 s idle): opening one costs
  // ~3 ms here, and a new search after a quiet spell, or after a burst answered from cache, opened two in turn.
  const max = options.max ?? 10;
  // DATABASE_URL by libpq's rules (database-url.ts), not node-postgres' connection-string parser.
  let connection: pg.ClientConfig;
  try {
    connection = pgClientConfig(url);
  } catch (error) {
    throw new ConfigError(`DATABASE_URL: ${(error as Error).message}`);
  }
  const pool = new pg.Pool({
    ...connection,
    max,
    min: Math.min(KEPT_CONNECTIONS, max),
    connectionTimeoutMillis: connection.connectionTimeoutMillis ?? 5_000,
    options: [connection.options, '-c jit=off'].filter(Boolean).join(' '),
  });
  // A client losing its connection must not crash the process. The pool hears the idle ones (and replaces them);
  // one checked out (runExclusive's lock, a transaction between statements) emits 'error' to nobody, which ends
  // the process, so every client gets a listener of its own. Its query or transaction fails with the error, and
  // the pool drops the broken client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new ConfigError(`DATABASE_URL: cannot connect to ${describeDatabaseUrl(url)} (${describePgError(error)})`);
  }
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      const client = await pool.connect();
      try {
        // Instances starting together wait here; the second finds nothing left to apply.
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async runExclusive(key, task) {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (!rows[0]?.locked) return false;
        try {
          await task();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        }
        return true;
      } finally {
        client.release();
      }
    },
    channel: (name) => ({
      async send(payload) {
        // Every checkout sends one (its stock changed): prepared by name, parsed once per connection.
        await pool.query({ name: 'channel_notify', text: 'select pg_notify($1, $2)', values: [name, payload] });
      },
      // LISTEN needs a connection of its own that stays open, outside the pool.
      async listen(onPayload, onGap) {
        let current: pg.Client | null = null;
        let stopped = false;
        let dropped = false;
        let retry: NodeJS.Timeout | undefined;
        const open = async () => {
          const client = new pg.Client(connection);
          client.on('error', () => {});
          client.on('notification', (message) => {
            if (message.channel === name) onPayload(message.payload ?? '');
          });
          try {
            await client.connect();
            await client.query(`listen ${client.escapeIdentifier(name)}`);
          } catch (error) {
            await client.end().catch(() => {});
            throw error;
          }
          // Listening again after a drop: whatever was sent while nobody listened is lost, so caches forget again
          // now (the first forgetting, at the drop, may have been refilled from the database meanwhile).
          if (dropped) onGap();
          dropped = false;
          client.on('end', () => {
            if (stopped || current !== client) return;
            current = null;
            dropped = true;
            onGap();
            reopenLater();
          });
          current = client;
        };
        const reopenLater = () => {
          if (!stopped) retry = setTimeout(() => void open().catch(reopenLater), RELISTEN_DELAY_MS);
        };
        await open();
        return async () => {
          stopped = true;
          clearTimeout(retry);
          await current?.end();
        };
      },
    }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

function describePgError(error: unknown): string {
  const e = error as { code?: string; message?: string };
  switch (e.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
      return 'unknown host';
    case 'ENOENT':
      return 'no PostgreSQL socket in that directory';
    case '3D000':
      return 'database does not exist';
    case '28P01':
    case '28000':
      return 'authentication failed';
    default:
      return e.message?.split('\n')[0] || e.code || 'unknown error';
  }
}

/** DATA_DIR's embedded database is open in another live process (a running shop). */
export class DataDirInUseError extends ConfigError {
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(`DATA_DIR: ${dataDir} is in use by another shop process (pid ${pid}); stop it or choose another DATA_DIR`);
    this.pid = pid;
  }
}

/**
 * PGlite is a single-process database: two shop processes on one DATA_DIR would corrupt it.
 * A pid file makes the second one stop with a clear message instead.
 */
const openInThisProcess = new Set<string>();

function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'shop.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      openInThisProcess.add(lockFile);
      return () => {
        openInThisProcess.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      // Our own pid in the file is stale unless this process opened it (containers reuse low pids).
      const held = owner === process.pid ? openInThisProcess.has(lockFile) : Number.isInteger(owner) && isAlive(owner);
      if (held) throw new DataDirInUseError(dataDir, owner);
      rmSync(lockFile, { force: true }); // left behind by a process that died
    }
  }
  throw new ConfigError(`DATA_DIR: cannot lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs raw SQL and returns its rows; PGlite and node-postgres both answer `{ rows }`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A Postgres array literal to bind as ONE parameter (`= any(${pgArray(xs)}::text[])`): drizzle would
 * otherwise spread a JS array into a row of separate parameters.
 */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/**
 * A LIKE pattern that matches text containing `text` as typed: its `%`, `_` and `\` match themselves (PostgreSQL's
 * default escape character is `\`), so a search for '50%' or 'a_b' is not a wildcard. The one escape of the admin
 * lists' and the counter's searches.
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether `error` (or what it wraps: drizzle wraps the driver's error as its cause) is PostgreSQL's unique
 * violation (23505), of the index `constraint` when one is named.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: violated } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || violated === constraint;
  }
  return false;
}
