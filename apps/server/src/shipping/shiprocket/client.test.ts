import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createShiprocketEmulator, type ShiprocketEmulator } from '../../dev/shiprocket-emulator/emulator.js';
import { createShiprocketClient, ShiprocketError, TOKEN_LIFETIME_MS, type AdhocOrderInput, type ShiprocketClient } from './client.js';

// Issue 42: the client against the emulator, call by call, and each way Shiprocket misbehaves.

const settings = { email: 'api@example.in', password: 'pa55-word-secret', pickupLocation: 'Home', webhookToken: 'tok' };

const order = (orderId: string, overrides: Partial<AdhocOrderInput> = {}): AdhocOrderInput => ({
  order_id: orderId,
  order_date: '2026-11-29 10:30',
  pickup_location: 'Home',
  billing_customer_name: 'Asha',
  billing_last_name: 'Rao',
  billing_address: '12 MG Road',
  billing_city: 'Bengaluru',
  billing_pincode: 560001,
  billing_state: 'Karnataka',
  billing_country: 'India',
  billing_email: 'asha@example.in',
  billing_phone: 9876543210,
  shipping_is_billing: true,
  order_items: [{ name: 'Cotton kurta', sku: 'KUR-1-M', units: 1, selling_price: 1299 }],
  payment_method: 'Prepaid',
  sub_total: 1299,
  length: 30,
  breadth: 25,
  height: 3,
  weight: 0.4,
  ...overrides,
});

