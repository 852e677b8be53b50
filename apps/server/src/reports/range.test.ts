import type { Bill, SalesRangeReport } from '@shop/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { seedTestCatalogue } from '../test/catalogue-fixture.js';
import { creditedOrder, placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { SAMPLE_WEEK, seedDemoSales } from '../dev/demo/demo-sales.js';

// GET /api/admin/report/range (issue 26): sales of any range of India days, both ends included.
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

  const piece = await sellableProduct(t, { name: 'Range Kurti', pricePaise: 100_000, stock: 20 });
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
  // Today (Sat 15 June): a bill of 2 at 10 % off (₹1,800) and an order of 1 (₹1,000).
  await bill(2, '2030-06-15T00:01:00+05:30', 10);
  await order(1, '2030-06-15T09:00:00+05:30');
  // Friday 14 June at 23:59 India time (18:29 UTC): still Friday.
  await bill(1, '2030-06-14T23:59:00+05:30');
  // Monday 10 June: an order of 3 (₹3,000) and a credit note of ₹500 against it issued that evening.
  const refunded = await order(3, '2030-06-10T12:00:00+05:30');
  await creditedOrder(t.database.db, refunded, 50_000, new Date('2030-06-10T18:00:00+05:30'));
  // 31 May at 23:59 India time: the last day of May.
  await bill(4, '2030-05-31T23:59:00+05:30');
});

const call = (url: string, asid = owner.asid) => adminCall(t.app, 'GET', url, { asid });
const get = async (url: string) => {
  const response = await call(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SalesRangeReport }>().data;
};

