import type { AdminOrderDetail, OrderInvoice, SalesRangeReport } from '@shop/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { adminCall, approvedAndReceived, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { discountOrder } from '../test/order-discount-fixture.js';
import { placedOrder } from '../test/order-fixture.js';
import { rollupsAndRecount } from '../test/sales-rollups.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Issue 41: the sales reports show gross, discounts and net, and the invoices of a period add up to its net: each
// invoice's taxable values plus their taxes are what the order was charged, after its discounts.
const NOW = new Date('2030-10-20T12:00:00+05:30');
const TODAY = '2030-10-20';
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

describe('gross, discounts and net (issue 41)', () => {
  it("sums a period's invoices to the report's net, and shows its order-level discounts and gross", async () => {
    const kurta = await sellableProduct(t, { name: 'Festive Kurta', pricePaise: 280_000, stock: 10 });
    const dupatta = await sellableProduct(t, { name: 'Festive Dupatta', pricePaise: 100_000, discountPercent: 10, stock: 10 });
    const saree = await sellableProduct(t, { name: 'Festive Saree', pricePaise: 120_000, stock: 10 });
    const stole = await sellableProduct(t, { name: 'Plain Stole', pricePaise: 45_000, stock: 10 });

    // A coupon over three lines; an automatic offer and a COD fee; an order without any discount (and shipping).
    const couponed = await placedOrder(t, mail, { lines: [{ ...kurta, quantity: 2 }, dupatta], paid: true });
    await discountOrder(t.database.db, couponed.orderId, { discounts: [{ label: 'FESTIVE10', code: 'FESTIVE10', amount: 65_000 }] });
    const offered = await placedOrder(t, mail, { lines: [saree, stole], paid: true });
    await discountOrder(t.database.db, offered.orderId, {
      discounts: [
        { label: 'Order above ₹1,500: ₹100 off', amount: 10_000 },
        { label: 'WELCOME', code: 'WELCOME', amount: 3_333 },
      ],
      codFee: 4_900,
    });
    const plain = await placedOrder(t, mail, { ...stole, paid: true });

    const invoices = await Promise.all(
      [couponed, offered, plain].map(
        async (order) => (await get<{ invoice: OrderInvoice }>(`/api/admin/order/getInvoice/${order.orderId}`)).invoice,
      ),
    );
    const sum = (pick: (invoice: OrderInvoice) => number) => invoices.reduce((acc, invoice) => acc + pick(invoice), 0);
    const report = await get<SalesRangeReport>(`/api/admin/report/range?from=${TODAY}&to=${TODAY}`);
    expect(report.orders).toBe(3);
    // The invoices' taxable values plus their taxes: what the orders were charged, the report's net.
    expect(sum((invoice) => invoice.totals.taxable) + sum((invoice) => invoice.totals.tax)).toBe(report.totalRevenue);
    expect(sum((invoice) => invoice.totals.total)).toBe(report.totalRevenue);
    expect(report.totalDiscounts).toBe(65_000 + 13_333);
    expect(report.totalDiscounts).toBe(sum((invoice) => invoice.totals.orderDiscount));
    expect(report.grossRevenue).toBe(report.totalRevenue + report.totalDiscounts);
    // Gross: the goods at selling prices, shipping and the COD fee, before the orders' discounts.
    expect(report.grossRevenue).toBe(560_000 + 90_000 + 120_000 + 45_000 + 4_900 + plain.total);

    // The rollups agree with a recount from scratch, discounts included.
    const { rollups, recount } = await rollupsAndRecount(t.database.db);
    expect(rollups).toEqual(recount);
  });

  it('takes a returned piece’s share of the coupon out of the discounts when its refund leaves the net', async () => {
    const before = await get<SalesRangeReport>(`/api/admin/report/range?from=${TODAY}&to=${TODAY}`);
    const kurta = await sellableProduct(t, { name: 'Returned Kurta', pricePaise: 280_000, stock: 10 });
    const order = await placedOrder(t, mail, { ...kurta, quantity: 2, paid: true });
    await discountOrder(t.database.db, order.orderId, { discounts: [{ label: 'FESTIVE10', code: 'FESTIVE10', amount: 56_000 }] });
    for (const body of [
      { status: 'packed' },
      { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL42' },
      { status: 'delivered' },
    ]) {
      const moved = await adminCall(t.app, 'POST', `/api/admin/order/updateOrderStatus/${order.orderId}`, { asid: owner.asid, body });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const { itemId } = (await get<{ order: AdminOrderDetail }>(`/api/admin/order/getOrderDetails/${order.orderId}`)).order.items[0]!;
    const asked = await jsonCall(t.app, 'POST', `/api/user/order/requestReturn/${order.orderId}`, {
      sid: order.sid,
      body: { reason: 'damaged', items: [{ itemId, quantity: 1 }] },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await approvedAndReceived(t.app, owner.asid, order.orderId)).statusCode).toBe(200);
    const refund = await adminCall(t.app, 'POST', `/api/admin/order/refundOrder/${order.orderId}`, { asid: owner.asid });
    expect(refund.statusCode, refund.body).toBe(200);

    const after = await get<SalesRangeReport>(`/api/admin/report/range?from=${TODAY}&to=${TODAY}`);
    // She kept one kurta: ₹2,520 charged (₹2,800 less its ₹280 of the coupon); the other's ₹2,520 went back.
    expect(after.totalRevenue - before.totalRevenue).toBe(252_000);
    expect(after.totalDiscounts - before.totalDiscounts).toBe(28_000);
    expect(after.grossRevenue - before.grossRevenue).toBe(280_000);
    const { rollups, recount } = await rollupsAndRecount(t.database.db);
    expect(rollups).toEqual(recount);
  });
});
