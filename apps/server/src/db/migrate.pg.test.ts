import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../test/postgres-admin.js';
import { openPostgres } from './database.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server for *.pg.test.ts (see scripts/test-postgres.mjs)');

const admin = (statement: string) => adminQuery(serverUrl, statement);

describe('migrations on PostgreSQL', () => {
  const name = `shop_test_migrate_${randomBytes(5).toString('hex')}`;
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('two instances starting together both succeed and apply each migration once', async () => {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const instances = await Promise.all([openPostgres(url.toString()), openPostgres(url.toString()), openPostgres(url.toString())]);
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const applied = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
        expect(applied.rows.length).toBeGreaterThan(0);
        expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(applied.rows.length);
        const tables = await client.query(`select 1 from information_schema.tables where table_name = 'shop_settings'`);
        expect(tables.rowCount).toBe(1);
        // The Razorpay emulator's tables are its own business, made only when it runs (docs/decisions/024).
        const emulator = await client.query(
          `select table_schema, table_name from information_schema.tables
           where table_schema = 'razorpay_emulator' or table_name like 'razorpay_emulator%'`,
        );
        expect(emulator.rows).toEqual([]);
        // Nor the dev outbox's: production sends over SMTP, and 0031 drops the dev_outbox that 0003 made (issue 38).
        const devOutbox = await client.query(
          `select table_schema, table_name from information_schema.tables where table_schema = 'dev_mailbox' or table_name = 'dev_outbox'`,
        );
        expect(devOutbox.rows).toEqual([]);
        const schemas = await client.query(
          `select schema_name from information_schema.schemata where schema_name in ('razorpay_emulator', 'dev_mailbox')`,
        );
        expect(schemas.rows).toEqual([]);
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});
