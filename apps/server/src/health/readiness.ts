import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, selectRows, type Db } from '../db/database.js';

export type Readiness = { ready: true } | { ready: false; reason: string };

/** How long readiness waits for the database before calling it unreachable (a load balancer checks every few seconds). */
export const READINESS_TIMEOUT_MS = 2_000;

/** The newest migration this build ships (drizzle records each applied one with its folder time). */
export function newestMigrationMillis(folder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether this instance can serve: the database answers within READINESS_TIMEOUT_MS and has every migration
 * this build ships. Once the migrations are seen applied they stay so; the database is asked every time.
 */
export function createReadinessCheck(db: Db, options: { newestMigration?: number; timeoutMs?: number } = {}) {
  const newest = options.newestMigration ?? newestMigrationMillis();
  const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
  let migrated = false;

  async function ask(): Promise<Readiness> {
    if (migrated) {
      await db.execute(sql`select 1`);
      return { ready: true };
    }
    const [applied] = await selectRows<{ newest: string | number | null }>(
      db,
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    );
    if (Number(applied?.newest ?? 0) < newest) return { ready: false, reason: 'Database migrations are not applied yet.' };
    migrated = true;
    return { ready: true };
  }

  return async function readiness(): Promise<Readiness> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, reason: `The database did not answer within ${timeoutMs / 1000} s.` }), timeoutMs);
    });
    try {
      return await Promise.race([ask().catch((): Readiness => ({ ready: false, reason: 'The database is not reachable.' })), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };
}
