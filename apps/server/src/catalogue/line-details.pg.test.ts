import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../db/database.js';
import { useTestApp } from '../test/app.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { lineDetails, lineKey } from './queries.js';

// Every add to the cart and every checkout reads its lines with lineDetails. PostgreSQL must plan that statement
// once per connection and then reuse the plan: with the lines as arrays it planned each call afresh (0.36 ms of
// its CPU each time, ADR 030). pg_prepared_statements counts the plans a connection's statement used.
const t = useTestApp();

describe('lineDetails on PostgreSQL', () => {
  it('reuses one generic plan per number of lines', async () => {
    const pieces = [await sellableProduct(t), await sellableProduct(t), await sellableProduct(t, { variants: false })];
    const lines = pieces.map((piece) => ({ productId: piece.productId, variantId: piece.variantId ?? null }));
    const plans = await t.database.db.transaction(async (tx) => {
      // One connection: a transaction's. Each call with other lines, as different shoppers' carts would be.
      for (let i = 0; i < 8; i++) {
        const one = await lineDetails(tx, [lines[i % 3]!]);
        expect([...one.keys()]).toEqual([lineKey(lines[i % 3]!.productId, lines[i % 3]!.variantId)]);
        const all = await lineDetails(tx, i % 2 ? lines : [...lines].reverse());
        expect(all.size).toBe(3);
      }
      return selectRows<{ name: string; generic_plans: string; custom_plans: string }>(
        tx,
        sql`select name, generic_plans, custom_plans from pg_prepared_statements where name like 'line_details%' order by name`,
      );
    });
    // PostgreSQL plans the first five calls with their values, then compares; from there on the one generic plan.
    expect(plans.map((row) => [row.name, Number(row.generic_plans) >= 3, Number(row.custom_plans) <= 5])).toEqual([
      ['line_details_1', true, true],
      ['line_details_3', true, true],
    ]);
  });
});
