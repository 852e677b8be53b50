import {
  BOOKING_FAILED,
  NOT_READY_TO_SHIP,
  courierDeliveryDay,
  deliveryEstimate,
  type AdminOrderDetail,
  type AuditEntry,
  type OrderDetail,
} from '@shop/core';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHIPROCKET_EMULATOR } from '../config.js';
import type { ShiprocketEmulator } from '../dev/shiprocket-emulator/emulator.js';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';
import type { SignedInAdminForTest } from '../test/admins.js';
import { confirmedCodOrder } from '../test/cod-orders.js';
import { HOME_ADDRESS, placedOrder } from '../test/order-fixture.js';
import { dataOf, errorOf, useShippingTestApp } from '../test/shipping-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Issue 42: the shop's shipping calls against the Shiprocket emulator, and each way the provider misbehaves.

const mail = capturingMailer();
const { t, who: signedIn, as, detail } = useShippingTestApp({ mailer: mail.mailer });
let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
let emulator: ShiprocketEmulator;
beforeAll(() => {
  ({ owner, staff, emulator } = signedIn);
});
const ship = (orderId: string, body: object = {}, who = staff) => as(who)('POST', `/api/admin/order/ship/${orderId}`, body);
const booked = (orderNumber: string) => emulator.shipments().filter((shipment) => shipment.channelOrderId === orderNumber);

async function paidOrder(quantity = 1) {
  const product = await sellableProduct(t, { pricePaise: 120_000, stock: 5 });
  return { product, ...(await placedOrder(t, mail, { ...product, quantity, paid: true })) };
}

