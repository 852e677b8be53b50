import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Database } from '../db/database.js';
import { createTestDatabase } from '../test/database.js';

// Migration 0034 (issue 40): a bill's round-off (−49 to +50 paise) may take its total above the subtotal, never its
// net; a line's own discount stays within the line; a typed-in line's rate is a GST rate; bills made before read 0.
describe('migration 0034: discounts and round-off on the bill', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  /** The check a failed insert broke (drizzle wraps the driver's error as its cause), or 'ok'. */
  const broken = async (insert: Promise<unknown>) =>
    insert.then(
      () => 'ok',
      (error: Error) =>
        /check constraint "(\w+)"/.exec(String((error.cause as Error | undefined)?.message ?? error.message))?.[1] ?? error.message,
    );

  const bill = (sequence: number, subtotal: number, total: number, roundOff: number) =>
    database.db.execute(sql`
      insert into bills (invoice_number, financial_year, sequence, subtotal_paise, total_paise, round_off_paise, place_of_supply, created_by_label)
      values (${`INV/24-25/${String(sequence).padStart(5, '0')}`}, '24-25', ${sequence}, ${subtotal}, ${total}, ${roundOff}, 'Karnataka', 'test')
      returning id`);

  it('keeps the checks: round-off within half a rupee, the net within the subtotal, line discounts within the line', async () => {
    // ₹149.60 rounds up to ₹150.00: above the subtotal by the round-off only.
    expect(await broken(bill(1, 14_960, 15_000, 40))).toBe('ok');
    expect(await broken(bill(2, 14_960, 15_000, 0))).toBe('bills_amounts_check');
    expect(await broken(bill(3, 14_949, 14_900, -49))).toBe('ok');
    expect(await broken(bill(4, 15_051, 15_100, 51))).toBe('bills_round_off_check');
    const [{ id }] = (await selectRows<{ id: string }>(
      database.db,
      sql`select id from bills where sequence = 1 and financial_year = '24-25'`,
    )) as [{ id: string }];
    const line = (discountPaise: number, rate: number | null) =>
      database.db.execute(sql`
        insert into bill_items (bill_id, name, unit_price_paise, quantity, line_total_paise, discount_basis_points, discount_paise, gst_rate_basis_points)
        values (${id}, 'Alteration', 14960, 1, 14960, 1000, ${discountPaise}, ${rate})`);
    expect(await broken(line(1_496, 500))).toBe('ok');
    expect(await broken(line(14_961, null))).toBe('bill_items_discount_check');
    expect(await broken(line(0, 2_900))).toBe('bill_items_gst_rate_check');
  });

  it('reads a bill made before as no flat discount and no round-off', async () => {
    await database.db.execute(sql`
      insert into bills (invoice_number, financial_year, sequence, subtotal_paise, total_paise, place_of_supply, created_by_label)
      values ('INV/23-24/00001', '23-24', 1, 10000, 9000, 'Karnataka', 'old counter')`);
    const [row] = await selectRows<{ discount_flat_paise: number; round_off_paise: number }>(
      database.db,
      sql`select discount_flat_paise, round_off_paise from bills where financial_year = '23-24'`,
    );
    expect([Number(row!.discount_flat_paise), Number(row!.round_off_paise)]).toEqual([0, 0]);
  });
});
