import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/database.js';
import { adminQuery, createPostgresDatabase } from './postgres-admin.js';

// Vitest global setup of the API tests: every test file wants a fresh, migrated database. Starting a PGlite from
// nothing costs ~2 s of WASM initdb and migrations per file; loading a dump of one migrated database costs
// ~0.3 s. On PostgreSQL, CREATE DATABASE ... TEMPLATE copies a migrated database faster than migrating anew. So
// the migrations run once here, and createTestDatabase() starts each file's database from their result.

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a dump of a freshly migrated PGlite database ('' on PostgreSQL runs). */
    pgliteTemplate: string;
    /** Name of a freshly migrated database on the TEST_DATABASE_URL server ('' on PGlite runs). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `shop_test_template_${randomBytes(6).toString('hex')}`;
    const database = await createPostgresDatabase(serverUrl, name);
    await database.migrate();
    await database.close();
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', name);
    return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
  project.provide('postgresTemplate', '');
  const database = await openPglite(undefined);
  await database.migrate();
  const dump = await database.dumpDataDir!();
  await database.close();
  const directory = mkdtempSync(path.join(tmpdir(), 'shop-pglite-template-'));
  const file = path.join(directory, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(directory, { recursive: true, force: true });
}
