import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openPglite, type Database } from '../db/database.js';
import { adminQuery, createPostgresDatabase, urlOf } from './postgres-admin.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by close()).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // The API tests' global setup (database-templates.ts) migrated one database and dumped it: start from that.
    const template = inject('pgliteTemplate');
    if (template) return openPglite(undefined, new Blob([readFileSync(template)]));
    const database = await openPglite(undefined);
    await database.migrate();
    return database;
  }

  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  // The API tests' global setup migrated a template database; other projects migrate their own.
  const template = inject('postgresTemplate');
  const database = await createPostgresDatabase(serverUrl, name, template || undefined);
  if (!template) await database.migrate();
  return {
    ...database,
    /** For a second connection to the same database, as a second instance of the shop would open. */
    url: urlOf(serverUrl, name),
    async close() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
