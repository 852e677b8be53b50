import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { EMULATOR_KEYS } from '../../config.js';
import { selectRows, type Db } from '../../db/database.js';
import { useTestApp } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { createPaymentProvider, type PaymentProvider } from '../../payments/razorpay/provider.js';
import { createRazorpayClient, RazorpayError } from '../../payments/razorpay/razorpay-client.js';
import { verifyPaymentSignature, verifyWebhookSignature } from '../../payments/razorpay/signatures.js';
import { createEmulator, EMULATOR_ACCOUNT_ID, REFUND_REFUSED, WEBHOOK_PATH } from './emulator.js';
import { EMULATOR_SCHEMA, razorpayEmulatorOrders, razorpayEmulatorPayments, razorpayEmulatorRefunds } from './tables.js';
import type { WebhookDelivery } from './webhooks.js';

// The emulator mounted on the real app, driven by the real client through inject(); webhooks go to a
// stand-in deliverer that records them.

interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}
const received: ReceivedWebhook[] = [];
/** How many more deliveries of each event the stand-in route refuses with 500 (to see retries). */
let refuse: Record<string, number> = {};
let provider: PaymentProvider;
const errorLines: string[] = [];

// The shop's own provider, with webhooks captured here instead of reaching the webhook route: the stand-in
// receiver answers 500 while `refuse` says so, to show the retries.
const t = useTestApp({
  services: {
    razorpay: {
      webhookRetryDelaysMs: [5, 5, 5],
      log: { info: () => {}, error: (_details, line) => errorLines.push(line) },
      deliverWebhook: async (delivery) => {
        received.push({ headers: delivery.headers, rawBody: delivery.body });
        if ((refuse[delivery.event] ?? 0) > 0) {
          refuse[delivery.event]!--;
          return { status: 500 };
        }
        return { status: 200 };
      },
    },
  },
});
beforeAll(() => {
  provider = t.services.paymentProvider;
});

const client = () => provider.client;
const emulator = () => provider.emulator!;

beforeEach(async () => {
  await emulator().webhooksSettled();
  received.length = 0;
  refuse = {};
  errorLines.length = 0;
  emulator().setFault(null);
});

async function failure(call: Promise<unknown>): Promise<RazorpayError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RazorpayError);
  return error as RazorpayError;
}

const newOrder = (amount = 149_900) => client().createOrder({ amount, receipt: 'ORD-2611-000123', notes: { orderId: 'a1b2' } });

/** Webhooks received so far, parsed, with their headers. */
async function webhooks() {
  await emulator().webhooksSettled();
  return received.map((webhook) => ({
    event: (JSON.parse(webhook.rawBody) as { event: string }).event,
    body: JSON.parse(webhook.rawBody) as Record<string, unknown>,
    rawBody: webhook.rawBody,
    signature: webhook.headers['x-razorpay-signature'] as string,
    eventId: webhook.headers['x-razorpay-event-id'] as string,
  }));
}

