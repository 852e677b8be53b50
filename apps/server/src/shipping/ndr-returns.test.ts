import { RETURN_PICKUP_FAILED, type AdminOrderDetail, type AuditEntry, type OrderDetail } from '@shop/core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHIPROCKET_API, SHIPROCKET_EMULATOR } from '../config.js';
import type { ShiprocketEmulator } from '../dev/shiprocket-emulator/emulator.js';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { HOME_ADDRESS, placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Issue 42, continued: failed delivery attempts (NDR) and reverse pickups, against the Shiprocket emulator.

const mail = capturingMailer();
const t = useTestApp({
  services: {
    mailer: mail.mailer,
    razorpay: { deliverWebhook: async () => ({ status: 200 }) },
    shipping: {
      provider: 'shiprocket',
      ...SHIPROCKET_EMULATOR,
      apiBase: SHIPROCKET_API,
      emulated: true,
      timeoutMs: 400,
      backoffMs: [1, 1],
    },
  },
});

const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
let emulator: ShiprocketEmulator;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
  emulator = t.services.shippingProvider!.emulator!;
});
beforeEach(() => emulator.setFault(null));

const as = (who: SignedInAdminForTest) => (method: 'GET' | 'POST', url: string, body?: object) =>
  adminCall(t.app, method, url, { asid: who.asid, body });
const detail = async (orderId: string) =>
  dataOf<{ order: AdminOrderDetail }>(await as(staff)('GET', `/api/admin/order/getOrderDetails/${orderId}`)).order;
const reattempt = (orderId: string, body: object) => as(staff)('POST', `/api/admin/order/reattempt/${orderId}`, body);