describe('the Shiprocket client against the emulator', () => {
  let app: FastifyInstance;
  let emulator: ShiprocketEmulator;
  let client: ShiprocketClient;
  let clock = Date.parse('2026-11-29T05:00:00Z');
  const logged: { level: string; object: Record<string, unknown>; message: string }[] = [];
  const slept: number[] = [];

  beforeAll(async () => {
    app = Fastify();
    emulator = createShiprocketEmulator({ ...settings, publicUrl: 'http://localhost:3000' });
    await app.register(emulator.plugin);
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    emulator.setFault(null);
    logged.length = 0;
    slept.length = 0;
    client = createShiprocketClient({
      email: settings.email,
      password: settings.password,
      apiBase: emulator.apiBase,
      transport: emulator.transport,
      timeoutMs: 300,
      now: () => clock,
      sleep: async (ms) => void slept.push(ms),
      log: {
        info: (object, message) => logged.push({ level: 'info', object: object as Record<string, unknown>, message }),
        warn: (object, message) => logged.push({ level: 'warn', object: object as Record<string, unknown>, message }),
      },
    });
  });

  const logins = () => emulator.calls.filter((call) => call === 'POST /auth/login').length;

  it('books the documented flow: order, AWB, pickup, label, manifest, then tracks the scans', async () => {
    const created = await client.createOrder(order('SHOP-1001'));
    expect(created).toEqual({ orderId: expect.any(Number) as unknown, shipmentId: expect.any(Number) as unknown, awb: null });
    const assigned = await client.assignAwb(created.shipmentId, 1);
    expect(assigned).toEqual({ awb: expect.stringMatching(/^\d{10,}$/) as unknown, courierId: 1, courierName: 'Blue Dart' });
    expect(await client.schedulePickup(created.shipmentId)).toEqual({
      pickupScheduledDate: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) as unknown,
    });
    expect(await client.label([created.shipmentId])).toMatch(
      /^http:\/\/localhost:3000\/shiprocket-emulator\/labels\/shipping-label-.*\.pdf$/,
    );
    expect(await client.manifest([created.shipmentId])).toMatch(/MANIFEST-\d+\.pdf$/);
    expect(await client.track(assigned.awb)).toEqual({ activities: [], shipmentStatus: null, trackUrl: null });
    await emulator.scan(assigned.awb, 'picked_up');
    const tracked = await client.track(assigned.awb);
    expect(tracked.shipmentStatus).toBe(42);
    expect(tracked.activities.map((activity) => activity['sr-status-label'])).toEqual(['PICKED UP']);
    expect(await client.findOrder('SHOP-1001')).toEqual({
      orderId: created.orderId,
      shipmentId: created.shipmentId,
      awb: assigned.awb,
      courier: 'Blue Dart',
      status: 'READY TO SHIP',
    });
    expect(await client.findOrder('SHOP-100')).toBeNull();
  });

  it('asks serviceability and reads the couriers, their rates, days and COD; none for an unserviceable pincode', async () => {
    const found = await client.serviceability({ pickupPostcode: '560001', deliveryPostcode: '110001', weightKg: 0.5, cod: false });
    expect(found.recommendedCourierId).toBe(43);
    expect(
      found.couriers.map(({ courier_company_id, rate, estimated_delivery_days, cod }) => ({
        courier_company_id,
        rate,
        estimated_delivery_days,
        cod,
      })),
    ).toEqual([
      { courier_company_id: 43, rate: 54, estimated_delivery_days: 4, cod: 1 },
      { courier_company_id: 1, rate: 112, estimated_delivery_days: 2, cod: 1 },
    ]);
    emulator.setUnserviceable(['744101']);
    expect(await client.serviceability({ pickupPostcode: '560001', deliveryPostcode: '744101', weightKg: 0.5, cod: false })).toEqual({
      couriers: [],
      recommendedCourierId: null,
    });
    emulator.setUnserviceable([]);
  });

  it('logs in once, keeps the token, and renews it a day before its 10 days run out', async () => {
    const before = logins();
    await client.findOrder('X');
    await client.findOrder('X');
    expect(logins() - before).toBe(1);
    clock += TOKEN_LIFETIME_MS - 86_400_000 + 1;
    await client.findOrder('X');
    expect(logins() - before).toBe(2);
  });

  it('renews the token once on a 401 and repeats the call; a second 401 is reported', async () => {
    await client.findOrder('X');
    const before = logins();
    emulator.revokeTokens();
    expect(await client.findOrder('X')).toBeNull();
    expect(logins() - before).toBe(1);
    emulator.failNext(401, { times: 2 });
    const error = await client.findOrder('X').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ShiprocketError);
    expect(error).toMatchObject({ kind: 'api', status: 401, request: 'GET /orders' });
  });

  it('backs off on 429 with growing pauses, then reports a busy Shiprocket in words', async () => {
    emulator.failNext(429, { times: 2 });
    expect(await client.findOrder('X')).toBeNull();
    expect(slept).toEqual([1_000, 4_000]);
    emulator.failNext(429, { times: 3 });
    const error = (await client.findOrder('X').catch((caught: unknown) => caught)) as ShiprocketError;
    expect(error).toMatchObject({ kind: 'api', status: 429, retryable: true });
    expect(error.words).toBe('Shiprocket is busy (too many requests); try again in a minute');
  });

  it('keeps a 422’s field errors and says them in words', async () => {
    const error = (await client
      .createOrder(order('SHOP-1002', { weight: 0, pickup_location: 'Warehouse' }))
      .catch((caught: unknown) => caught)) as ShiprocketError;
    expect(error).toMatchObject({ kind: 'api', status: 422, retryable: false, providerMessage: 'Oops! Invalid Data.' });
    expect(error.fieldErrors).toEqual({
      pickup_location: ['Wrong Pickup location entered. Please choose one location from the pickup locations of your account.'],
      weight: ['The weight must be more than 0 (kilograms).'],
    });
    expect(error.words).toBe(
      'pickup location: Wrong Pickup location entered. Please choose one location from the pickup locations of your account.; weight: The weight must be more than 0 (kilograms).',
    );
  });

  it('times out on a booking that was made but never answered, and the booking is found by the shop’s order id', async () => {
    emulator.timeoutAfterCreate();
    const error = (await client.createOrder(order('SHOP-1003')).catch((caught: unknown) => caught)) as ShiprocketError;
    expect(error).toMatchObject({ kind: 'timeout', retryable: true, request: 'POST /orders/create/adhoc' });
    expect(error.words).toBe('Shiprocket did not answer in time');
    emulator.setFault(null);
    const found = await client.findOrder('SHOP-1003');
    expect(found).toMatchObject({ orderId: expect.any(Number) as unknown, shipmentId: expect.any(Number) as unknown, awb: null });
    expect(emulator.shipments().filter((shipment) => shipment.channelOrderId === 'SHOP-1003')).toHaveLength(1);
  });

  it('reports Shiprocket down (500) as retryable, in words', async () => {
    emulator.setFault('down');
    const error = (await client.findOrder('X').catch((caught: unknown) => caught)) as ShiprocketError;
    expect(error).toMatchObject({ kind: 'api', status: 500, retryable: true });
    expect(error.words).toBe('Shiprocket is not working right now');
  });

  it('logs every call with its duration and status, never the password or the token', async () => {
    await client.createOrder(order('SHOP-1004'));
    expect(logged.map(({ object }) => object.shiprocket)).toEqual(['POST /auth/login', 'POST /orders/create/adhoc']);
    for (const line of logged)
      expect(line.object).toEqual({ shiprocket: expect.any(String) as unknown, status: 200, durationMs: expect.any(Number) as unknown });
    const text = JSON.stringify(logged);
    expect(text).not.toContain(settings.password);
    expect(text).not.toMatch(/Bearer|token/i);
  });
});