describe('createPaymentProvider', () => {
  const db = () => t.database.db;

  it('uses the emulator, its checkout.js and its keys without real keys', () => {
    expect(provider.checkoutScriptUrl).toBe('/razorpay-emulator/checkout.js');
    expect(provider.keyId).toBe('rzp_test_emulator000001');
    expect(provider.emulator).not.toBeNull();
  });

  it("uses Razorpay's checkout.js and no emulator with real keys", async () => {
    const real = await createPaymentProvider(
      { keyId: 'rzp_live_x', keySecret: 's', webhookSecret: 'w', apiBase: 'https://api.razorpay.com', emulated: false },
      { db: db(), production: true },
    );
    expect(real.checkoutScriptUrl).toBe('https://checkout.razorpay.com/v1/checkout.js');
    expect(real.emulator).toBeNull();
    expect(real.keyId).toBe('rzp_live_x');
  });

  it('is mounted by buildApp, but never in production', async () => {
    const mounted = await t.app.inject({ method: 'GET', url: '/razorpay-emulator/checkout.js' });
    expect(mounted.statusCode).toBe(200);
    const production = await buildApp({
      config: { publicUrl: 'https://shop.example.in', logLevel: 'silent', production: true },
      db: db(),
      services: t.services,
      logger: false,
    });
    try {
      for (const url of ['/razorpay-emulator/checkout.js', '/razorpay-emulator/v1/orders/order_x']) {
        expect((await production.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await production.close();
    }
  });

  it('refuses the emulator in production', async () => {
    await expect(
      createPaymentProvider({ ...EMULATOR_KEYS, apiBase: 'https://api.razorpay.com', emulated: true }, { db: db(), production: true }),
    ).rejects.toThrow('The Razorpay emulator cannot run in production: set the RAZORPAY_* keys');
  });
});

/** Every table (and its columns: name, type, nullability) in `schema`, or in public when it starts with `prefix`. */
async function tablesOf(db: Db, schema: string, prefix = '') {
  const rows = await selectRows<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
    db,
    sql`select table_name, column_name, data_type, is_nullable from information_schema.columns
        where table_schema = ${schema} and table_name like ${`${prefix}%`} order by table_name, ordinal_position`,
  );
  const tables: Record<string, string[]> = {};
  for (const row of rows)
    (tables[row.table_name] ??= []).push(`${row.column_name} ${row.data_type}${row.is_nullable === 'NO' ? ' not null' : ''}`);
  return tables;
}

describe('its own schema', () => {
  it("is created when the emulator starts, never by the shop's migrations, and matches the tables its queries use", async () => {
    const database = await createTestDatabase();
    try {
      // A migrated shop: neither the emulator's schema nor the public tables it had before (dropped by 0016).
      expect(await tablesOf(database.db, EMULATOR_SCHEMA)).toEqual({});
      expect(await tablesOf(database.db, 'public', 'razorpay_emulator')).toEqual({});

      // Started twice, as two instances would: the second finds everything in place.
      for (let start = 0; start < 2; start++) {
        const app = Fastify({ logger: false }).setValidatorCompiler(validatorCompiler).setSerializerCompiler(serializerCompiler);
        await app.register(createEmulator({ db: database.db, keys: EMULATOR_KEYS }).plugin);
        await app.ready();
        await app.close();
      }
      const expected = Object.fromEntries(
        [razorpayEmulatorOrders, razorpayEmulatorPayments, razorpayEmulatorRefunds].map((table) => {
          const config = getTableConfig(table);
          expect(config.schema).toBe(EMULATOR_SCHEMA);
          return [config.name, config.columns.map((column) => `${column.name} ${column.getSQLType()}${column.notNull ? ' not null' : ''}`)];
        }),
      );
      const created = await tablesOf(database.db, EMULATOR_SCHEMA);
      for (const columns of Object.values(created)) columns.sort();
      for (const columns of Object.values(expected)) columns.sort();
      expect(created).toEqual(expected);
    } finally {
      await database.close();
    }
  });
});

describe('orders', () => {
  it('creates an order with Razorpay fields and a Razorpay-like id', async () => {
    const before = Math.floor(Date.now() / 1000);
    const order = await newOrder();
    expect(order.id).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(order).toEqual({
      id: order.id,
      entity: 'order',
      amount: 149_900,
      amount_paid: 0,
      amount_due: 149_900,
      currency: 'INR',
      receipt: 'ORD-2611-000123',
      status: 'created',
      attempts: 0,
      notes: { orderId: 'a1b2' },
      created_at: order.created_at,
    });
    expect(order.created_at).toBeGreaterThanOrEqual(before);
    expect(await client().fetchOrder(order.id)).toEqual(order);
  });

  it('answers empty notes as [] like Razorpay', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/razorpay-emulator/v1/orders',
      headers: { authorization: basic(), 'content-type': 'application/json' },
      payload: { amount: 100, currency: 'INR' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ notes: [], receipt: null, offer_id: null });
  });

  it.each([
    [{ amount: 99, currency: 'INR' }, 'The amount must be at least INR 1.00', 'amount'],
    [{ amount: 100.5, currency: 'INR' }, 'The amount must be an integer.', 'amount'],
    [{ currency: 'INR' }, 'The amount field is required.', 'amount'],
    [{ amount: 100 }, 'The currency field is required.', 'currency'],
    [{ amount: 100, currency: 'INR', receipt: 'x'.repeat(41) }, 'The receipt may not be greater than 40 characters.', 'receipt'],
    [{ amount: 100, currency: 'INR', colour: 'red' }, 'colour is/are not required and should not be sent', undefined],
  ])("refuses %j with Razorpay's message", async (payload, description, field) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/razorpay-emulator/v1/orders',
      headers: { authorization: basic(), 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {}, ...(field ? { field } : {}) },
    });
  });

  it('answers an unknown id as Razorpay does', async () => {
    const error = await failure(client().fetchOrder('order_DoesNotExist00'));
    expect(error).toMatchObject({ kind: 'api', status: 400 });
    expect(error.error?.description).toBe('The id provided does not exist');
  });

  it('refuses a wrong key secret with 401 Authentication failed', async () => {
    const wrong = createRazorpayClient({
      keyId: EMULATOR_KEYS.keyId,
      keySecret: 'not the secret',
      apiBase: 'http://localhost/razorpay-emulator',
      transport: emulator().transport,
    });
    const error = await failure(wrong.createOrder({ amount: 100, receipt: 'r' }));
    expect(error).toMatchObject({ kind: 'api', status: 401, retryable: false });
    expect(error.error).toEqual({
      code: 'BAD_REQUEST_ERROR',
      description: 'Authentication failed',
      source: 'NA',
      step: 'NA',
      reason: 'NA',
      metadata: {},
    });
    const none = await t.app.inject({ method: 'GET', url: '/razorpay-emulator/v1/orders/order_DoesNotExist00' });
    expect(none.statusCode).toBe(401);
  });

  it('answers unknown emulator URLs with a Razorpay-shaped 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/razorpay-emulator/v1/customers' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
    });
  });
});

