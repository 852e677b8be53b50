import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database.js';
import { createTestDatabase } from '../../test/database.js';
import { EMULATOR_SCHEMA, ensureEmulatorSchema } from './tables.js';

// Instances starting the emulator together on one PostgreSQL: CREATE ... IF NOT EXISTS alone can still fail on
// the catalogue's unique keys when two sessions create the same name at once.
describe("the emulator's schema on PostgreSQL", () => {
  it('is created once by several starts racing, none of them failing', async () => {
    const database = await createTestDatabase();
    try {
      await Promise.all(Array.from({ length: 4 }, () => ensureEmulatorSchema(database.db)));
      const tables = await selectRows<{ table_name: string }>(
        database.db,
        sql`select table_name from information_schema.tables where table_schema = ${EMULATOR_SCHEMA} order by 1`,
      );
      expect(tables.map((row) => row.table_name)).toEqual(['orders', 'payments', 'refunds']);
    } finally {
      await database.close();
    }
  });
});
