import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../test/postgres-admin.js';
import { openPostgres, selectRows, type Database } from './database.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server for *.pg.test.ts (see scripts/test-postgres.mjs)');

const admin = (statement: string) => adminQuery(serverUrl, statement);

/** Ends every server connection to `database` but the caller's: what a restart or a network cut does to them. */
const cutConnections = (database: string) =>
  admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`);

/** Uncaught errors while `body` runs (a client's unheard 'error' event lands here and would end a real process). */
async function uncaughtDuring(body: () => Promise<void>): Promise<unknown[]> {
  const caught: unknown[] = [];
  const listener = (error: unknown) => caught.push(error);
  process.on('uncaughtException', listener);
  try {
    await body();
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    process.off('uncaughtException', listener);
  }
  return caught;
}

// Regression: the two-instance suite saw an instance die when PostgreSQL went away under load. A client checked
// out of the pool (the advisory lock of runExclusive, a transaction between statements) that loses its connection
// emits 'error' with nobody listening, which ends the process; the pool only listens on idle clients.
describe('losing PostgreSQL while a connection is checked out', () => {
  const name = `shop_test_loss_${randomBytes(5).toString('hex')}`;
  let database: Database;

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString(), { max: 3 });
  });
  afterAll(async () => {
    await database?.close().catch(() => {});
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('during runExclusive: the process carries on, and the next query gets a new connection', async () => {
    const caught = await uncaughtDuring(async () => {
      const outcome = database.runExclusive(4242, async () => {
        await cutConnections(name);
        await new Promise((resolve) => setTimeout(resolve, 200));
      });
      await outcome.catch(() => false);
    });
    expect(caught).toEqual([]);
    const [row] = await selectRows<{ one: number }>(database.db, sql`select 1 as one`);
    expect(row?.one).toBe(1);
  });

  it('inside a transaction between two statements: the transaction fails, the process carries on', async () => {
    const caught = await uncaughtDuring(async () => {
      const outcome = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await cutConnections(name);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 2`);
      });
      await expect(outcome).rejects.toThrow();
    });
    expect(caught).toEqual([]);
    const [row] = await selectRows<{ one: number }>(database.db, sql`select 1 as one`);
    expect(row?.one).toBe(1);
  });
});
