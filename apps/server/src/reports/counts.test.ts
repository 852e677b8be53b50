import type { DashboardCounts } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { capturingMailer, signedInUser, testClock } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';

const mail = capturingMailer();
// 20:00 UTC is 01:30 the next morning in India: 'today' is the shop's day, not the server's.
const clock = testClock('2026-03-10T20:00:00.000Z');
const t = useTestApp({ services: { mailer: mail.mailer, now: clock.now } });

const countsAs = async (asid: string) => {
  const response = await adminCall(t.app, 'GET', '/api/admin/report/counts', { asid });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { counts: DashboardCounts } }>().data.counts;
};

describe('GET /api/admin/report/counts', () => {
  it("counts paid orders to pack, sold-out and running-low live variants and today's paid orders in India time, for owner and staff", async () => {
    const owner = await signedInOwner(t);
    const staff = await signedInStaff(t, owner);
    const start = await countsAs(owner.asid);
    const none = { lowStockVariants: 0, soldOutVariants: 0, runningLowVariants: 0, lowStockThreshold: 3 };
    expect(start).toEqual({ ordersToPack: 0, ...none, todaysOrders: 0, today: '2026-03-11' });

    const plenty = await sellableProduct(t, { stock: 10 });
    await sellableProduct(t, { stock: 3 }); // at the threshold: running low
    await sellableProduct(t, { stock: 4 }); // above it
    await sellableProduct(t, { stock: 0 }); // sold out: counted apart from running low (issue 40)
    await sellableProduct(t, { stock: 0 });
    await placedOrder(t, mail, { ...plenty, quantity: 1, paid: true });
    await placedOrder(t, mail, { ...plenty, quantity: 1 }); // waiting for payment: neither to pack nor placed
    expect(await countsAs(staff.asid)).toEqual({
      ordersToPack: 1,
      lowStockVariants: 3,
      soldOutVariants: 2,
      runningLowVariants: 1,
      lowStockThreshold: 3,
      todaysOrders: 1,
      today: '2026-03-11',
    });

    // A day later the order still waits to be packed, but it was not placed today.
    clock.advance(24 * 60 * 60 * 1000);
    expect(await countsAs(owner.asid)).toMatchObject({ ordersToPack: 1, todaysOrders: 0, today: '2026-03-12' });
  });

  it("splits running low from sold out at the owner's saved threshold, on the counts, the dashboard and the products list", async () => {
    const owner = await signedInOwner(t);
    const before = await countsAs(owner.asid);
    const four = await sellableProduct(t, { name: 'Threshold Four Kurti', stock: 4 }); // above 3, at 4
    const settings = await adminCall(t.app, 'GET', '/api/admin/settings/getSettings', { asid: owner.asid });
    const saved = await adminCall(t.app, 'PUT', '/api/admin/settings/updateSettings', {
      asid: owner.asid,
      body: {
        ...settings.json<{ data: { settings: object } }>().data.settings,
        controls: { staffReturnMaxPaise: 0, staffReturnsSameDayOnly: true, lowStockThreshold: 4 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const after = await countsAs(owner.asid);
    // The 4-piece variants (the one of the test before and this one) now run low; sold out stays apart.
    expect(after).toMatchObject({
      lowStockThreshold: 4,
      soldOutVariants: before.soldOutVariants,
      runningLowVariants: before.runningLowVariants + 2,
      lowStockVariants: before.lowStockVariants + 2,
    });
    const dashboard = await adminCall(t.app, 'GET', '/api/admin/report/dashboard', { asid: owner.asid });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const shelves = dashboard.json<{ data: { lowStock: { productId: string; stock: number }[] } }>().data.lowStock;
    expect(shelves).toContainEqual(expect.objectContaining({ productId: four.productId, stock: 4 }));
    const list = await adminCall(t.app, 'GET', '/api/admin/product/getAllProducts?q=Threshold%20Four', { asid: owner.asid });
    expect(list.json<{ data: { products: { _id: string; lowStock: boolean }[] } }>().data.products).toEqual([
      expect.objectContaining({ _id: four.productId, lowStock: true }),
    ]);
  });

  it('is closed to anyone without an admin session, shoppers included', async () => {
    expect((await adminCall(t.app, 'GET', '/api/admin/report/counts')).statusCode).toBe(401);
    const shopper = await signedInUser(t.app, mail);
    expect((await adminCall(t.app, 'GET', '/api/admin/report/counts', { sid: shopper.sid })).statusCode).toBe(401);
  });
});
