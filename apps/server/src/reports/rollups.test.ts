import type { Bill, WeeklyReport } from '@shop/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/database.js';
import { capturingMailer } from '../test/accounts.js';
import { adminCall, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { creditedOrder, placedOrder } from '../test/order-fixture.js';
import { rollupsAndRecount } from '../test/sales-rollups.js';
import { sellableProduct } from '../test/shop-fixture.js';

// The reports read rollups that PostgreSQL triggers keep in the writing transaction. Whatever happens to a sale
// after it was counted (cancelled, refunded, a refund failing, moved to another day, deleted), the rollups must
// equal a recount of every sale from scratch.
const NOW = new Date('2030-06-15T12:00:00+05:30');
const mail = capturingMailer();
const t = useTestApp({ services: { now: () => NOW, mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

let owner: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t);
});

const expectRollupsExact = async () => {
  const { rollups, recount } = await rollupsAndRecount(t.database.db);
  expect(rollups).toEqual(recount);
  return rollups;
};
const week = async () => {
  const response = await adminCall(t.app, 'GET', '/api/admin/report/weekly?weekStart=2030-06-10', { asid: owner.asid });
  return response.json<{ data: WeeklyReport }>().data;
};

describe('sales rollups', () => {
  it('follow every change to a sale and always equal a recount from scratch', async () => {
    const kurti = await sellableProduct(t, { name: 'Rollup Kurti', pricePaise: 100_000, stock: 30 });
    const saree = await sellableProduct(t, { name: 'Rollup Saree', pricePaise: 250_000, stock: 30, variants: false });
    const first = await placedOrder(t, mail, { ...kurti, quantity: 2, paid: true });
    const second = await placedOrder(t, mail, { productId: saree.productId, quantity: 1, paid: true });
    const unpaid = await placedOrder(t, mail, { ...kurti, quantity: 1 });
    const billed = await adminCall(t.app, 'POST', '/api/admin/bill/createBill', {
      asid: owner.asid,
      body: {
        discount: 10,
        items: [
          { ...kurti, quantity: 1 },
          { name: 'Fall and pico', price: 15_000, quantity: 1 },
        ],
      },
    });
    const bill = billed.json<{ data: { bill: Bill } }>().data.bill;
    for (const id of [first.orderId, second.orderId]) {
      await t.database.db.execute(sql`update orders set paid_at = ${new Date('2030-06-12T10:00:00+05:30')} where id = ${id}`);
    }
    await t.database.db.execute(sql`update bills set created_at = ${new Date('2030-06-13T10:00:00+05:30')} where id = ${bill._id}`);

    const counted = await expectRollupsExact();
    expect(counted.days).toEqual(['2030-06-12 | order | 450000 | 2 | 3', '2030-06-13 | bill | 103500 | 1 | 2']);
    expect((await week()).totalRevenue).toBe(450_000 + 103_500);
    // The unpaid order counts nowhere.
    expect(counted.products.some((row) => row.includes(unpaid.orderId))).toBe(false);

    // Issue 43, the regression: a credit note of ₹500 against the second order issued on 14 June takes its money off
    // 14 June, the day it was issued, not off 12 June when the order was paid (online refunds were netted there).
    await creditedOrder(t.database.db, second.orderId, 50_000, new Date('2030-06-14T11:00:00+05:30'));
    const credited = await expectRollupsExact();
    expect(credited.days).toEqual([
      '2030-06-12 | order | 450000 | 2 | 3',
      '2030-06-13 | bill | 103500 | 1 | 2',
      '2030-06-14 | order | -50000 | 0 | 0',
    ]);
    // A refund row alone (a second payment sent back, never invoiced) changes no sale.
    await t.database.db.execute(
      sql`insert into refunds (order_id, razorpay_payment_id, idempotency_key, amount_paise, status, reason, processed_at)
          values (${second.orderId}, 'pay_test', ${`rollup-${second.orderId}`}, 50000, 'processed', 'partial', now())`,
    );
    expect((await expectRollupsExact()).days).toEqual(credited.days);

    // The owner cancels the first order: it stops counting as a sale (the average sale divides by sales) and its
    // pieces stop counting; its money goes on the day of the cancellation's credit note (today, 15 June).
    const cancelled = await adminCall(t.app, 'POST', `/api/admin/order/cancelOrder/${first.orderId}`, {
      asid: owner.asid,
      body: { reason: 'Customer changed her mind' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const afterCancel = await expectRollupsExact();
    expect(afterCancel.days).toEqual([
      '2030-06-12 | order | 450000 | 1 | 1',
      '2030-06-13 | bill | 103500 | 1 | 2',
      '2030-06-14 | order | -50000 | 0 | 0',
      '2030-06-15 | order | -200000 | 0 | 0',
    ]);
    expect(afterCancel.products.filter((row) => row.includes(kurti.productId))).toEqual([
      '2030-06-12 | ' + kurti.productId + ' | 200000 | 0',
      '2030-06-13 | ' + kurti.productId + ' | 90000 | 1',
      '2030-06-15 | ' + kurti.productId + ' | -200000 | 0',
    ]);

    // The bill moves to another day, then is deleted.
    await t.database.db.execute(sql`update bills set created_at = ${new Date('2030-06-14T23:59:00+05:30')} where id = ${bill._id}`);
    expect((await expectRollupsExact()).days).toContain('2030-06-14 | bill | 103500 | 1 | 2');
    await t.database.db.execute(sql`delete from bills where id = ${bill._id}`);
    expect((await expectRollupsExact()).days.some((row) => row.includes('bill'))).toBe(false);
  });

  it('recount each sale with plans made once per connection, not planned afresh for every paid order (issue 27)', async () => {
    const rows = await selectRows<{ proconfig: string[] | null }>(
      t.database.db,
      sql`select proconfig from pg_proc where proname = 'sales_recount'`,
    );
    expect(rows).toEqual([{ proconfig: ['plan_cache_mode=force_generic_plan'] }]);
  });
});