describe('GET /api/user/delivery/estimate', () => {
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from serviceability_cache`);
    emulator.setUnserviceable([]);
  });
  const estimate = (pincode: string) => t.app.inject({ method: 'GET', url: `/api/user/delivery/estimate?pincode=${pincode}` });

  it('answers the date of the owner’s courier (cheapest by default) and cash on delivery, from serviceability', async () => {
    const answer = await estimate('110001');
    expect(answer.statusCode).toBe(200);
    // Delhivery Surface, the cheaper, quotes 4 days to a metro.
    expect(dataOf(answer)).toEqual({ serviceable: true, deliveryBy: courierDeliveryDay(new Date(), 4), cod: true });
  });

  it('keeps the answer a day per pincode pair: asked again, the provider is not called', async () => {
    await estimate('641001');
    const calls = emulator.calls.length;
    expect(dataOf(await estimate('641001'))).toMatchObject({ serviceable: true });
    expect(emulator.calls.length).toBe(calls);
  });

  it('says an unserviceable pincode is not served', async () => {
    emulator.setUnserviceable(['744101']);
    expect(dataOf(await estimate('744101'))).toEqual({ serviceable: false, deliveryBy: null, cod: false });
  });

  it('falls back to the rule of thumb when the provider is down', async () => {
    emulator.setFault('down');
    expect(dataOf(await estimate('682031'))).toEqual({
      serviceable: true,
      deliveryBy: deliveryEstimate('682031', new Date())!.latest,
      cod: false,
    });
  });

  it('refuses something that is not a pincode, naming the field', async () => {
    const answer = await estimate('12345');
    expect(answer.statusCode).toBe(400);
    expect(errorOf(answer)).toMatch(/pincode/);
  });
});

describe('checkout to a pincode no courier reaches', () => {
  it('is refused before payment, naming the address in words, and no order is placed', async () => {
    const product = await sellableProduct(t, { pricePaise: 120_000, stock: 5 });
    const user = await signedInUser(t.app, mail);
    const address = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', {
      sid: user.sid,
      body: HOME_ADDRESS,
    });
    const addressId = address.json<{ data: { address: { _id: string } } }>().data.address._id;
    await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid: user.sid, body: { productId: product.productId, quantity: 1 } });
    await t.database.db.execute(sql`delete from serviceability_cache`);
    emulator.setUnserviceable([HOME_ADDRESS.pincode]);
    const opened = await jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
      sid: user.sid,
      body: { paymentMethod: 'online', products: [{ id: product.productId }], address: addressId },
    });
    // The answer is kept a day: the pincode is served again for the tests after this one.
    emulator.setUnserviceable([]);
    await t.database.db.execute(sql`delete from serviceability_cache`);
    expect(opened.statusCode).toBe(400);
    expect(opened.json()).toMatchObject({
      error: 'address: Our couriers do not deliver to 560001 yet. Please choose another address.',
      fields: { address: 'Our couriers do not deliver to 560001 yet. Please choose another address.' },
    });
    const orders = await jsonCall(t.app, 'GET', '/api/user/order/getMyOrders', { sid: user.sid });
    expect(orders.statusCode).toBe(200);
    expect(JSON.stringify(orders.json())).not.toContain('ORD-');
  });
});

describe('POST /api/admin/order/ship/{orderId}', () => {
  it('books a paid order (staff may): order, AWB, pickup, label; the order is packed with the shipment, audited', async () => {
    const { orderId, orderNumber } = await paidOrder(2);
    const answer = await ship(orderId);
    expect(answer.statusCode, answer.body).toBe(200);
    const order = dataOf<{ order: AdminOrderDetail }>(answer).order;
    expect(order.status).toBe('packed');
    expect(order.shipment).toEqual({
      awb: expect.stringMatching(/^\d{10,}$/) as unknown,
      courierName: 'Delhivery Surface',
      labelUrl: expect.stringMatching(/^http:\/\/localhost:3000\/shiprocket-emulator\/labels\/.*\.pdf$/) as unknown,
      trackingUrl: expect.stringMatching(/\/shiprocket-emulator\/tracking\/\d+$/) as unknown,
      pickupScheduled: expect.any(String) as unknown,
      scans: [],
    });
    expect(order).toMatchObject({ courier: 'Delhivery Surface', trackingNumber: order.shipment!.awb, canBook: true });
    const [shipment] = booked(orderNumber);
    // Two ₹1,200 pieces in rupees, the parcel in kg and cm (category defaults: 500 g, 30×25×5 each).
    expect(shipment).toMatchObject({ paymentMethod: 'Prepaid', subTotal: 2400, weight: 1, deliveryPincode: '560001' });
    const audit = dataOf<{ entries: AuditEntry[] }>(await as(owner)('GET', `/api/admin/audit?entity=order&entityId=${orderId}`)).entries;
    expect(audit.map((entry) => entry.action)).toContain('order.shipment_booked');
  });

  it('changes nothing when asked again, and books nothing twice', async () => {
    const { orderId, orderNumber } = await paidOrder();
    await ship(orderId);
    const again = await ship(orderId);
    expect(again.statusCode).toBe(200);
    expect(booked(orderNumber)).toHaveLength(1);
  });

  it('takes the courier the owner picked from the serviceability list', async () => {
    const { orderId } = await paidOrder();
    const order = dataOf<{ order: AdminOrderDetail }>(await ship(orderId, { courierId: 1 })).order;
    expect(order.shipment!.courierName).toBe('Blue Dart');
  });

  it('finishes a booking that timed out after the provider made it, without booking it twice', async () => {
    const { orderId, orderNumber } = await paidOrder();
    emulator.timeoutAfterCreate();
    const answer = await ship(orderId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(dataOf<{ order: AdminOrderDetail }>(answer).order.status).toBe('packed');
    expect(booked(orderNumber)).toHaveLength(1);
  });

  it('renews the token once on a 401 and books', async () => {
    const { orderId } = await paidOrder();
    emulator.revokeTokens();
    expect((await ship(orderId)).statusCode).toBe(200);
  });

  it('leaves the order paid with nothing recorded when the provider is down: Booking failed — retry', async () => {
    const { orderId, orderNumber } = await paidOrder();
    emulator.setFault('down');
    const answer = await ship(orderId);
    expect(answer.statusCode).toBe(503);
    expect(errorOf(answer)).toBe(`${BOOKING_FAILED}: Shiprocket is not working right now`);
    const order = await detail(orderId);
    expect(order).toMatchObject({ status: 'paid', shipment: null, courier: null, trackingNumber: null });
    emulator.setFault(null);
    expect((await ship(orderId)).statusCode).toBe(200);
    expect(booked(orderNumber)).toHaveLength(1);
  });

  it('finishes on retry a booking whose label failed: the same provider order and AWB, nothing booked twice', async () => {
    const { orderId, orderNumber } = await paidOrder();
    emulator.failNext(500, { path: '/courier/generate/label' });
    const failed = await ship(orderId);
    expect(failed.statusCode).toBe(503);
    expect(await detail(orderId)).toMatchObject({ status: 'paid', shipment: null });
    const [made] = booked(orderNumber);
    expect(made!.awb).not.toBeNull();
    const retried = dataOf<{ order: AdminOrderDetail }>(await ship(orderId)).order;
    expect(retried.shipment!.awb).toBe(made!.awb);
    expect(booked(orderNumber)).toHaveLength(1);
  });

  it('backs off a 429 and books', async () => {
    const { orderId } = await paidOrder();
    emulator.failNext(429, { times: 2 });
    expect((await ship(orderId)).statusCode).toBe(200);
  });

  it('shows the owner a 422’s field errors in words, and the order stays paid', async () => {
    const { orderId } = await paidOrder();
    await t.database.db.execute(sql`update orders set address = jsonb_set(address, '{phone}', '"12345"') where id = ${orderId}`);
    const answer = await ship(orderId);
    expect(answer.statusCode).toBe(400);
    expect(errorOf(answer)).toBe(`${BOOKING_FAILED}: billing phone: The billing phone must be 10 digits.`);
    expect((await detail(orderId)).status).toBe('paid');
  });

  it('refuses an order that is not paid, in words', async () => {
    const product = await sellableProduct(t, { pricePaise: 120_000, stock: 5 });
    const { orderId } = await placedOrder(t, mail, { ...product });
    const answer = await ship(orderId);
    expect(answer.statusCode).toBe(409);
    expect(errorOf(answer)).toBe(NOT_READY_TO_SHIP);
  });

  it('regression: books a confirmed cash-on-delivery order as COD, the courier collecting its total (only paid orders were bookable)', async () => {
    const product = await sellableProduct(t, { pricePaise: 120_000, stock: 5 });
    const order = await confirmedCodOrder(t, mail, product);
    const answer = await ship(order.orderId);
    expect(answer.statusCode, answer.body).toBe(200);
    const [parcel, ...more] = booked(order.orderNumber);
    expect(more).toEqual([]);
    expect(parcel).toMatchObject({ paymentMethod: 'COD', subTotal: order.total / 100 });
    expect((await detail(order.orderId)).status).toBe('packed');
    // Delivered at the door: the order waits for the owner to record the cash the courier remits (issue 41).
    await emulator.scan(parcel!.awb!, 'picked_up');
    await emulator.scan(parcel!.awb!, 'delivered');
    expect((await detail(order.orderId)).status).toBe('shipped');
  });
});

describe('GET /api/admin/order/couriers/{orderId} (the order page’s courier picker)', () => {
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from serviceability_cache`);
    emulator.setUnserviceable([]);
  });
  const couriers = (orderId: string, who = staff) => as(who)('GET', `/api/admin/order/couriers/${orderId}`);

  it('lists the couriers to the order’s pincode, cheapest first, with rate in paise, days and day, and the default’s pick', async () => {
    const { orderId } = await paidOrder();
    const answer = await couriers(orderId);
    expect(answer.statusCode, answer.body).toBe(200);
    const now = new Date();
    expect(dataOf(answer)).toEqual({
      couriers: [
        { id: 43, name: 'Delhivery Surface', ratePaise: 5_400, days: 4, deliveryBy: courierDeliveryDay(now, 4), cod: true },
        { id: 1, name: 'Blue Dart', ratePaise: 11_200, days: 2, deliveryBy: courierDeliveryDay(now, 2), cod: true },
      ],
      defaultCourierId: 43,
      choice: 'cheapest',
    });
    // The owner's Fastest picks Blue Dart.
    await t.services.settings.update(
      { id: owner.admin._id, label: 'Meera Kapoor', role: 'owner' },
      {
        ...(await t.services.settings.get()),
        courierChoice: 'fastest',
      },
    );
    try {
      expect(dataOf(await couriers(orderId))).toMatchObject({ defaultCourierId: 1, choice: 'fastest' });
    } finally {
      await t.services.settings.update(
        { id: owner.admin._id, label: 'Meera Kapoor', role: 'owner' },
        {
          ...(await t.services.settings.get()),
          courierChoice: 'cheapest',
        },
      );
    }
  });

  it('answers an empty list where no courier goes, 404 for no such order, and Booking failed when the provider is down', async () => {
    const { orderId } = await paidOrder();
    // The checkout kept the pincode's answer a day: asked afresh once no courier goes there.
    await t.database.db.execute(sql`delete from serviceability_cache`);
    emulator.setUnserviceable([HOME_ADDRESS.pincode]);
    try {
      expect(dataOf(await couriers(orderId))).toMatchObject({ couriers: [], defaultCourierId: null });
    } finally {
      emulator.setUnserviceable([]);
      await t.database.db.execute(sql`delete from serviceability_cache`);
    }
    expect((await couriers('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    emulator.setFault('down');
    const down = await couriers(orderId);
    expect(down.statusCode).toBe(503);
    expect(errorOf(down)).toBe(`${BOOKING_FAILED}: Shiprocket is not working right now`);
  });
});

describe('POST /api/admin/order/shipMany', () => {
  it('books each paid order and answers one labels PDF and the manifest', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const answer = await as(staff)('POST', '/api/admin/order/shipMany', { orderIds: [first.orderId, second.orderId] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(dataOf(answer)).toEqual({
      labelsUrl: expect.stringMatching(/shipping-label-bulk-\d+-\d+\.pdf$/) as unknown,
      manifestUrl: expect.stringMatching(/MANIFEST-\d+\.pdf$/) as unknown,
    });
    expect((await detail(first.orderId)).status).toBe('packed');
    expect((await detail(second.orderId)).status).toBe('packed');
  });
});

describe('POST /api/shipping/tracking', () => {
  const post = (body: object, token: string | null = SHIPROCKET_EMULATOR.webhookToken) =>
    t.app.inject({
      method: 'POST',
      url: '/api/shipping/tracking',
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'x-api-key': token }) },
      payload: JSON.stringify(body),
    });

  it('follows the scans: picked up → shipped, delivered → delivered (the return window starts); the shopper sees it', async () => {
    const { orderId, sid } = await paidOrder();
    const awb = dataOf<{ order: AdminOrderDetail }>(await ship(orderId)).order.shipment!.awb;
    expect(await emulator.scan(awb, 'picked_up')).toBe(200);
    expect((await detail(orderId)).status).toBe('shipped');
    expect(await emulator.scan(awb, 'in_transit')).toBe(200);
    expect(await emulator.scan(awb, 'out_for_delivery')).toBe(200);
    expect(await emulator.scan(awb, 'delivered')).toBe(200);
    const order = await detail(orderId);
    expect(order.status).toBe('delivered');
    expect(order.deliveredAt).not.toBeNull();
    expect(order.shipment!.scans.map((scan) => scan.label)).toEqual(['DELIVERED', 'OUT FOR DELIVERY', 'IN TRANSIT', 'PICKED UP']);
    const shopper = dataOf<{ order: OrderDetail }>(await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${orderId}`, { sid })).order;
    expect(shopper).toMatchObject({ status: 'delivered', canReturn: true });
  });

  it('changes nothing for a repeated or out-of-order scan', async () => {
    const { orderId } = await paidOrder();
    const awb = dataOf<{ order: AdminOrderDetail }>(await ship(orderId)).order.shipment!.awb;
    await emulator.scan(awb, 'picked_up');
    await emulator.scan(awb, 'delivered');
    const before = await detail(orderId);
    // A late 'in transit' scan (after delivery), sent twice.
    const late = emulator.webhookBody(awb, 'in_transit');
    expect((await post(late)).statusCode).toBe(200);
    expect((await post(late)).statusCode).toBe(200);
    const after = await detail(orderId);
    expect(after.status).toBe('delivered');
    expect(after.events).toEqual(before.events);
  });

  it('answers 401 to a wrong or missing token, and changes nothing', async () => {
    const { orderId } = await paidOrder();
    const awb = dataOf<{ order: AdminOrderDetail }>(await ship(orderId)).order.shipment!.awb;
    expect(await emulator.scan(awb, 'picked_up', { token: 'wrong' })).toBe(401);
    expect(await emulator.scan(awb, 'picked_up', { token: null })).toBe(401);
    const order = await detail(orderId);
    expect(order.status).toBe('packed');
    expect(order.shipment!.scans).toEqual([]);
  });

  it('answers 200 to an unknown AWB and logs it', async () => {
    const answer = await post({ awb: '99999999999999', current_status: 'IN TRANSIT', shipment_status_id: 18, scans: [] });
    expect(answer.statusCode).toBe(200);
    expect(dataOf(answer)).toEqual({ status: 'unknown_awb' });
  });
});
