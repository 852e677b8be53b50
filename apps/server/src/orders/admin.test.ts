import {
  istDay,
  type AdminOrderDetail,
  type AdminOrderRow,
  type AdminUserDetail,
  type AdminUserRow,
  type AuditEntry,
  type Bill,
  type CounterCustomer,
  type OrderDetail,
  type UserNotification,
} from '@shop/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall, registerUser, signedInUser } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { HOME_ADDRESS, placedOrder } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

const mail = capturingMailer();
// Webhooks of the emulator are dropped: verifyPayment settles each order here.
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
});

const as = (who: SignedInAdminForTest) => (method: 'GET' | 'POST', url: string, body?: object) =>
  adminCall(t.app, method, url, { asid: who.asid, body });
const detail = async (orderId: string) =>
  dataOf<{ order: AdminOrderDetail }>(await as(staff)('GET', `/api/admin/order/getOrderDetails/${orderId}`)).order;
const shopperView = async (sid: string, orderId: string) =>
  dataOf<{ order: OrderDetail }>(await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${orderId}`, { sid })).order;
const auditOf = async (orderId: string) =>
  dataOf<{ entries: AuditEntry[] }>(await as(owner)('GET', `/api/admin/audit?entity=order&entityId=${orderId}`)).entries;

/** A paid order of a ₹1,200 piece (free shipping from ₹999). */
async function paidOrder(quantity = 1) {
  const product = await sellableProduct(t, { pricePaise: 120_000, stock: 5 });
  return { product, ...(await placedOrder(t, mail, { ...product, quantity, paid: true })) };
}

describe('orders list and detail', () => {
  it('filters by status, searches by order number, e-mail, name and phone, and by day range', async () => {
    const first = await paidOrder();
    const second = await paidOrder(2);
    await t.database.db.execute(sql`update users set first_name = 'Kavya', phone = '9123456780' where id = ${second.userId}`);
    const list = async (query: string) =>
      dataOf<{ orders: AdminOrderRow[]; total: number }>(await as(staff)('GET', `/api/admin/order/getAllOrders?${query}`));
    const byNumber = await list(`q=${first.orderNumber}`);
    expect(byNumber.orders.map((row) => row._id)).toEqual([first.orderId]);
    expect(byNumber.orders[0]).toMatchObject({
      status: 'paid',
      total: 120_000,
      itemCount: 1,
      customer: { email: first.email, phone: '9876543210' },
    });
    expect((await list(`q=${encodeURIComponent(second.email)}`)).orders.map((row) => row._id)).toEqual([second.orderId]);
    expect((await list('q=kavya')).orders.map((row) => row._id)).toEqual([second.orderId]);
    expect((await list('q=91234')).orders.map((row) => row._id)).toEqual([second.orderId]);
    const paid = await list('status=paid');
    expect(paid.orders.every((row) => row.status === 'paid')).toBe(true);
    expect(paid.orders.map((row) => row._id)).toEqual(expect.arrayContaining([first.orderId, second.orderId]));
    expect((await list('status=paid&to=2020-01-31')).total).toBe(0);
    const today = istDay(new Date());
    expect((await list(`from=${today}&to=${today}&q=${second.orderNumber}`)).total).toBe(1);
    const backwards = await as(staff)('GET', '/api/admin/order/getAllOrders?from=2026-03-10&to=2026-03-01');
    expect([backwards.statusCode, errorOf(backwards)]).toEqual([400, 'from: from must not be after to']);

    const order = await detail(second.orderId);
    expect(order).toMatchObject({
      orderNumber: second.orderNumber,
      status: 'paid',
      customer: { _id: second.userId, name: 'Kavya Rao', email: second.email, phone: '9123456780' },
      address: { pincode: '560001' },
      payment: { paymentStatus: 'captured', amount: 240_000 },
      refunds: [],
    });
    expect(order.events.map((event) => [event.status, event.actor])).toEqual([
      ['pending_payment', 'shopper'],
      ['paid', 'shopper'],
    ]);
  });
});

describe('order transitions', () => {
  it('goes paid → packed → shipped → delivered through the state machine, once each, telling the shopper and auditing', async () => {
    const order = await paidOrder();
    const post = (body: object) => as(staff)('POST', `/api/admin/order/updateOrderStatus/${order.orderId}`, body);
    const early = await post({ status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL123' });
    expect([early.statusCode, errorOf(early)]).toEqual([409, 'This order is paid and cannot become shipped.']);
    const tooSoon = await post({ status: 'delivered' });
    expect([tooSoon.statusCode, errorOf(tooSoon)]).toEqual([409, 'Only a shipped order can be marked delivered.']);
    expect((await post({ status: 'packed' })).statusCode).toBe(200);
    expect((await post({ status: 'packed' })).statusCode).toBe(200);
    const noCourier = await post({ status: 'shipped', trackingNumber: 'DL123' });
    expect([noCourier.statusCode, errorOf(noCourier)]).toEqual([400, 'courier: Courier is required.']);
    const badStatus = await post({ status: 'lost' });
    expect(badStatus.statusCode).toBe(400);
    const [shipped, again] = await Promise.all([
      post({ status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL123' }),
      post({ status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL123' }),
    ]);
    expect([shipped.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(dataOf<{ order: AdminOrderDetail }>(shipped).order).toMatchObject({
      status: 'shipped',
      courier: 'Delhivery',
      trackingNumber: 'DL123',
    });
    const cannotCancel = await as(owner)('POST', `/api/admin/order/cancelOrder/${order.orderId}`, { reason: 'Too late' });
    expect([cannotCancel.statusCode, errorOf(cannotCancel)]).toEqual([409, 'This order has been shipped and can no longer be cancelled.']);
    const delivered = dataOf<{ order: AdminOrderDetail }>(await post({ status: 'delivered' })).order;
    expect(delivered.status).toBe('delivered');
    expect(Date.now() - new Date(delivered.deliveredAt!).getTime()).toBeLessThan(60_000);
    expect(delivered.events.map((event) => `${event.status}:${event.actor}`)).toEqual([
      'pending_payment:shopper',
      'paid:shopper',
      'packed:admin',
      'shipped:admin',
      'delivered:admin',
    ]);

    const mine = await shopperView(order.sid, order.orderId);
    expect(mine).toMatchObject({ status: 'delivered', courier: 'Delhivery', trackingNumber: 'DL123', canReturn: true });
    await t.services.orderNotices.settled();
    const notes = dataOf<{ notifications: UserNotification[] }>(
      await jsonCall(t.app, 'GET', '/api/user/profile/getMyNotifications', { sid: order.sid }),
    ).notifications.filter((note) => note.title === `Order ${order.orderNumber} update`);
    expect(notes.map((note) => note.body)).toEqual([
      'Your order was delivered. If anything is damaged, defective, wrong or missing, tell us within 48 hours.',
      'Your order is on its way with Delhivery (tracking number DL123).',
      'Your order is packed and will leave us soon.',
    ]);
    expect(mail.sent.filter((item) => item.to === order.email && item.subject === `Order ${order.orderNumber} update`)).toHaveLength(3);

    const entries = await auditOf(order.orderId);
    expect(entries.map((entry) => entry.action)).toEqual(['order.delivered', 'order.shipped', 'order.packed']);
    expect(entries[1]).toMatchObject({
      actor: { _id: staff.admin._id },
      before: { status: 'packed', courier: null },
      after: { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL123' },
    });
  });

  it('lets an owner cancel a paid order before shipping: stock back, refunded through Razorpay once, audited; staff may not', async () => {
    const order = await paidOrder(2);
    expect(await stockOf(t.database.db, order.product)).toBe(3);
    const forbidden = await as(staff)('POST', `/api/admin/order/cancelOrder/${order.orderId}`, { reason: 'Out of fabric' });
    expect([forbidden.statusCode, errorOf(forbidden)]).toEqual([403, 'Only the shop owner can do this.']);
    const cancel = () => as(owner)('POST', `/api/admin/order/cancelOrder/${order.orderId}`, { reason: 'Out of fabric' });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const after = await detail(order.orderId);
    expect(after).toMatchObject({ status: 'refunded', cancelReason: 'Out of fabric', refundedAmount: 240_000 });
    expect(after.refunds).toEqual([expect.objectContaining({ amount: 240_000, status: 'processed' })]);
    // The timeline names who cancelled, not "admin" (issue 40).
    expect(after.events.find((event) => event.status === 'cancelled')).toMatchObject({
      actor: 'admin',
      actorName: owner.admin.adminName,
      note: 'Out of fabric',
    });
    expect(await stockOf(t.database.db, order.product)).toBe(5);
    const entries = await auditOf(order.orderId);
    expect(entries.map((entry) => entry.action)).toEqual(['order.cancel']);
    expect(entries[0]).toMatchObject({
      actor: { _id: owner.admin._id },
      before: { status: 'paid' },
      after: { status: 'cancelled', cancelReason: 'Out of fabric' },
    });
  });

  it('approves a return and refunds it (returned → refunded when Razorpay confirms), or rejects one back to delivered', async () => {
    const ship = async (orderId: string) => {
      for (const body of [
        { status: 'packed' },
        { status: 'shipped', courier: 'Blue Dart', trackingNumber: 'BD9' },
        { status: 'delivered' },
      ]) {
        expect((await as(staff)('POST', `/api/admin/order/updateOrderStatus/${orderId}`, body)).statusCode).toBe(200);
      }
    };
    const askReturn = async (order: { sid: string; orderId: string }) => {
      const response = await jsonCall(t.app, 'POST', `/api/user/order/requestReturn/${order.orderId}`, {
        sid: order.sid,
        body: { reason: 'damaged', note: 'Torn seam' },
      });
      expect(response.statusCode).toBe(200);
    };

    const returned = await paidOrder();
    await ship(returned.orderId);
    const early = await as(owner)('POST', `/api/admin/order/refundOrder/${returned.orderId}`);
    expect([early.statusCode, errorOf(early)]).toEqual([409, 'Only a returned order can be refunded; approve the return first.']);
    await askReturn(returned);
    expect(await detail(returned.orderId)).toMatchObject({ status: 'return_requested', returnReason: 'damaged', returnNote: 'Torn seam' });
    expect((await as(staff)('POST', `/api/admin/order/approveReturn/${returned.orderId}`)).statusCode).toBe(200);
    expect((await as(staff)('POST', `/api/admin/order/approveReturn/${returned.orderId}`)).statusCode).toBe(200);
    expect((await detail(returned.orderId)).status).toBe('returned');
    // The refund follows receipt (issue 40).
    const unreceived = await as(owner)('POST', `/api/admin/order/refundOrder/${returned.orderId}`);
    expect([unreceived.statusCode, errorOf(unreceived)]).toEqual([
      409,
      'Receive the return first: the refund follows once the pieces are checked.',
    ]);
    const line = (await detail(returned.orderId)).items[0]!;
    const receive = await as(staff)('POST', `/api/admin/order/receiveReturn/${returned.orderId}`, {
      items: [{ itemId: line.itemId, quantity: 1, restock: true }],
    });
    expect(receive.statusCode, receive.body).toBe(200);
    const refund = await as(owner)('POST', `/api/admin/order/refundOrder/${returned.orderId}`);
    expect(refund.statusCode).toBe(200);
    expect(dataOf<{ order: AdminOrderDetail }>(refund).order).toMatchObject({ status: 'refunded', refundedAmount: 120_000 });
    expect((await as(owner)('POST', `/api/admin/order/refundOrder/${returned.orderId}`)).statusCode).toBe(200);
    expect((await detail(returned.orderId)).refunds).toHaveLength(1);
    const payment = (await detail(returned.orderId)).payment!;
    expect((await t.services.paymentProvider.client.fetchPayment(payment.razorpay_id!)).amount_refunded).toBe(120_000);
    expect((await auditOf(returned.orderId)).map((entry) => entry.action)).toEqual([
      'order.return_received',
      'order.return_approved',
      'order.delivered',
      'order.shipped',
      'order.packed',
    ]);
    const [refundEntry] = dataOf<{ entries: AuditEntry[] }>(
      await as(owner)('GET', `/api/admin/audit?entity=refund&entityId=${returned.orderId}`),
    ).entries;
    expect(refundEntry).toMatchObject({ action: 'refund.create', actor: { _id: owner.admin._id }, after: { amount: 120_000 } });

    const rejected = await paidOrder();
    const refuse = () => as(staff)('POST', `/api/admin/order/rejectReturn/${rejected.orderId}`, { reason: 'The photos show no damage.' });
    const noRequest = await refuse();
    expect([noRequest.statusCode, errorOf(noRequest)]).toEqual([409, 'This order has no return request to reject.']);
    await ship(rejected.orderId);
    await askReturn(rejected);
    expect((await refuse()).statusCode).toBe(200);
    expect((await refuse()).statusCode).toBe(200);
    expect(await shopperView(rejected.sid, rejected.orderId)).toMatchObject({ status: 'delivered' });
    await t.services.orderNotices.settled();
    expect(
      mail.sent.filter(
        (item) => item.to === rejected.email && item.text.includes('We could not accept your return: The photos show no damage.'),
      ),
    ).toHaveLength(1);
  });
});

describe('shoppers', () => {
  it('lists shoppers with sign-up date, orders count and total spent, and shows one with her orders and addresses', async () => {
    const order = await paidOrder(2);
    await placedOrder(t, mail, { ...(await sellableProduct(t, { pricePaise: 50_000 })), user: order });
    const list = dataOf<{ users: AdminUserRow[]; total: number }>(
      await as(staff)('GET', `/api/admin/user/getAllUsers?q=${encodeURIComponent(order.email)}`),
    );
    expect(list.users).toEqual([
      expect.objectContaining({ _id: order.userId, userEmail: order.email, ordersCount: 1, totalSpent: 240_000, blocked: false }),
    ]);
    expect(Date.now() - new Date(list.users[0]!.createdAt).getTime()).toBeLessThan(120_000);
    const user = dataOf<AdminUserDetail>(await as(staff)('GET', `/api/admin/user/getUserDetails/${order.userId}`));
    expect(user.orders.map((row) => row.status).sort()).toEqual(['paid', 'pending_payment']);
    expect(user.addresses.map((address) => address.pincode)).toEqual(['560001', '560001']);

    // One customer across shop and counter: a bill typed with her address's mobile, however it was written, is hers.
    const bill = async (customerPhone: string) => {
      const response = await as(staff)('POST', '/api/admin/bill/createBill', {
        customerName: 'Asha',
        customerPhone,
        items: [{ name: 'Saree fall', price: 15_000, quantity: 2 }],
      });
      expect(response.statusCode, response.body).toBe(200);
      return dataOf<{ bill: Bill }>(response).bill;
    };
    const hers = await bill(`+91 ${HOME_ADDRESS.phone.slice(0, 5)} ${HOME_ADDRESS.phone.slice(5)}`);
    const someoneElse = await bill('7766554433');
    const withBills = dataOf<AdminUserDetail>(await as(staff)('GET', `/api/admin/user/getUserDetails/${order.userId}`));
    expect(withBills.bills).toContainEqual({
      _id: hers._id,
      invoiceNumber: hers.invoiceNumber,
      createdAt: hers.createdAt,
      totalPrice: 30_000,
      itemCount: 2,
      status: 'paid',
    });
    expect(withBills.bills.map((row) => row._id)).not.toContain(someoneElse._id);

    // At the counter, her mobile finds her: the name of her last bill, or her account's.
    const findCustomer = async (phone: string) =>
      dataOf<{ customer: CounterCustomer | null }>(
        await as(staff)('GET', `/api/admin/bill/findCustomer?phone=${encodeURIComponent(phone)}`),
      ).customer;
    expect(await findCustomer('+91 77665 54433')).toMatchObject({ name: 'Asha', phone: '7766554433', bills: 1, userId: null });
    await t.database.db.execute(sql`update users set phone = '9000012345' where id = ${order.userId}`);
    expect(await findCustomer('90000 12345')).toMatchObject({ phone: '9000012345', bills: 0, lastBillAt: null, userId: order.userId });
    expect((await findCustomer('90000 12345'))!.name).not.toBe('');
    expect(await findCustomer('9988776655')).toBeNull();
    const badPhone = await as(staff)('GET', '/api/admin/bill/findCustomer?phone=12345');
    expect([badPhone.statusCode, errorOf(badPhone)]).toEqual([400, 'phone: Please enter a valid 10-digit mobile number.']);
    const missing = await as(staff)('GET', '/api/admin/user/getUserDetails/00000000-0000-4000-8000-000000000000');
    expect([missing.statusCode, errorOf(missing)]).toEqual([404, 'User not found']);
  });

  it('blocks a shopper: her sessions end and she cannot log in until unblocked; audited', async () => {
    const shopper = await signedInUser(t.app, mail);
    const other = await registerUser(t.app, mail);
    const blocked = await as(owner)('POST', `/api/admin/user/blockUser/${shopper.userId}`);
    expect(blocked.statusCode).toBe(200);
    expect(dataOf<AdminUserDetail>(blocked).user.blocked).toBe(true);
    expect((await jsonCall(t.app, 'GET', '/api/user/profile/getMyProfile', { sid: shopper.sid })).statusCode).toBe(401);
    const login = await jsonCall(t.app, 'POST', '/api/user/auth/loginUsingPassword', {
      body: { email: shopper.email, password: shopper.password },
    });
    expect([login.statusCode, errorOf(login)]).toEqual([403, 'This account is blocked. Please contact the shop.']);
    const wrong = await jsonCall(t.app, 'POST', '/api/user/auth/loginUsingPassword', {
      body: { email: shopper.email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    const onlyBlocked = dataOf<{ users: AdminUserRow[] }>(await as(staff)('GET', '/api/admin/user/getAllUsers?blocked=true')).users;
    expect(onlyBlocked.map((row) => row.userEmail)).toContain(shopper.email);
    expect(onlyBlocked.map((row) => row.userEmail)).not.toContain(other.email);

    expect((await as(owner)('POST', `/api/admin/user/unblockUser/${shopper.userId}`)).statusCode).toBe(200);
    const back = await jsonCall(t.app, 'POST', '/api/user/auth/loginUsingPassword', {
      body: { email: shopper.email, password: shopper.password },
    });
    expect(back.statusCode).toBe(200);
    const entries = dataOf<{ entries: AuditEntry[] }>(
      await as(owner)('GET', `/api/admin/audit?entity=user&entityId=${shopper.userId}`),
    ).entries;
    expect(entries.map((entry) => entry.action)).toEqual(['user.unblock', 'user.block']);
    expect(entries[1]).toMatchObject({ before: { blocked: false }, after: { blocked: true } });
  });
});