describe('payments', () => {
  it('capturePayment pays the order, signs like Razorpay and sends payment.captured and order.paid', async () => {
    const order = await newOrder();
    const paid = await emulator().capturePayment(order.id, { method: 'card', email: 'meera@example.in', contact: '+919845012345' });

    expect(paid.razorpay_order_id).toBe(order.id);
    expect(paid.razorpay_payment_id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(
      verifyPaymentSignature(
        { orderId: order.id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
        EMULATOR_KEYS.keySecret,
      ),
    ).toBe(true);

    expect(await client().fetchOrder(order.id)).toMatchObject({ status: 'paid', amount_paid: 149_900, amount_due: 0, attempts: 1 });
    const payment = await client().fetchPayment(paid.razorpay_payment_id);
    expect(payment).toMatchObject({
      id: paid.razorpay_payment_id,
      entity: 'payment',
      amount: 149_900,
      currency: 'INR',
      status: 'captured',
      order_id: order.id,
      method: 'card',
      captured: true,
      email: 'meera@example.in',
      contact: '+919845012345',
      error_code: null,
      error_description: null,
      amount_refunded: 0,
      refund_status: null,
      notes: { orderId: 'a1b2' },
    });
    expect(await client().fetchOrderPayments(order.id)).toEqual({ entity: 'collection', count: 1, items: [payment] });

    const sent = await webhooks();
    expect(sent.map((webhook) => webhook.event)).toEqual(['payment.captured', 'order.paid']);
    expect(new Set(sent.map((webhook) => webhook.eventId)).size).toBe(2);
    for (const webhook of sent) {
      expect(webhook.eventId).toMatch(/^[0-9A-Za-z]{14}$/);
      expect(verifyWebhookSignature(webhook.rawBody, webhook.signature, EMULATOR_KEYS.webhookSecret)).toBe(true);
      expect(validateWebhookSignature(webhook.rawBody, webhook.signature, EMULATOR_KEYS.webhookSecret)).toBe(true);
    }
    const [captured, orderPaid] = sent;
    expect(captured?.body).toEqual({
      entity: 'event',
      account_id: EMULATOR_ACCOUNT_ID,
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: { entity: expect.objectContaining({ id: payment.id, status: 'captured', order_id: order.id, method: 'card' }) as unknown },
      },
      created_at: expect.any(Number) as unknown,
    });
    expect(orderPaid?.body).toMatchObject({
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: {
        payment: { entity: { id: payment.id, captured: true } },
        order: { entity: { id: order.id, status: 'paid', amount_paid: 149_900, amount_due: 0 } },
      },
    });
  });

  it('failPayment records a failed attempt, sends payment.failed, and the order can still be paid', async () => {
    const order = await newOrder();
    const failed = await emulator().failPayment(order.id, { method: 'netbanking' });
    expect(failed).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: "Your payment didn't go through as it was declined by the bank. Try another payment method or contact your bank.",
        source: 'bank',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_/) as string },
      },
    });
    expect(await client().fetchOrder(order.id)).toMatchObject({ status: 'attempted', attempts: 1, amount_paid: 0 });

    const paid = await emulator().capturePayment(order.id);
    const payments = await client().fetchOrderPayments(order.id);
    expect(payments.count).toBe(2);
    expect(payments.items.map((payment) => [payment.id, payment.status, payment.method, payment.error_code])).toEqual([
      [failed.error.metadata.payment_id, 'failed', 'netbanking', 'BAD_REQUEST_ERROR'],
      [paid.razorpay_payment_id, 'captured', 'upi', null],
    ]);
    expect((await webhooks()).map((webhook) => webhook.event)).toEqual(['payment.failed', 'payment.captured', 'order.paid']);
  });

  it('refuses to take a second payment for a paid order', async () => {
    const order = await newOrder();
    await emulator().capturePayment(order.id);
    await expect(emulator().capturePayment(order.id)).rejects.toThrow('Payment for this order has already been completed');
  });

  it('keeps its state in the database, so another instance sees the same order', async () => {
    const order = await newOrder();
    const deliveries: WebhookDelivery[] = [];
    const other = createEmulator({
      db: t.database.db,
      keys: EMULATOR_KEYS,
      deliver: async (delivery) => {
        deliveries.push(delivery);
        return { status: 200 };
      },
    });
    const paid = await other.capturePayment(order.id);
    await other.webhooksSettled();
    expect(await client().fetchPayment(paid.razorpay_payment_id)).toMatchObject({ status: 'captured', order_id: order.id });
    expect(deliveries.map((delivery) => [delivery.url, delivery.event])).toEqual([
      [WEBHOOK_PATH, 'payment.captured'],
      [WEBHOOK_PATH, 'order.paid'],
    ]);
  });
});

