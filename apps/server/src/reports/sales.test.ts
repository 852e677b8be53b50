import type { Bill, Dashboard, MonthlyReport, WeeklyReport } from '@shop/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer } from '../test/accounts.js';
import { adminCall, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { seedTestCatalogue } from '../test/catalogue-fixture.js';
import { creditedOrder, placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { SAMPLE_WEEK, seedDemoSales } from '../dev/demo/demo-sales.js';

// The shop's clock: Saturday 15 June 2030, noon in India. Known sales are moved to chosen instants with SQL.
const NOW = new Date('2030-06-15T12:00:00+05:30');
const mail = capturingMailer();
const t = useTestApp({ services: { now: () => NOW, mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

let owner: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t);
  await seedTestCatalogue(t.services);
  // Demo history far from 2030 (its 90 days end on 20 November 2026) and the spec's sample week of March 2025.
  await seedDemoSales(t.database.db, new Date('2026-11-20T12:00:00+05:30'));
});

const get = <T>(url: string) =>
  adminCall(t.app, 'GET', url, { asid: owner.asid }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  });

describe('weekly report', () => {
  it("shows the spec's sample week of the demo seed exactly", async () => {
    const week = await get<WeeklyReport>('/api/admin/report/weekly?weekStart=2025-03-10');
    expect(week).toMatchObject({ weekStart: '2025-03-10', weekEnd: '2025-03-16', label: 'March 10-16, 2025', isCurrentWeek: false });
    expect(week.days.map((day) => day.day)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // The spec's pieces per day, priced as the catalogue prices them (issue 40), so the revenue is the catalogue's.
    expect(week.days.every((day) => day.revenue > 0)).toBe(true);
    expect(week.days.map((day) => day.units)).toEqual([...SAMPLE_WEEK.units]);
    const total = week.days.reduce((sum, day) => sum + day.revenue, 0);
    expect(week.totalRevenue).toBe(total);
    expect(week.totalUnits).toBe(153);
    const best = week.days.reduce((top, day) => (day.revenue > top.revenue ? day : top));
    expect(week.bestDay).toEqual({ date: best.date, day: best.day, revenue: best.revenue });
    // Spec §2.13: total / 7 rounded to a whole rupee.
    expect(week.avgDailySales).toBe(Math.round(total / 7 / 100) * 100);
    expect(week.categories.reduce((sum, category) => sum + category.revenue, 0)).toBe(total);
  });

  it('defaults to the current week and refuses impossible dates or days that are not Mondays', async () => {
    const week = await get<WeeklyReport>('/api/admin/report/weekly');
    expect(week).toMatchObject({ weekStart: '2030-06-10', weekEnd: '2030-06-16', isCurrentWeek: true });
    for (const weekStart of ['2025-02-30', '2025-03-11', 'monday']) {
      const response = await adminCall(t.app, 'GET', `/api/admin/report/weekly?weekStart=${weekStart}`, { asid: owner.asid });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorEnvelope>().error).toMatch(/^weekStart: /);
    }
    expect((await adminCall(t.app, 'GET', '/api/admin/report/weekly')).statusCode).toBe(401);
  });
});

describe('revenue from orders and bills, by India day', () => {
  beforeAll(async () => {
    const piece = await sellableProduct(t, { name: 'Report Kurti', pricePaise: 100_000, stock: 20 });
    const bill = async (quantity: number, at: string, discount = 0) => {
      const response = await adminCall(t.app, 'POST', '/api/admin/bill/createBill', {
        asid: owner.asid,
        body: { discount, items: [{ ...piece, quantity }] },
      });
      const { _id } = response.json<{ data: { bill: Bill } }>().data.bill;
      await t.database.db.execute(sql`update bills set created_at = ${new Date(at)} where id = ${_id}`);
    };
    const order = async (quantity: number, paidAt: string) => {
      const placed = await placedOrder(t, mail, { ...piece, quantity, paid: true });
      await t.database.db.execute(sql`update orders set paid_at = ${new Date(paidAt)} where id = ${placed.orderId}`);
      return placed.orderId;
    };
    // Today (Sat 15 June): a bill of 2 at 10 % off (₹1,800) and an order of 1 (₹1,000; free shipping from ₹999).
    await bill(2, '2030-06-15T00:01:00+05:30', 10);
    await order(1, '2030-06-15T09:00:00+05:30');
    // Friday 14 June at 23:59 India time (18:29 UTC): still Friday.
    await bill(1, '2030-06-14T23:59:00+05:30');
    // Monday 10 June: an order of 3 (₹3,000) and a credit note of ₹500 against it issued that evening.
    const refunded = await order(3, '2030-06-10T12:00:00+05:30');
    await creditedOrder(t.database.db, refunded, 50_000, new Date('2030-06-10T18:00:00+05:30'));
    // 20 May: a bill of 4 (₹4,000), in the last 30 days but not the last 7.
    await bill(4, '2030-05-20T15:00:00+05:30');
    // 9 May: outside every period of the dashboard.
    await bill(5, '2030-05-09T15:00:00+05:30');
  });

  it('sums the week by India day: payment time for orders, net of refunds', async () => {
    const week = await get<WeeklyReport>('/api/admin/report/weekly?weekStart=2030-06-10');
    expect(week.days.map((day) => [day.date, day.revenue, day.units])).toEqual([
      ['2030-06-10', 250_000, 3],
      ['2030-06-11', 0, 0],
      ['2030-06-12', 0, 0],
      ['2030-06-13', 0, 0],
      ['2030-06-14', 100_000, 1],
      ['2030-06-15', 280_000, 3],
      ['2030-06-16', 0, 0],
    ]);
    expect(week).toMatchObject({ totalRevenue: 630_000, totalUnits: 7, bestDay: { date: '2030-06-15', day: 'Sat', revenue: 280_000 } });
    expect(week.avgDailySales).toBe(90_000);
  });

  it('answers the dashboard: today, 7 and 30 days, statuses, top products, low stock, recent orders', async () => {
    const dashboard = await get<Dashboard>('/api/admin/report/dashboard');
    expect(dashboard.today).toEqual({ revenue: 280_000, orders: 1, bills: 1, units: 3, averageOrderValue: 140_000 });
    // The counter's till today: the ₹1,800 bill of 00:01 (paid in cash, nothing said); Friday's 23:59 bill is not today's.
    expect(dashboard.counterToday).toEqual({ cash: 180_000, upi: 0, card: 0 });
    expect(dashboard.last7Days).toEqual({ revenue: 630_000, orders: 2, bills: 2, units: 7, averageOrderValue: 157_500 });
    expect(dashboard.last30Days).toEqual({ revenue: 1_030_000, orders: 2, bills: 3, units: 11, averageOrderValue: 206_000 });
    expect(dashboard.ordersByStatus.find((row) => row.status === 'paid')?.count).toBeGreaterThanOrEqual(2);
    expect(dashboard.topProducts[0]).toMatchObject({ name: 'Report Kurti', units: 11 });
    expect(dashboard.lowStock.every((item) => item.stock <= 3)).toBe(true);
    // Running low first, then sold out (issue 40: ten sold-out rows hid every one still to restock).
    const stocks = dashboard.lowStock.map((item) => item.stock);
    expect(stocks).toEqual([...stocks.filter((stock) => stock > 0).sort((a, b) => a - b), ...stocks.filter((stock) => stock <= 0)]);
    expect(stocks.some((stock) => stock > 0)).toBe(true);
    expect(dashboard.recentOrders).toHaveLength(5);
  });

  it('answers the month with its weeks and the change against the month before', async () => {
    const june = await get<MonthlyReport>('/api/admin/report/monthly?month=2030-06');
    expect(june).toMatchObject({
      month: '2030-06',
      monthStart: '2030-06-01',
      monthEnd: '2030-06-30',
      label: 'June 2030',
      isCurrentMonth: true,
    });
    expect(june.days).toHaveLength(30);
    expect(june.totalRevenue).toBe(630_000);
    expect(june.weeks.map((week) => [week.weekStart, week.weekEnd, week.revenue])).toEqual([
      ['2030-06-01', '2030-06-02', 0],
      ['2030-06-03', '2030-06-09', 0],
      ['2030-06-10', '2030-06-16', 630_000],
      ['2030-06-17', '2030-06-23', 0],
      ['2030-06-24', '2030-06-30', 0],
    ]);
    expect(june.avgDailySales).toBe(21_000);
    expect(june.previous).toEqual({ month: '2030-05', totalRevenue: 900_000, totalUnits: 9 });
    expect(june.change).toEqual({ revenue: -30, units: -22.2 });
    const bad = await adminCall(t.app, 'GET', '/api/admin/report/monthly?month=2030-13', { asid: owner.asid });
    expect(bad.statusCode).toBe(400);
  });
});
