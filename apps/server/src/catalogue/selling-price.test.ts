import { applyDiscount } from '@shop/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../db/database.js';
import { useTestApp } from '../test/app.js';
import { products } from './tables.js';

const t = useTestApp();

// Lists filter and sort on the SQL generated column; the product page and the cart price with
// @shop/core. If the two roundings ever disagreed, a product would cost one amount in the list and
// another in the cart.
describe('the generated selling price', () => {
  it('equals applyDiscount (whole rupees, never above the MRP) for odd prices and every kind of discount', async () => {
    // Whole-rupee MRPs and MRPs with paise (the rule must never sell above them), up to ₹1 crore.
    const prices = [1, 49, 50, 51, 99, 101, 150, 333, 12_345, 84_915, 99_900, 99_950, 99_999, 1_49_999, 6_79_920, 10_00_00_000];
    const discounts = [0, 1, 7, 15, 33, 49, 50, 67, 89, 90];
    const rows = prices.flatMap((price) => discounts.map((discount) => ({ price, discount })));
    await t.database.db.insert(products).values(
      rows.map(({ price, discount }, index) => ({
        name: `Price check ${index}`,
        slug: `price-check-${index}`,
        pricePaise: price,
        discountPercent: discount,
        status: 'draft' as const,
      })),
    );
    const stored = await selectRows<{ price_paise: number; discount_percent: number; selling_price_paise: number }>(
      t.database.db,
      sql`select price_paise, discount_percent, selling_price_paise from ${products} where slug like 'price-check-%'`,
    );
    expect(stored).toHaveLength(rows.length);
    for (const row of stored) {
      expect({ price: row.price_paise, discount: row.discount_percent, selling: row.selling_price_paise }).toEqual({
        price: row.price_paise,
        discount: row.discount_percent,
        selling: applyDiscount(Number(row.price_paise), Number(row.discount_percent)),
      });
    }
  });
});
