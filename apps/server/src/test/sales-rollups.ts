import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/database.js';

/**
 * The sales rollups as the triggers keep them, and as a recount of every sale from scratch (sale_rows() over all
 * orders and bills) would make them, each sorted; zero rows (a day whose only sale moved away) are left out. The order
 * status counts likewise, beside a count of the orders.
 */
export async function rollupsAndRecount(db: Db) {
  const scratch = sql`select s.kind, r.* from (
      select 'order' as kind, id from orders where paid_at is not null union all select 'bill', id from bills
    ) s cross join lateral sale_rows(s.kind, s.id) r`;
  const rows = (statement: ReturnType<typeof sql>) =>
    selectRows<Record<string, string>>(db, statement).then((list) => list.map((row) => Object.values(row).map(String).join(' | ')));
  const [days, recountDays, categories, recountCategories, products, recountProducts, statuses, recountStatuses] = await Promise.all([
    rows(
      sql`select day::text, kind, revenue_paise, sales, units from sales_days where sales <> 0 or revenue_paise <> 0 or units <> 0 order by 1, 2`,
    ),
    rows(
      sql`select day::text, kind, sum(revenue_paise) as revenue, sum(sales) as sales, sum(units) as units from (${scratch}) x where not line group by 1, 2 having sum(revenue_paise) <> 0 or sum(sales) <> 0 or sum(units) <> 0 order by 1, 2`,
    ),
    rows(
      sql`select day::text, category, revenue_paise, units from sales_day_categories where revenue_paise <> 0 or units <> 0 order by 1, 2`,
    ),
    rows(
      sql`select day::text, category, sum(revenue_paise) as revenue, sum(units) as units from (${scratch}) x where line group by 1, 2 having sum(revenue_paise) <> 0 or sum(units) <> 0 order by 1, 2`,
    ),
    rows(
      sql`select day::text, product_id, revenue_paise, units from sales_day_products where revenue_paise <> 0 or units <> 0 order by 1, 2`,
    ),
    rows(
      sql`select day::text, product_id, sum(revenue_paise) as revenue, sum(units) as units from (${scratch}) x where line and product_id is not null group by 1, 2 having sum(revenue_paise) <> 0 or sum(units) <> 0 order by 1, 2`,
    ),
    rows(sql`select status, sum(orders) as orders from order_status_counts group by 1 having sum(orders) <> 0 order by 1`),
    rows(sql`select status, count(*) as orders from orders group by 1 order by 1`),
  ]);
  // The order-level discounts of each day (migration 0045), as kept and as sale_discount_rows() recounts them.
  const [discounts, recountDiscounts] = await Promise.all([
    rows(sql`select day::text, kind, discount_paise from sales_days where discount_paise <> 0 order by 1, 2`),
    rows(
      sql`select r.day::text, 'order' as kind, sum(r.discount_paise) as discount from orders o cross join lateral sale_discount_rows('order', o.id) r
          where o.paid_at is not null group by 1, 2 having sum(r.discount_paise) <> 0 order by 1, 2`,
    ),
  ]);
  return {
    rollups: { days, categories, products, statuses, discounts },
    recount: {
      days: recountDays,
      categories: recountCategories,
      products: recountProducts,
      statuses: recountStatuses,
      discounts: recountDiscounts,
    },
  };
}
