import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, selectRows, type Database } from '../db/database.js';
import { createTestDatabase } from '../test/database.js';

// Migration 0018 adds bill_payments; the bills made before it were all paid in cash (createBill recorded no mode),
// and its last statement says so for each of them, except a bill discounted to nothing.
describe('migration 0018 on a shop with bills made before payment modes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('records each earlier bill as one cash payment of its total, and a ₹0 bill as none', async () => {
    const { db } = database;
    await db.execute(sql`
      insert into bills (invoice_number, financial_year, sequence, subtotal_paise, total_paise, place_of_supply, created_by_label)
      values ('INV/25-26/00001', '25-26', 1, 149900, 149900, 'Karnataka', 'old counter'),
             ('INV/25-26/00002', '25-26', 2, 50000, 0, 'Karnataka', 'old counter')`);
    const backfill = readFileSync(path.join(MIGRATIONS_FOLDER, '0018_bill_payments.sql'), 'utf8').split('--> statement-breakpoint').at(-1)!;
    await db.execute(sql.raw(backfill));
    const rows = await selectRows<{ invoice_number: string; mode: string | null; amount_paise: number | null }>(
      db,
      sql`select b.invoice_number, p.mode, p.amount_paise from bills b left join bill_payments p on p.bill_id = b.id
          where b.financial_year = '25-26' order by b.sequence`,
    );
    expect(rows.map((row) => [row.invoice_number, row.mode, row.amount_paise === null ? null : Number(row.amount_paise)])).toEqual([
      ['INV/25-26/00001', 'cash', 149_900],
      ['INV/25-26/00002', null, null],
    ]);
  });
});
