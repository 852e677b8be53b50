import { COD_FEE_LINE, NO_INVOICE_YET, type AdminOrderDetail, type OrderInvoice } from '@shop/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';
import { adminCall, approvedAndReceived, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { discountOrder } from '../test/order-discount-fixture.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Issue 41: an order's tax invoice as data (getInvoice, the shopper's and the back-office's), and a returned piece of
// a discounted order refunding its share as paid.

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
});

const mine = (sid: string, orderId: string) => jsonCall(t.app, 'GET', `/api/user/order/getInvoice/${orderId}`, { sid });
const asAdmin = (who: SignedInAdminForTest, orderId: string) =>
  adminCall(t.app, 'GET', `/api/admin/order/getInvoice/${orderId}`, { asid: who.asid });

/** A paid order of two ₹2,800 kurtas (10 % off as a coupon: ₹2,520 a piece, 5 %) and a ₹1,000 dupatta. */
async function festiveOrder(extra: { codFee?: number } = {}) {
  const kurta = await sellableProduct(t, { pricePaise: 280_000, stock: 5 });
  const dupatta = await sellableProduct(t, { pricePaise: 100_000, discountPercent: 10, stock: 5 });
  const placed = await placedOrder(t, mail, { lines: [{ ...kurta, quantity: 2 }, dupatta], paid: true });
  // 10 % of ₹6,500 at selling prices: ₹650, shared ₹560 to the kurtas and ₹90 to the dupatta.
  const { shares } = await discountOrder(t.database.db, placed.orderId, {
    discounts: [{ label: 'FESTIVE10', code: 'FESTIVE10', amount: 65_000 }],
    codFee: extra.codFee,
  });
  return { ...placed, shares };
}

describe('GET /api/user/order/getInvoice and /api/admin/order/getInvoice (issue 41)', () => {
  it("answers the shopper's own order's invoice: MRP, discount, taxable value and taxes per line, the coupon named, in paise", async () => {
    const order = await festiveOrder();
    expect(order.shares).toEqual([56_000, 9_000]);
    const response = await mine(order.sid, order.orderId);
    expect(response.statusCode, response.body).toBe(200);
    const { invoice } = dataOf<{ invoice: OrderInvoice }>(response);
    expect(invoice).toMatchObject({
      invoiceNumber: expect.stringMatching(/^WEB\/\d\d-\d\d\/\d{5}$/) as string,
      orderNumber: order.orderNumber,
      placeOfSupply: 'Karnataka',
      interState: false,
      paymentMethod: 'online',
      discounts: [{ kind: 'coupon', label: 'FESTIVE10', code: 'FESTIVE10', amount: 65_000 }],
      buyer: { name: 'Asha Rao', phone: '9876543210' },
    });
    // The kurtas: MRP ₹5,600, charged ₹5,040 (₹2,520 a piece: 5 %); the dupatta: MRP ₹1,000, ₹900 selling, ₹810 charged.
    expect(invoice.lines.map((line) => [line.quantity, line.mrp, line.discount, line.total, line.rate])).toEqual([
      [2, 560_000, 56_000, 504_000, 5],
      [1, 100_000, 19_000, 81_000, 5],
    ]);
    expect(invoice.lines[0]!.taxable).toBe(480_000);
    for (const line of invoice.lines) expect(line.taxable + line.cgst + line.sgst + line.igst).toBe(line.total);
    expect(invoice.totals).toMatchObject({ mrp: 660_000, discount: 75_000, orderDiscount: 65_000, shipping: 0, codFee: 0, total: 585_000 });
    expect(invoice.totals.taxable + invoice.totals.tax).toBe(585_000);
    // What the order was charged, to the paisa.
    const detail = await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${order.orderId}`, { sid: order.sid });
    expect(dataOf<{ order: { total: number } }>(detail).order.total).toBe(585_000);

    // The owner and staff read the same invoice.
    for (const who of [owner, staff]) {
      const admin = await asAdmin(who, order.orderId);
      expect(admin.statusCode, admin.body).toBe(200);
      expect(dataOf<{ invoice: OrderInvoice }>(admin).invoice).toEqual(invoice);
    }
  });

  it("answers 404 for another shopper's order and for no order; 400 for an admin's malformed id", async () => {
    const order = await festiveOrder();
    const other = await signedInUser(t.app, mail);
    const theirs = await mine(other.sid, order.orderId);
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs)).toBe('Order not found');
    expect((await mine(order.sid, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await asAdmin(staff, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await asAdmin(staff, 'not-an-id')).statusCode).toBe(400);
  });

  it('answers 409 in words for an order not paid', async () => {
    const product = await sellableProduct(t, { pricePaise: 50_000 });
    const order = await placedOrder(t, mail, { ...product });
    for (const response of [await mine(order.sid, order.orderId), await asAdmin(owner, order.orderId)]) {
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toBe(NO_INVOICE_YET);
    }
  });

  it('lists the COD fee as a line taxed like shipping and says the order is paid in cash on delivery', async () => {
    const order = await festiveOrder({ codFee: 4_900 });
    const { invoice } = dataOf<{ invoice: OrderInvoice }>(await asAdmin(owner, order.orderId));
    expect(invoice.paymentMethod).toBe('cod');
    expect(invoice.lines.at(-1)).toMatchObject({
      description: COD_FEE_LINE,
      hsn: '996812',
      quantity: 1,
      mrp: 4_900,
      discount: 0,
      rate: 5,
      total: 4_900,
    });
    expect(invoice.totals).toMatchObject({ codFee: 4_900, total: 589_900 });
  });
});

describe('a returned piece of a discounted order (issue 41)', () => {
  it('refunds its share as paid, never more: the line less its share of the coupon, in proportion to pieces', async () => {
    const order = await festiveOrder();
    for (const body of [
      { status: 'packed' },
      { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL41' },
      { status: 'delivered' },
    ]) {
      const moved = await adminCall(t.app, 'POST', `/api/admin/order/updateOrderStatus/${order.orderId}`, { asid: staff.asid, body });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const { itemId } = dataOf<{ order: AdminOrderDetail }>(
      await adminCall(t.app, 'GET', `/api/admin/order/getOrderDetails/${order.orderId}`, { asid: staff.asid }),
    ).order.items[0]!;
    const asked = await jsonCall(t.app, 'POST', `/api/user/order/requestReturn/${order.orderId}`, {
      sid: order.sid,
      body: { reason: 'damaged', items: [{ itemId, quantity: 1 }] },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const received = await approvedAndReceived(t.app, staff.asid, order.orderId);
    expect(received.statusCode, received.body).toBe(200);
    const refund = await adminCall(t.app, 'POST', `/api/admin/order/refundOrder/${order.orderId}`, { asid: owner.asid });
    expect(refund.statusCode, refund.body).toBe(200);
    // One of two kurtas at ₹2,800 with ₹560 of the coupon on the line: ₹2,520 back, not its ₹2,800 list share.
    expect(dataOf<{ order: AdminOrderDetail }>(refund).order).toMatchObject({ status: 'refunded', refundedAmount: 252_000 });
  });
});