describe('refunds', () => {
  async function capturedPayment(amount = 149_900) {
    const order = await newOrder(amount);
    const paid = await emulator().capturePayment(order.id);
    await emulator().webhooksSettled();
    received.length = 0;
    return paid.razorpay_payment_id;
  }

  it('refunds once for one idempotency key, however often it is sent', async () => {
    const paymentId = await capturedPayment();
    const first = await client().refundPayment(paymentId, { notes: { reason: 'cancelled' } }, 'cancel-ORD-2611-000123');
    const again = await client().refundPayment(paymentId, { notes: { reason: 'cancelled' } }, 'cancel-ORD-2611-000123');
    const together = await Promise.all(
      Array.from({ length: 5 }, () => client().refundPayment(paymentId, { notes: { reason: 'cancelled' } }, 'cancel-ORD-2611-000123')),
    );

    expect(first.id).toMatch(/^rfnd_[0-9A-Za-z]{14}$/);
    expect(first).toMatchObject({
      entity: 'refund',
      amount: 149_900,
      payment_id: paymentId,
      status: 'processed',
      speed_processed: 'normal',
    });
    expect(again).toEqual(first);
    expect(together.every((refund) => refund.id === first.id)).toBe(true);
    expect(await client().fetchRefund(first.id)).toEqual(first);
    expect(await client().fetchPayment(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 149_900, refund_status: 'full' });

    const sent = await webhooks();
    expect(sent.map((webhook) => webhook.event)).toEqual(['refund.processed']);
    expect(sent[0]?.body).toMatchObject({
      contains: ['refund', 'payment'],
      payload: { refund: { entity: { id: first.id, amount: 149_900 } }, payment: { entity: { id: paymentId, refund_status: 'full' } } },
    });
    expect(verifyWebhookSignature(sent[0]!.rawBody, sent[0]!.signature, EMULATOR_KEYS.webhookSecret)).toBe(true);
  });

  it('refuses the same key with another body, a refund above what is left, and a second full refund', async () => {
    const paymentId = await capturedPayment(100_000);
    const partial = await client().refundPayment(paymentId, { amount: 60_000 }, 'partial-refund-0001');
    expect(await client().fetchPayment(paymentId)).toMatchObject({ status: 'captured', amount_refunded: 60_000, refund_status: 'partial' });

    const otherBody = await failure(client().refundPayment(paymentId, { amount: 50_000 }, 'partial-refund-0001'));
    expect(otherBody).toMatchObject({ kind: 'api', status: 400 });
    expect(otherBody.error?.description).toBe('Different request with the same idempotency key has already been processed.');

    const tooMuch = await failure(client().refundPayment(paymentId, { amount: 40_001 }, 'partial-refund-0002'));
    expect(tooMuch).toMatchObject({ kind: 'api', status: 400 });
    expect(tooMuch.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'The refund amount provided is greater than amount captured',
      field: 'amount',
    });

    const rest = await client().refundPayment(paymentId, {}, 'partial-refund-0003');
    expect(rest.amount).toBe(40_000);
    expect(rest.id).not.toBe(partial.id);
    const after = await failure(client().refundPayment(paymentId, {}, 'partial-refund-0004'));
    expect(after.error?.description).toBe('The payment has been fully refunded already');
    expect(await client().fetchPayment(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 100_000, refund_status: 'full' });
  });

  it('refuses the next refund when a test says so (failNextRefund): a 400, nothing recorded, and the next one goes through', async () => {
    const paymentId = await capturedPayment(100_000);
    emulator().failNextRefund();
    const refused = await failure(client().refundPayment(paymentId, {}, 'cancel_refused_0001'));
    expect(refused).toMatchObject({ kind: 'api', status: 400, retryable: false });
    expect(refused.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: REFUND_REFUSED });
    expect(await selectRows(t.database.db, sql`select id from ${razorpayEmulatorRefunds} where payment_id = ${paymentId}`)).toEqual([]);
    expect(await client().fetchPayment(paymentId)).toMatchObject({ status: 'captured', amount_refunded: 0 });
    expect(await webhooks()).toEqual([]);

    const made = await client().refundPayment(paymentId, {}, 'cancel_refused_0001_2');
    expect(made).toMatchObject({ amount: 100_000, status: 'processed' });
    expect(await client().fetchRefund(made.id)).toEqual(made);
    expect(await client().fetchPayment(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 100_000 });
  });

  it('refuses to refund a failed payment', async () => {
    const order = await newOrder();
    const failed = await emulator().failPayment(order.id);
    const error = await failure(client().refundPayment(failed.error.metadata.payment_id, {}, 'refund-failed-0001'));
    expect(error.error?.description).toBe('The payment has not been captured, so it cannot be refunded');
  });
});

