import { addDays, istDay, type SalesRangeReport } from '@shop/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { capturingMailer } from '../test/accounts.js';
import { adminCall, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { confirmedCodOrder, shippedCodOrder } from '../test/cod-orders.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Cash on delivery in the sales report (issue 41): cash to collect, cash collected by day, returned to origin.

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

let owner: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t);
});

const range = async (from: string, to: string) => {
  const response = await adminCall(t.app, 'GET', `/api/admin/report/range?from=${from}&to=${to}`, { asid: owner.asid });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SalesRangeReport }>().data;
};
const move = (orderId: string, body: object) =>
  adminCall(t.app, 'POST', `/api/admin/order/updateOrderStatus/${orderId}`, { asid: owner.asid, body });

describe('cash on delivery in the sales report', () => {
  it('shows the cash to collect, the cash collected by day and the returned-to-origin count and rate', async () => {
    const product = await sellableProduct(t, { pricePaise: 100_000, stock: 10 });
    // ₹1,000 + ₹49 each. One on its way, one delivered, two back at origin; one confirmed, not shipped yet.
    const onItsWay = await shippedCodOrder(t, mail, owner.asid, product);
    const delivered = await shippedCodOrder(t, mail, owner.asid, product);
    expect((await move(delivered.orderId, { status: 'delivered', cashCollected: delivered.total })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const refused = await shippedCodOrder(t, mail, owner.asid, product);
      expect((await move(refused.orderId, { status: 'returned_to_origin' })).statusCode).toBe(200);
    }
    await confirmedCodOrder(t, mail, product);

    const today = istDay(new Date());
    const report = await range(today, today);
    expect(report.cashOnDelivery).toEqual({
      toCollect: { orders: 1, amount: onItsWay.total },
      collected: [{ date: today, orders: 1, amount: 104_900 }],
      collectedTotal: 104_900,
      shipped: 4,
      returnedToOrigin: 2,
      returnedToOriginRate: 50,
    });
    // The cash collected is a sale of the day it was collected; orders not delivered are not sales yet.
    expect(report).toMatchObject({ orders: 1, totalRevenue: 104_900 });

    // Another period: nothing collected or shipped in it; the cash to collect is as it stands now.
    const before = await range(addDays(today, -7), addDays(today, -1));
    expect(before.cashOnDelivery).toEqual({
      toCollect: { orders: 1, amount: onItsWay.total },
      collected: [],
      collectedTotal: 0,
      shipped: 0,
      returnedToOrigin: 0,
      returnedToOriginRate: 0,
    });
  });
});
