import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpPostgres, restorePostgres } from '../backup/postgres-tools.js';
import { loadConfig } from '../config.js';
import { runCli } from '../test/cli.js';
import { adminQuery } from '../test/postgres-admin.js';
import { parseDatabaseUrl } from './database-url.js';
import { openPostgres, selectRows } from './database.js';

// Issue 39: the guide's DATABASE_URL (the Unix socket, no host in the URL) stopped the start and db:restore. Each
// form libpq accepts connects here over this machine's socket, through the shop's pool and pg_dump/pg_restore.

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server for *.pg.test.ts (see scripts/test-postgres.mjs)');
const server = parseDatabaseUrl(serverUrl);
const user = server.user ?? 'postgres';
const port = server.port ?? 5432;
// The test server's socket directory (Debian and Ubuntu: /var/run/postgresql); it must let `user` in without a password.
const socketDir = process.env.TEST_POSTGRES_SOCKET ?? '/var/run/postgresql';

const admin = (statement: string) => adminQuery(serverUrl, statement);
const suffix = randomBytes(5).toString('hex');
const name = `shop_test_url_${suffix}`;
const restored = `shop_test_url_restored_${suffix}`;
const restoredByCli = `shop_test_url_cli_${suffix}`;
const root = mkdtempSync(path.join(tmpdir(), 'shop-url-pg-test-'));

const forms = [
  `postgres://${user}@/${name}?host=${socketDir}`,
  `postgresql://${user}@${encodeURIComponent(socketDir)}/${name}`,
  `postgres://${user}@/${name}?host=${socketDir}&port=${port}&sslmode=disable&application_name=shop-url-test&connect_timeout=5`,
  `postgres:///${name}?host=${encodeURIComponent(socketDir)}&user=${user}`,
  `host=${socketDir} dbname=${name} user=${user}`,
  `host='${socketDir}' port=${port} dbname='${name}' user=${user} sslmode=prefer`,
  // No host at all: libpq's default socket directory, where Debian's PostgreSQL listens.
  ...(socketDir === '/var/run/postgresql' && !process.env.PGHOST
    ? [`postgresql://${user}@/${name}`, `postgres:///${name}?user=${user}`]
    : []),
];

beforeAll(async () => {
  if (!existsSync(path.join(socketDir, `.s.PGSQL.${port}`))) {
    throw new Error(`no PostgreSQL socket in ${socketDir} for port ${port}: set TEST_POSTGRES_SOCKET to the server's socket directory`);
  }
  await admin(`create database ${name}`);
  await admin(`create database ${restored}`);
  await admin(`create database ${restoredByCli}`);
});

afterAll(async () => {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`drop database if exists ${restored} with (force)`);
  await admin(`drop database if exists ${restoredByCli} with (force)`);
  rmSync(root, { recursive: true, force: true });
});

describe('DATABASE_URL over the Unix socket', () => {
  it.each(forms)('the shop connects with %s', async (url) => {
    expect(loadConfig({ DATA_DIR: root, SESSION_SECRET: 'x'.repeat(32), DATABASE_URL: url }).databaseUrl).toBe(url);
    const database = await openPostgres(url, { max: 1 });
    try {
      const [row] = await selectRows<{ database: string; address: string | null; jit: string }>(
        database.db,
        sql`select current_database() as database, inet_server_addr() as address, current_setting('jit') as jit`,
      );
      // No server address: a Unix-socket connection, not TCP to localhost.
      expect(row).toEqual({ database: name, address: null, jit: 'off' });
    } finally {
      await database.close();
    }
  });

  it('pg_dump and pg_restore reach the same databases with the guide’s forms', async () => {
    const source = await openPostgres(forms[0]!, { max: 1 });
    let version: string;
    try {
      await source.db.execute(sql`create table guide_check (id int primary key)`);
      await source.db.execute(sql`insert into guide_check values (39)`);
      version = (await selectRows<{ version: string }>(source.db, sql`select current_setting('server_version') as version`))[0]!.version;
    } finally {
      await source.close();
    }
    const file = path.join(root, 'socket.dump');
    await dumpPostgres(forms[0]!, file, version);
    expect(statSync(file).size).toBeGreaterThan(0);
    await restorePostgres(`host=${socketDir} dbname=${restored} user=${user}`, file);
    const target = await openPostgres(`postgresql://${user}@${encodeURIComponent(socketDir)}/${restored}`, { max: 1 });
    try {
      expect(await selectRows(target.db, sql`select id from guide_check`)).toEqual([{ id: 39 }]);
    } finally {
      await target.close();
    }
  });

  // The guide's restore section: db:restore into DATABASE_URL='postgres://shop@/shop_restored?host=/var/run/postgresql'.
  it('db:backup and db:restore run with the guide’s socket addresses', async () => {
    const shop = await openPostgres(forms[0]!, { max: 1 });
    try {
      await shop.migrate();
    } finally {
      await shop.close();
    }
    const file = path.join(root, 'cli.tar');
    const env = { DATA_DIR: path.join(root, 'cli'), MEDIA_STORE: undefined };
    const backup = await runCli('db-backup', ['--file', file], { ...env, DATABASE_URL: forms[0] });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const restore = await runCli('db-restore', ['--file', file], {
      ...env,
      DATABASE_URL: `postgres://${user}@/${restoredByCli}?host=${socketDir}`,
    });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const target = await openPostgres(`host=${socketDir} dbname=${restoredByCli} user=${user}`, { max: 1 });
    try {
      expect(await selectRows(target.db, sql`select id from guide_check`)).toEqual([{ id: 39 }]);
    } finally {
      await target.close();
    }
  }, 120_000);
});