describe('webhook delivery', () => {
  it('retries a refused webhook with the same event id and body until it is accepted', async () => {
    refuse = { 'payment.captured': 2 };
    const order = await newOrder();
    await emulator().capturePayment(order.id);
    const sent = await webhooks();
    const captured = sent.filter((webhook) => webhook.event === 'payment.captured');
    expect(captured).toHaveLength(3);
    expect(new Set(captured.map((webhook) => webhook.eventId)).size).toBe(1);
    expect(new Set(captured.map((webhook) => webhook.rawBody)).size).toBe(1);
    expect(sent.filter((webhook) => webhook.event === 'order.paid')).toHaveLength(1);
  });

  it('gives up after four attempts', async () => {
    refuse = { 'payment.captured': 100, 'order.paid': 100 };
    const order = await newOrder();
    await emulator().capturePayment(order.id);
    const sent = await webhooks();
    expect(sent.filter((webhook) => webhook.event === 'payment.captured')).toHaveLength(4);
    expect(sent.filter((webhook) => webhook.event === 'order.paid')).toHaveLength(4);
    expect(errorLines.sort()).toEqual([
      'Razorpay emulator: webhook order.paid could not be delivered (HTTP 500)',
      'Razorpay emulator: webhook payment.captured could not be delivered (HTTP 500)',
    ]);
  });
});