/** A paid order booked with the emulator's courier and picked up: its AWB. */
async function shippedOrder() {
  const product = await sellableProduct(t, { pricePaise: 120_000, stock: 5 });
  const placed = await placedOrder(t, mail, { ...product, quantity: 1, paid: true });
  const booked = await as(staff)('POST', `/api/admin/order/ship/${placed.orderId}`, {});
  expect(booked.statusCode, booked.body).toBe(200);
  const awb = dataOf<{ order: AdminOrderDetail }>(booked).order.shipment!.awb;
  expect(await emulator.scan(awb, 'picked_up')).toBe(200);
  const mine = async () =>
    dataOf<{ order: OrderDetail }>(await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${placed.orderId}`, { sid: placed.sid })).order;
  const notices = async () =>
    dataOf<{ notifications: { title: string; message?: string; body?: string }[] }>(
      await jsonCall(t.app, 'GET', '/api/user/profile/getMyNotifications', { sid: placed.sid }),
    ).notifications;
  return { ...placed, awb, mine, notices };
}

describe('failed delivery attempts (NDR)', () => {
  it('shows each failed attempt on the timeline with its reason and tells the shopper once per attempt, in-app and by e-mail', async () => {
    const order = await shippedOrder();
    expect(await emulator.scan(order.awb, 'undelivered', { reason: 'Consignee not available' })).toBe(200);
    // The courier's system posts the same scan again: nothing new.
    const repeated = emulator.webhookBody(order.awb, 'undelivered', 'Consignee not available');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/shipping/tracking',
      headers: { 'content-type': 'application/json', 'x-api-key': SHIPROCKET_EMULATOR.webhookToken },
      payload: JSON.stringify({ ...repeated, scans: (repeated.scans as object[]).slice(0, -1) }),
    });
    expect(again.statusCode).toBe(200);
    await t.services.orderNotices.settled();

    const mine = await order.mine();
    expect(mine.status).toBe('shipped');
    expect(mine.failedDelivery).toEqual({
      attempt: 1,
      reason: 'Consignee not available',
      at: mine.failedDelivery!.at,
      reattemptRequested: false,
    });
    const told = mine.timeline.filter((event) => event.note.includes('could not deliver'));
    expect(told).toHaveLength(1);
    expect(told[0]!.note).toMatch(/attempt 1\): Consignee not available/);
    const mails = mail.sent.filter((sent) => sent.to === order.email && JSON.stringify(sent).includes('could not deliver'));
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(await order.notices()).match(/could not deliver/g)).toHaveLength(1);

    // A second failed attempt (a later scan): a second notice, numbered 2.
    await pause(1100);
    expect(await emulator.scan(order.awb, 'undelivered', { reason: 'Address incomplete' })).toBe(200);
    await t.services.orderNotices.settled();
    expect((await detail(order.orderId)).deliveryAttempts!.map((attempt) => [attempt.attempt, attempt.reason])).toEqual([
      [1, 'Consignee not available'],
      [2, 'Address incomplete'],
    ]);
    expect(mail.sent.filter((sent) => sent.to === order.email && JSON.stringify(sent).includes('could not deliver'))).toHaveLength(2);
  });

  it('asks the courier to reattempt with the owner’s comments (the documented NDR action), on the timeline, once per attempt', async () => {
    const order = await shippedOrder();
    await emulator.scan(order.awb, 'undelivered', { reason: 'Customer not reachable' });
    const asked = await reattempt(order.orderId, { attempt: 1, comments: 'Call 98xxxxxx before coming' });
    expect(asked.statusCode, asked.body).toBe(200);
    const after = dataOf<{ order: AdminOrderDetail }>(asked).order;
    expect(after.deliveryAttempts).toEqual([expect.objectContaining({ attempt: 1, reattemptRequested: true })]);
    expect(after.timeline.at(-1)!.note).toBe('We asked the courier to try delivering again (after attempt 1): Call 98xxxxxx before coming');
    expect(emulator.ndrActions().filter((action) => action.awb === order.awb)).toEqual([
      { awb: order.awb, action: 're-attempt', comments: 'Call 98xxxxxx before coming' },
    ]);
    expect(emulator.calls.filter((call) => call === `POST /ndr/${order.awb}/action`)).toHaveLength(1);

    // Asked again (a second press, another admin): nothing is sent twice, nothing is written twice.
    const twice = await reattempt(order.orderId, { attempt: 1, comments: 'Again' });
    expect(twice.statusCode).toBe(200);
    expect(emulator.calls.filter((call) => call === `POST /ndr/${order.awb}/action`)).toHaveLength(1);
    expect((await detail(order.orderId)).timeline.filter((event) => event.note.startsWith('We asked the courier'))).toHaveLength(1);
    const audit = dataOf<{ entries: AuditEntry[] }>(
      await as(owner)('GET', `/api/admin/audit?entity=order&entityId=${order.orderId}`),
    ).entries;
    expect(audit.filter((entry) => entry.action === 'order.reattempt_requested')).toHaveLength(1);
  });

  it('refuses a reattempt without comments, for an attempt that did not happen, and says a provider failure in words (retry works)', async () => {
    const order = await shippedOrder();
    const none = await reattempt(order.orderId, { attempt: 1, comments: 'Call first' });
    expect([none.statusCode, errorOf(none)]).toEqual([404, 'attempt: The parcel has no failed attempt 1.']);
    await emulator.scan(order.awb, 'undelivered');
    const blank = await reattempt(order.orderId, { attempt: 1, comments: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank)).toMatch(/comments/);
    emulator.setFault('down');
    const down = await reattempt(order.orderId, { attempt: 1, comments: 'Call first' });
    expect([down.statusCode, errorOf(down)]).toEqual([503, 'Reattempt request failed — retry: Shiprocket is not working right now']);
    expect((await detail(order.orderId)).deliveryAttempts![0]!.reattemptRequested).toBe(false);
    emulator.setFault(null);
    expect((await reattempt(order.orderId, { attempt: 1, comments: 'Call first' })).statusCode).toBe(200);
  });
});

/** A shipped order delivered through the emulator's scans, with a return asked for and accepted by the owner. */
async function acceptedReturn() {
  const order = await shippedOrder();
  expect(await emulator.scan(order.awb, 'delivered')).toBe(200);
  const asked = await jsonCall(t.app, 'POST', `/api/user/order/requestReturn/${order.orderId}`, {
    sid: order.sid,
    body: { reason: 'damaged', note: 'Torn at the seam' },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const approved = await as(staff)('POST', `/api/admin/order/approveReturn/${order.orderId}`);
  expect(approved.statusCode, approved.body).toBe(200);
  return order;
}

const returnsOf = (orderNumber: string) => emulator.shipments().filter((shipment) => shipment.channelOrderId === `${orderNumber}-R`);

describe('reverse pickups of accepted returns', () => {
  it('books one reverse pickup from the shopper’s address to the shop, with the returned items, when the return is accepted', async () => {
    const order = await acceptedReturn();
    const booked = returnsOf(order.orderNumber);
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ isReturn: true, pickupPincode: HOME_ADDRESS.pincode, paymentMethod: 'Prepaid' });
    expect(booked[0]!.returnItems!.map((item) => item.units)).toEqual([1]);
    expect(booked[0]!.returnItems![0]!.name).not.toBe('');
    const view = await detail(order.orderId);
    expect(view.status).toBe('returned');
    expect(view.returnPickup).toMatchObject({ status: 'booked', awb: booked[0]!.awb, failure: null });
    expect((await order.mine()).returnPickup).toMatchObject({ status: 'booked' });

    // Retried when booked: looked up, not booked again.
    const retried = await as(staff)('POST', `/api/admin/order/returnPickup/${order.orderId}`);
    expect(retried.statusCode).toBe(200);
    expect(returnsOf(order.orderNumber)).toHaveLength(1);
  });

  it('follows the return’s scans through the same webhook: picked up, then arrived at the shop, told once each', async () => {
    const order = await acceptedReturn();
    const awb = (await detail(order.orderId)).returnPickup!.awb!;
    expect(await emulator.scan(awb, 'picked_up')).toBe(200);
    expect((await detail(order.orderId)).returnPickup!.status).toBe('picked_up');
    expect(await emulator.scan(awb, 'delivered')).toBe(200);
    expect(await emulator.scan(awb, 'delivered')).toBe(200);
    const view = await detail(order.orderId);
    expect(view.returnPickup!.status).toBe('arrived');
    // Receiving stays the owner's decision, piece by piece: prompted, not done for her.
    expect(view.returnReceivedAt).toBeNull();
    expect(view.timeline.filter((event) => event.note.startsWith('Your return reached us'))).toHaveLength(1);
    // The forward parcel's timeline is not mixed with the return's scans; the order stays delivered-and-returned.
    expect(view.shipment!.scans.map((scan) => scan.label)).toEqual(['DELIVERED', 'PICKED UP']);
  });

  it('accepts the return when the provider is down, shows "Pickup booking failed — retry", and the retry books once', async () => {
    const order = await shippedOrder();
    expect(await emulator.scan(order.awb, 'delivered')).toBe(200);
    expect(
      (await jsonCall(t.app, 'POST', `/api/user/order/requestReturn/${order.orderId}`, { sid: order.sid, body: { reason: 'damaged' } }))
        .statusCode,
    ).toBe(200);
    emulator.setFault('down');
    const approved = await as(staff)('POST', `/api/admin/order/approveReturn/${order.orderId}`);
    expect(approved.statusCode).toBe(200);
    const failed = await detail(order.orderId);
    expect(failed.status).toBe('returned');
    expect(failed.returnPickup).toMatchObject({ status: 'failed', awb: null, failure: 'Shiprocket is not working right now' });
    const stillDown = await as(staff)('POST', `/api/admin/order/returnPickup/${order.orderId}`);
    expect([stillDown.statusCode, errorOf(stillDown)]).toEqual([503, `${RETURN_PICKUP_FAILED}: Shiprocket is not working right now`]);

    emulator.setFault(null);
    const retried = await as(staff)('POST', `/api/admin/order/returnPickup/${order.orderId}`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(dataOf<{ order: AdminOrderDetail }>(retried).order.returnPickup).toMatchObject({ status: 'booked', failure: null });
    expect(returnsOf(order.orderNumber)).toHaveLength(1);
  });

  it('finishes a booking whose AWB step failed without creating the return order twice', async () => {
    const order = await shippedOrder();
    expect(await emulator.scan(order.awb, 'delivered')).toBe(200);
    await jsonCall(t.app, 'POST', `/api/user/order/requestReturn/${order.orderId}`, { sid: order.sid, body: { reason: 'damaged' } });
    emulator.failNext(500, { path: '/courier/assign/awb' });
    expect((await as(staff)('POST', `/api/admin/order/approveReturn/${order.orderId}`)).statusCode).toBe(200);
    expect((await detail(order.orderId)).returnPickup!.status).toBe('failed');
    expect(returnsOf(order.orderNumber)).toHaveLength(1);
    expect((await as(staff)('POST', `/api/admin/order/returnPickup/${order.orderId}`)).statusCode).toBe(200);
    expect(returnsOf(order.orderNumber)).toHaveLength(1);
    expect(returnsOf(order.orderNumber)[0]!.awb).toBe((await detail(order.orderId)).returnPickup!.awb);
  });
});
