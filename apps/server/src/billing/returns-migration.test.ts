import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, type Database } from '../db/database.js';
import { createTestDatabase } from '../test/database.js';
import { rollupsAndRecount } from '../test/sales-rollups.js';

// Migration 0019 gives each counted sale its own count in sale_counts.sales. A shop's earlier sales got the column's
// default 0 while sales_days had counted them as one each: its backfill must say so, or the next recount of an old
// sale would add it a second time.
describe('migration 0019 on a shop with sales counted before it', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('marks each earlier sale as one, so later changes to it recount exactly', async () => {
    const { db } = database;
    await db.execute(sql`
      insert into bills (invoice_number, financial_year, sequence, subtotal_paise, total_paise, place_of_supply, created_by_label, created_at)
      values ('INV/25-26/00001', '25-26', 1, 149900, 149900, 'Karnataka', 'old counter', '2025-06-01T10:00:00+05:30'),
             ('INV/25-26/00002', '25-26', 2, 50000, 45000, 'Karnataka', 'old counter', '2025-06-01T11:00:00+05:30')`);
    // As the column arrived on them: every earlier sale with the default.
    await db.execute(sql`update sale_counts set sales = 0`);
    const statements = readFileSync(path.join(MIGRATIONS_FOLDER, '0019_bill_voids_returns.sql'), 'utf8').split('--> statement-breakpoint');
    const backfill = statements.find((statement) => statement.includes('UPDATE "sale_counts"'))!;
    await db.execute(sql.raw(backfill));
    // A later change to an old sale: the price corrected, then the bill voided.
    await db.execute(sql`update bills set total_paise = 40000 where invoice_number = 'INV/25-26/00002'`);
    expect((await rollupsAndRecount(db)).rollups.days).toEqual(['2025-06-01 | bill | 189900 | 2 | 0']);
    await db.execute(
      sql`update bills set status = 'void', voided_at = now(), void_reason = 'test' where invoice_number = 'INV/25-26/00001'`,
    );
    const { rollups, recount } = await rollupsAndRecount(db);
    expect(rollups).toEqual(recount);
    expect(rollups.days).toEqual(['2025-06-01 | bill | 40000 | 1 | 0']);
  });
});
