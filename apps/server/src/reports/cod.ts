import { istDayStart, returnedToOriginRate, type CodReport } from '@shop/core';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/database.js';

// Cash on delivery in the sales report (issue 41). The cash is the payment a delivery records (method 'cod', paid
// when collected); a COD order is shipped when its 'shipped' event was written, and back at origin by its status.

/** The COD figures of the India days [from, end): `end` is the day after the range's last. */
export async function codReport(db: Db, from: string, end: string): Promise<CodReport> {
  const start = istDayStart(from).toISOString();
  const stop = istDayStart(end).toISOString();
  const [toCollect, collected, shipped] = await Promise.all([
    selectRows<{ orders: string; amount: string }>(
      db,
      sql`select count(*) as orders, coalesce(sum(total_paise), 0) as amount
          from orders where payment_method = 'cod' and status = 'shipped'`,
    ),
    selectRows<{ day: string; orders: string; amount: string }>(
      db,
      sql`select to_char((paid_at at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as day, count(*) as orders, sum(amount_paise) as amount
          from payments where method = 'cod' and status in ('captured', 'refunded') and paid_at >= ${start}::timestamptz and paid_at < ${stop}::timestamptz
          group by 1 order by 1`,
    ),
    selectRows<{ shipped: string; returned: string }>(
      db,
      sql`select count(*) as shipped, count(*) filter (where o.status = 'returned_to_origin') as returned
          from orders o
          where o.payment_method = 'cod'
            and exists (select 1 from order_events e where e.order_id = o.id and e.status = 'shipped'
                        and e.created_at >= ${start}::timestamptz and e.created_at < ${stop}::timestamptz)`,
    ),
  ]);
  const days = collected.map((row) => ({ date: row.day, orders: Number(row.orders), amount: Number(row.amount) }));
  const sent = Number(shipped[0]!.shipped);
  const returned = Number(shipped[0]!.returned);
  return {
    toCollect: { orders: Number(toCollect[0]!.orders), amount: Number(toCollect[0]!.amount) },
    collected: days,
    collectedTotal: days.reduce((sum, day) => sum + day.amount, 0),
    shipped: sent,
    returnedToOrigin: returned,
    returnedToOriginRate: returnedToOriginRate(returned, sent),
  };
}
