import { istDayStart, returnedToOriginRate, type CodReport } from '@shop/core';
import type { Db } from '../db/database.js';
import { codOrdersShippedIn, codOrdersToCollect } from '../orders/queries.js';
import { codCashCollectedByDay } from '../payments/queries.js';

// Cash on delivery in the sales report (issue 41). The cash is the payment a delivery records (method 'cod', paid
// when collected); a COD order is shipped when its 'shipped' event was written, and back at origin by its status.

/** The COD figures of the India days [from, end): `end` is the day after the range's last. */
export async function codReport(db: Db, from: string, end: string): Promise<CodReport> {
  const start = istDayStart(from).toISOString();
  const stop = istDayStart(end).toISOString();
  const [toCollect, collected, shipped] = await Promise.all([
    codOrdersToCollect(db),
    codCashCollectedByDay(db, start, stop),
    codOrdersShippedIn(db, start, stop),
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
