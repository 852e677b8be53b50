import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, selectRows, type Database } from '../db/database.js';
import { createTestDatabase } from '../test/database.js';

// Migration 0017 makes category names unique whatever their case. A shop made before it may have twins; they are
// renamed in their series (the oldest keeps its name) rather than making the migration fail on start-up.
describe('migration 0017 on a shop that already has twin category names', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('keeps the oldest name and numbers the later twins, then refuses new ones', async () => {
    const { db } = database;
    // The shop as it was before 0017: no index, twins allowed.
    await db.execute(sql`drop index categories_name_unique`);
    await db.execute(sql`
      insert into categories (name, slug, style, hsn_code, created_at) values
        ('Lehengas', 'lehengas', 'traditional', '6204', '2026-01-01T00:00:00Z'),
        ('LEHENGAS', 'lehengas-2', 'traditional', '6204', '2026-02-01T00:00:00Z'),
        ('lehengas', 'lehengas-3', 'traditional', '6204', '2026-03-01T00:00:00Z'),
        ('Shararas', 'shararas', 'traditional', '6204', '2026-04-01T00:00:00Z')`);
    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0017_category_names_unique.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const rows = await selectRows<{ name: string }>(
      db,
      sql`select name from categories where lower(name) like 'lehengas%' or name = 'Shararas' order by created_at, name`,
    );
    expect(rows.map((row) => row.name)).toEqual(['Lehengas', 'LEHENGAS (2)', 'lehengas (3)', 'Shararas']);
    await expect(
      db.execute(sql`insert into categories (name, slug, style, hsn_code) values ('shararas', 'shararas-2', 'modern', '6204')`),
    ).rejects.toThrow();
  });
});
