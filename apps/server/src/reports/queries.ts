import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/database.js';
import { productNames } from '../catalogue/queries.js';
import { salesDayCategories, salesDayProducts, salesDays } from './tables.js';

// The reports' SQL. Every report reads the sales rollups (tables.ts), kept by PostgreSQL triggers in the writing
// transaction. What counts as a sale is defined once, in SQL, by sale_rows() (migration 0035_sales_net_of_returns,
// after 0011 and 0019): a paid online order counts on the India day it was paid, for its total net of processed
// refunds, with the pieces it kept (its lines less what its return took back; none when cancelled), and as one sale
// while it keeps a piece; an in-store bill counts on the day it was made, for its total and its pieces, unless it was
// voided; a credit note takes its refund and pieces out on the day it was issued. The lines of a sale share its
// revenue to the paisa, so categories and products add up to the total. Days are India calendar days as
// 'YYYY-MM-DD'; ranges include `from` and exclude `to`.

export interface DaySales {
  date: string;
  revenue: number;
  units: number;
}

export interface PeriodSales {
  /** Net: what the sales were charged (after order-level discounts), net of refunds. */
  revenue: number;
  /** The order-level discounts (offers, coupons) of what the sales kept (issue 41): gross = revenue + discounts. */
  discounts: number;
  orders: number;
  bills: number;
  units: number;
}

/** Revenue and pieces per India day in [from, to); days without sales are left out. */
export async function salesByDay(db: Db, from: string, to: string): Promise<DaySales[]> {
  const rows = await selectRows<{ day: string; revenue: string; units: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(revenue_paise)::bigint as revenue, sum(units)::bigint as units
        from ${salesDays} where day >= ${from}::date and day < ${to}::date
        group by day having sum(sales) <> 0 or sum(revenue_paise) <> 0 order by day`,
  );
  return rows.map((row) => ({ date: row.day, revenue: Number(row.revenue), units: Number(row.units) }));
}

/** Revenue, number of orders and bills, and pieces in [from, to). */
export async function salesInPeriod(db: Db, from: string, to: string): Promise<PeriodSales> {
  const [period] = await salesFromEach(db, [from], to);
  return period!;
}

/** salesInPeriod for several starts up to one end, in one pass over the rollup (the dashboard's 1, 7 and 30 days). */
export async function salesFromEach(db: Db, starts: readonly string[], to: string): Promise<PeriodSales[]> {
  const earliest = [...starts].sort()[0]!;
  const sums = starts.map(
    (from, index) => sql`sum(revenue_paise) filter (where day >= ${from}::date)::bigint as ${sql.raw(`revenue_${index}`)},
      sum(sales) filter (where day >= ${from}::date and kind = 'order')::bigint as ${sql.raw(`orders_${index}`)},
      sum(sales) filter (where day >= ${from}::date and kind = 'bill')::bigint as ${sql.raw(`bills_${index}`)},
      sum(units) filter (where day >= ${from}::date)::bigint as ${sql.raw(`units_${index}`)},
      sum(discount_paise) filter (where day >= ${from}::date)::bigint as ${sql.raw(`discounts_${index}`)}`,
  );
  const [row = {}] = await selectRows<Record<string, string | null>>(
    db,
    sql`select ${sql.join(sums, sql`, `)} from ${salesDays} where day >= ${earliest}::date and day < ${to}::date`,
  );
  return starts.map((_, index) => ({
    revenue: Number(row[`revenue_${index}`] ?? 0),
    orders: Number(row[`orders_${index}`] ?? 0),
    bills: Number(row[`bills_${index}`] ?? 0),
    units: Number(row[`units_${index}`] ?? 0),
    discounts: Number(row[`discounts_${index}`] ?? 0),
  }));
}

/**
 * Revenue and pieces per top-level category in [from, to): each order line and bill line with its share of what the
 * sale kept (shipping, discounts and refunds shared out), so they add up to the total; free-text bill lines and
 * uncategorised products are 'Other'.
 */
export async function salesByCategory(
  db: Db,
  from: string,
  to: string,
): Promise<Array<{ category: string; revenue: number; units: number }>> {
  const rows = await selectRows<{ category: string; revenue: string; units: string }>(
    db,
    sql`select category, sum(revenue_paise)::bigint as revenue, sum(units)::bigint as units
        from ${salesDayCategories} where day >= ${from}::date and day < ${to}::date
        group by category having sum(units) <> 0 or sum(revenue_paise) <> 0
        order by sum(revenue_paise) desc, category`,
  );
  return rows.map((row) => ({ category: row.category, revenue: Number(row.revenue), units: Number(row.units) }));
}

/** The best sellers in [from, to) by pieces, then revenue; the live product name when the product still exists. */
export async function topProducts(
  db: Db,
  from: string,
  to: string,
  limit: number,
): Promise<Array<{ productId: string; name: string; units: number; revenue: number }>> {
  const rows = await selectRows<{ product_id: string; name: string; units: string; revenue: string }>(
    db,
    sql`select product_id, max(product_name) as name, sum(units)::bigint as units, sum(revenue_paise)::bigint as revenue
        from ${salesDayProducts} where day >= ${from}::date and day < ${to}::date
        group by product_id having sum(units) > 0
        order by sum(units) desc, sum(revenue_paise) desc, product_id limit ${limit}`,
  );
  const live = await productNames(
    db,
    rows.map((row) => row.product_id),
  );
  return rows.map((row) => ({
    productId: row.product_id,
    name: live.get(row.product_id) ?? row.name,
    units: Number(row.units),
    revenue: Number(row.revenue),
  }));
}
