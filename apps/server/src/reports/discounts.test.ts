import type { OrderInvoice, SalesRangeReport } from '@shop/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { capturingMailer } from '../test/accounts.js';
import { adminCall, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
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
const t = useTestApp({ services: { now: () => NOW, mailer: mail.mailer } });

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
});
