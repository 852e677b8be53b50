import type { AdminUserRow, Bill, Dashboard, MonthlyReport, SalesRangeReport, WeeklyReport } from '@shop/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/database.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { adminCall, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { rollupsAndRecount } from '../test/sales-rollups.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Issue 40, item 11: every figure counts what was sold and kept. A partly returned online order kept its revenue
// but vanished from units, the count of orders and the categories; the shopper's "total spent" read ₹0. Here an
// order partly returned and a bill with a credit note: units, counts, categories, products and the shopper's total
// all agree with the revenue.
const NOW = new Date('2030-06-15T12:00:00+05:30');
const TODAY = '2030-06-15';
const mail = capturingMailer();
const t = useTestApp({ services: { now: () => NOW, mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

let owner: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t);
});

const get = async <T>(url: string) => {
  const response = await adminCall(t.app, 'GET', url, { asid: owner.asid });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
};
const post = async (url: string, body?: object) => {
  const response = await adminCall(t.app, 'POST', url, { asid: owner.asid, body });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
};

/** Every report of today: the dashboard's Today, the week's, the month's and the range's, and their categories add up. */
async function todaysFigures() {
  const [dashboard, week, month, range] = await Promise.all([
    get<Dashboard>('/api/admin/report/dashboard'),
    get<WeeklyReport>('/api/admin/report/weekly'),
    get<MonthlyReport>('/api/admin/report/monthly'),
    get<SalesRangeReport>(`/api/admin/report/range?from=${TODAY}&to=${TODAY}`),
  ]);
  for (const report of [week, month, range]) {
    expect(report.totalRevenue).toBe(dashboard.today.revenue);
    expect(report.totalUnits).toBe(dashboard.today.units);
    expect(report.categories.reduce((sum, row) => sum + row.revenue, 0)).toBe(report.totalRevenue);
    expect(report.categories.reduce((sum, row) => sum + row.units, 0)).toBe(report.totalUnits);
  }
  const { rollups, recount } = await rollupsAndRecount(t.database.db);
  expect(rollups).toEqual(recount);
  return { today: dashboard.today, categories: range.categories, products: range.topProducts };
}

describe('reports count what was sold and kept', () => {
  it('a partly returned order and a bill with a credit note: units, counts, categories and the shopper’s total agree', async () => {
    // Online: 3 kurtas at ₹300 and a dupatta at ₹50 (₹950, so ₹50 shipping): ₹1,000 paid.
    const kurta = await sellableProduct(t, { name: 'Net Kurta', pricePaise: 30_000, stock: 10 });
    const dupatta = await sellableProduct(t, { name: 'Net Dupatta', pricePaise: 5_000, stock: 10 });
    const order = await placedOrder(t, mail, {
      lines: [
        { ...kurta, quantity: 3 },
        { ...dupatta, quantity: 1 },
      ],
      paid: true,
    });
    await t.database.db.execute(
      sql`update order_items set category_name = case when product_id = ${kurta.productId} then 'Kurtas' else 'Dupattas' end
          where order_id = ${order.orderId}`,
    );
    // At the counter: 2 sarees at ₹1,000 and a fall and pico at ₹150, 10 % off: ₹1,935.
    const saree = await sellableProduct(t, { name: 'Net Saree', pricePaise: 100_000, stock: 10 });
    const billed = await post('/api/admin/bill/createBill', {
      discount: 10,
      items: [
        { ...saree, quantity: 2 },
        { name: 'Fall and pico', price: 15_000, quantity: 1 },
      ],
    });
    const bill = billed.json<{ data: { bill: Bill } }>().data.bill;
    expect(bill.totalPrice).toBe(193_500);

    const sold = await todaysFigures();
    expect(sold.today).toMatchObject({ revenue: 293_500, orders: 1, bills: 1, units: 7 });

    // She keeps one kurta and the dupatta: two kurtas come back.
    for (const body of [
      { status: 'packed' },
      { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL40' },
      { status: 'delivered' },
    ]) {
      await post(`/api/admin/order/updateOrderStatus/${order.orderId}`, body);
    }
    const [kurtaLine] = await selectRows<{ id: string }>(
      t.database.db,
      sql`select id from order_items where order_id = ${order.orderId} and product_id = ${kurta.productId}`,
    );
    const asked = await jsonCall(t.app, 'POST', `/api/user/order/requestReturn/${order.orderId}`, {
      sid: order.sid,
      body: { reason: 'wrong', items: [{ itemId: kurtaLine!.id, quantity: 2 }] },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // Asked for, not back yet: still sold.
    expect((await todaysFigures()).today).toMatchObject({ revenue: 293_500, orders: 1, units: 7 });

    // Back at the shop, the refund not yet processed: 2 pieces kept online, all ₹1,000 still counted, in their categories.
    await post(`/api/admin/order/approveReturn/${order.orderId}`);
    await post(`/api/admin/order/receiveReturn/${order.orderId}`, { items: [{ itemId: kurtaLine!.id, quantity: 2, restock: true }] });
    const received = await todaysFigures();
    expect(received.today).toEqual({ revenue: 293_500, orders: 1, bills: 1, units: 5, averageOrderValue: 146_750 });
    expect(received.categories.find((row) => row.category === 'Kurtas')).toMatchObject({ units: 1 });

    // Refunded (₹600, the two kurtas' share): the order counts ₹400 for the kurta and the dupatta she kept.
    await post(`/api/admin/order/refundOrder/${order.orderId}`);
    const refunded = await todaysFigures();
    expect(refunded.today).toEqual({ revenue: 233_500, orders: 1, bills: 1, units: 5, averageOrderValue: 116_750 });
    const online = refunded.categories.filter((row) => row.category === 'Kurtas' || row.category === 'Dupattas');
    expect(online.reduce((sum, row) => sum + row.revenue, 0)).toBe(40_000);
    expect(online.map((row) => [row.category, row.units]).sort()).toEqual([
      ['Dupattas', 1],
      ['Kurtas', 1],
    ]);
    expect(refunded.products.find((row) => row.productId === kurta.productId)).toMatchObject({ units: 1 });

    // A credit note for one saree (₹900 after the discount): the bill keeps one saree and the fall and pico.
    const saleLine = bill.items[0]!;
    await post(`/api/admin/bill/returnItems/${bill._id}`, {
      items: [{ itemId: saleLine._id, quantity: 1 }],
      refundMode: 'cash',
      reason: 'Colour not as expected',
    });
    const credited = await todaysFigures();
    expect(credited.today).toEqual({ revenue: 143_500, orders: 1, bills: 1, units: 4, averageOrderValue: 71_750 });
    expect(credited.products.find((row) => row.productId === saree.productId)).toMatchObject({ units: 1, revenue: 90_000 });

    // The shopper spent what she kept: ₹400, not ₹0.
    const users = await get<{ users: AdminUserRow[] }>(`/api/admin/user/getAllUsers?q=${encodeURIComponent(order.email)}`);
    expect(users.users).toEqual([expect.objectContaining({ ordersCount: 1, totalSpent: 40_000 })]);
  });
});