describe('sales of a range of days', () => {
  it("answers the spec's sample week of the demo seed exactly, both ends included", async () => {
    const week = await get('/api/admin/report/range?from=2025-03-10&to=2025-03-16');
    expect(week).toMatchObject({ from: '2025-03-10', to: '2025-03-16', label: 'March 10-16, 2025' });
    expect(week.days.map((day) => day.day)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // The spec's pieces per day, priced as the catalogue prices them (issue 40), so the revenue is the catalogue's.
    expect(week.days.every((day) => day.revenue > 0)).toBe(true);
    expect(week.days.map((day) => day.units)).toEqual([...SAMPLE_WEEK.units]);
    // Two bills a day, no online orders.
    const total = week.days.reduce((sum, day) => sum + day.revenue, 0);
    expect(week).toMatchObject({ totalRevenue: total, totalUnits: 153, orders: 0, bills: 14, averageSale: Math.round(total / 14) });
    expect(week.categories.reduce((sum, category) => sum + category.revenue, 0)).toBe(total);
    expect(week.topProducts.length).toBeGreaterThan(0);
    expect(week.topProducts.length).toBeLessThanOrEqual(10);
    expect(week.topProducts.reduce((sum, product) => sum + product.units, 0)).toBeLessThanOrEqual(153);
  });

  it('answers a single day, its last minute included', async () => {
    const friday = await get('/api/admin/report/range?from=2030-06-14&to=2030-06-14');
    expect(friday).toMatchObject({ from: '2030-06-14', to: '2030-06-14', label: 'June 14, 2030' });
    expect(friday.days).toEqual([{ date: '2030-06-14', day: 'Fri', revenue: 100_000, units: 1 }]);
    expect(friday).toMatchObject({ totalRevenue: 100_000, totalUnits: 1, orders: 0, bills: 1, averageSale: 100_000 });
    expect(friday.topProducts).toEqual([expect.objectContaining({ name: 'Range Kurti', units: 1, revenue: 100_000 })]);
  });

  it('defaults to this month to today, every day listed with 0 when nothing sold', async () => {
    const june = await get('/api/admin/report/range');
    expect(june).toMatchObject({ from: '2030-06-01', to: '2030-06-15', label: 'June 1-15, 2030' });
    expect(june.days).toHaveLength(15);
    expect(june.days.filter((day) => day.revenue !== 0).map((day) => [day.date, day.revenue, day.units])).toEqual([
      ['2030-06-10', 250_000, 3],
      ['2030-06-14', 100_000, 1],
      ['2030-06-15', 280_000, 3],
    ]);
    expect(june.days[1]).toEqual({ date: '2030-06-02', day: 'Sun', revenue: 0, units: 0 });
    // Payment time for orders, net of refunds: (₹2,500 + ₹1,000 + ₹1,800 + ₹1,000) over 2 orders and 2 bills.
    expect(june).toMatchObject({ totalRevenue: 630_000, totalUnits: 7, orders: 2, bills: 2, averageSale: 157_500 });
    // Best sellers and categories share what each sale kept (issue 40: a partial refund comes off its lines too), so
    // they add up to the total: ₹6,300.
    expect(june.topProducts.map(({ name, units, revenue }) => ({ name, units, revenue }))).toEqual([
      { name: 'Range Kurti', units: 7, revenue: 630_000 },
    ]);
    expect(june.categories.reduce((sum, category) => sum + category.units, 0)).toBe(7);
    expect(june.categories.reduce((sum, category) => sum + category.revenue, 0)).toBe(630_000);
  });

  it('runs `from` alone to today and `to` alone from the first of its month', async () => {
    const fromMay = await get('/api/admin/report/range?from=2030-05-31');
    expect(fromMay).toMatchObject({ from: '2030-05-31', to: '2030-06-15', totalRevenue: 1_030_000, bills: 3, orders: 2 });
    expect(fromMay.days).toHaveLength(16);
    const toMay = await get('/api/admin/report/range?to=2030-05-31');
    expect(toMay).toMatchObject({ from: '2030-05-01', to: '2030-05-31', label: 'May 1-31, 2030', totalRevenue: 400_000, bills: 1 });
    expect(toMay.days).toHaveLength(31);
  });

  it('answers an empty range with zeros, and a whole leap financial year of 366 days', async () => {
    const empty = await get('/api/admin/report/range?from=2029-01-01&to=2029-01-31');
    expect(empty).toMatchObject({ totalRevenue: 0, totalUnits: 0, orders: 0, bills: 0, averageSale: 0, categories: [], topProducts: [] });
    expect(empty.days.every((day) => day.revenue === 0 && day.units === 0)).toBe(true);
    const year = await get('/api/admin/report/range?from=2027-04-01&to=2028-03-31');
    expect(year.days).toHaveLength(366);
    expect(year.label).toBe('April 1, 2027 - March 31, 2028');
  });

  it.each([
    // Both ends given: the query's own check.
    ['from=2025-03-16&to=2025-03-10', 'from', 'from must be on or before to (2025-03-10)'],
    ['from=2027-04-01&to=2028-04-01', 'to', 'to must be on or before 2028-03-31: a range covers at most 366 days'],
    // One end left out: the range the defaults make.
    ['from=2030-06-16', 'from', 'from must be on or before to (2030-06-15)'],
    ['from=2029-06-14', 'to', 'to must be on or before 2030-06-14: a range covers at most 366 days'],
    // Malformed days and years outside the shop's.
    ['from=2025-02-30', 'from', 'from must be a date like 2026-03-10'],
    ['to=yesterday', 'to', 'to must be a date like 2026-03-10'],
    ['from=0000-01-01&to=0000-01-02', 'from', 'from must be in a year between 2000 and 2100'],
  ])('refuses ?%s with 400 naming %s', async (query, field, message) => {
    const response = await call(`/api/admin/report/range?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<ErrorEnvelope>();
    expect(body.error).toBe(`${field}: ${message}`);
    expect(body.fields).toMatchObject({ [field]: message });
  });

  it('is the owner’s: staff are refused and nobody signed in is asked to', async () => {
    const staff = await signedInStaff(t, owner);
    expect((await call('/api/admin/report/range', staff.asid)).statusCode).toBe(403);
    expect((await adminCall(t.app, 'GET', '/api/admin/report/range')).statusCode).toBe(401);
  });

  it('downloads the range as CSV for Excel: a BOM, a row per day, category and best seller, the total, the time in India (issue 40)', async () => {
    const response = await call('/api/admin/report/exportRange?from=2030-06-14&to=2030-06-15');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="sales-2030-06-14-to-2030-06-15.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body.slice(1).trim().split('\n')).toEqual([
      'section,date,name,revenue_rupees,units,orders,bills',
      'day,2030-06-14,Fri,1000.00,1,,',
      'day,2030-06-15,Sat,2800.00,3,,',
      'category,,Other,3800.00,4,,',
      'product,,Range Kurti,3800.00,4,,',
      'total,2030-06-14 to 2030-06-15,"June 14-15, 2030",3800.00,4,1,2',
      // The shop's clock: noon in India.
      'made,2030-06-15 12:00,India time,,,,',
    ]);
    const staff = await signedInStaff(t, owner);
    expect((await call('/api/admin/report/exportRange', staff.asid)).statusCode).toBe(403);
    expect((await call('/api/admin/report/exportRange?from=2030-06-16')).statusCode).toBe(400);
  });
});
