import pg from 'pg';
import { openPostgres, type Database } from '../db/database.js';

// Databases made and dropped on the TEST_DATABASE_URL server (no vitest here: the global setup uses it too).

export const urlOf = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A new database `name` on the server (a copy of `template` when given), opened with a small pool. */
export async function createPostgresDatabase(serverUrl: string, name: string, template?: string): Promise<Database> {
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return openPostgres(urlOf(serverUrl, name), { max: 5 });
}

export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