describe('faults', () => {
  it("answers 500 SERVER_ERROR while 'down'", async () => {
    emulator().setFault('down');
    const error = await failure(newOrder());
    expect(error).toMatchObject({ kind: 'api', status: 500, retryable: true });
    expect(error.error?.code).toBe('SERVER_ERROR');
    emulator().setFault(null);
    expect((await newOrder()).status).toBe('created');
  });

  it("never answers while 'hang', so the client times out", async () => {
    emulator().setFault('hang');
    const impatient = createRazorpayClient({
      ...EMULATOR_KEYS,
      apiBase: 'http://localhost/razorpay-emulator',
      timeoutMs: 500,
      transport: emulator().transport,
    });
    const started = performance.now();
    const error = await failure(impatient.createOrder({ amount: 100, receipt: 'r' }));
    expect(error.kind).toBe('timeout');
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
    emulator().setFault(null);
  });
});

describe('checkout.js', () => {
  it('is served as JavaScript that defines window.Razorpay', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/razorpay-emulator/checkout.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');

    const appended: Array<{ rel?: string; href?: string }> = [];
    const window: Record<string, unknown> = { location: { origin: 'http://localhost:3000' } };
    const document = {
      currentScript: { src: 'http://localhost:3000/razorpay-emulator/checkout.js' },
      createElement: () => ({}),
      head: { appendChild: (element: { rel?: string; href?: string }) => appended.push(element) },
    };
    vm.runInNewContext(response.body, { window, document, URL, Intl });

    expect(appended).toEqual([{ rel: 'stylesheet', href: 'http://localhost:3000/razorpay-emulator/checkout.css' }]);
    const Razorpay = window.Razorpay as new (options: object) => { on(event: string, callback: () => void): unknown };
    expect(typeof Razorpay).toBe('function');
    expect(() => new Razorpay({})).toThrow('No key passed');
    const checkout = new Razorpay({ key: EMULATOR_KEYS.keyId, order_id: 'order_x' });
    expect(checkout.on('payment.failed', () => {})).toBe(checkout);

    vm.runInNewContext(response.body, { window, document, URL, Intl });
    expect(window.Razorpay).toBe(Razorpay);
    expect(appended).toHaveLength(1);
  });

  it('serves its stylesheet as CSS', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/razorpay-emulator/checkout.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.body).toContain('.rzp-emu-sheet');
  });

  it("tells the sheet the order's amount, for the public key only", async () => {
    const order = await newOrder(99_900);
    const url = `/razorpay-emulator/checkout/orders/${order.id}?key_id=`;
    const found = await t.app.inject({ method: 'GET', url: url + EMULATOR_KEYS.keyId });
    expect(found.json()).toEqual({ id: order.id, amount: 99_900, amount_due: 99_900, currency: 'INR', status: 'created' });
    const wrongKey = await t.app.inject({ method: 'GET', url: `${url}rzp_test_other` });
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json()).toMatchObject({ error: { description: 'The api key provided is invalid' } });
  });

  it("the sheet's Success answers what Razorpay hands to handler, and Failure the payment.failed error", async () => {
    const order = await newOrder();
    const pay = (outcome: string) =>
      t.app.inject({
        method: 'POST',
        url: `/razorpay-emulator/checkout/orders/${order.id}/pay`,
        payload: { key_id: EMULATOR_KEYS.keyId, outcome, method: 'upi', vpa: 'meera@okaxis', email: 'meera@example.in', contact: null },
      });

    const failed = await pay('failure');
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', reason: 'payment_failed', metadata: { order_id: order.id } },
    });

    const succeeded = await pay('success');
    expect(succeeded.statusCode).toBe(200);
    const body = succeeded.json<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>();
    expect(Object.keys(body)).toEqual(['razorpay_payment_id', 'razorpay_order_id', 'razorpay_signature']);
    expect(
      verifyPaymentSignature(
        { orderId: order.id, paymentId: body.razorpay_payment_id, signature: body.razorpay_signature },
        EMULATOR_KEYS.keySecret,
      ),
    ).toBe(true);
    expect(await client().fetchPayment(body.razorpay_payment_id)).toMatchObject({
      method: 'upi',
      email: 'meera@example.in',
      contact: null,
    });
    expect((await webhooks()).map((webhook) => webhook.event)).toEqual(['payment.failed', 'payment.captured', 'order.paid']);

    const again = await pay('success');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { description: 'Payment for this order has already been completed' } });
  });
});

function basic(): string {
  return `Basic ${Buffer.from(`${EMULATOR_KEYS.keyId}:${EMULATOR_KEYS.keySecret}`).toString('base64')}`;
}
