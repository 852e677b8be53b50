import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRazorpayFake, type RazorpayFake } from '../../test/razorpay-fake.js';
import { createRazorpayClient, RazorpayError, type RazorpayClient } from './razorpay-client.js';

// The client over real HTTP (undici's request on a keep-alive agent) against a fake api.razorpay.com on 127.0.0.1.

const KEYS = { keyId: 'rzp_test_1DP5mmOlF5G5ag', keySecret: 'thisIsATestSecret' };
const ORDER = {
  id: 'order_EKwxwAgItmmXdp',
  entity: 'order',
  amount: 129_900,
  amount_paid: 0,
  amount_due: 129_900,
  currency: 'INR',
  receipt: 'ORD-2611-000123',
  offer_id: null,
  status: 'created',
  attempts: 0,
  notes: [],
  created_at: 1_582_628_071,
};
const ERROR_BODY = (description: string, code = 'BAD_REQUEST_ERROR') => ({
  error: { code, description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
});

let fake: RazorpayFake;
let client: RazorpayClient;

beforeAll(async () => {
  fake = await startRazorpayFake();
  // Generous for answers (a loaded CI machine); the timeout test uses its own short one.
  client = createRazorpayClient({ ...KEYS, apiBase: `${fake.url}/`, timeoutMs: 5_000 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

async function failure(call: Promise<unknown>): Promise<RazorpayError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RazorpayError);
  return error as RazorpayError;
}

describe('createRazorpayClient over HTTP', () => {
  it("creates an order with Basic auth and a JSON body, and reads Razorpay's empty notes []", async () => {
    fake.answer(() => ({ status: 200, body: { ...ORDER, unknown_field: 'dropped' } }));
    const order = await client.createOrder({ amount: 129_900, receipt: 'ORD-2611-000123', notes: { orderId: '42' } });

    expect(order).toEqual({ ...ORDER, notes: {}, offer_id: undefined });
    expect(order).not.toHaveProperty('unknown_field');
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/orders');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      amount: 129_900,
      currency: 'INR',
      receipt: 'ORD-2611-000123',
      notes: { orderId: '42' },
    });
  });

  it('escapes ids in the path', async () => {
    fake.answer(() => ({ status: 200, body: ORDER }));
    await client.fetchOrder('order_../x?y');
    expect(fake.requests[0]?.url).toBe('/v1/orders/order_..%2Fx%3Fy');
  });

  it('sends the refund idempotency key as X-Refund-Idempotency and refuses a malformed key before sending', async () => {
    fake.answer(() => ({
      status: 200,
      body: {
        id: 'rfnd_FP8QHiV938haTz',
        entity: 'refund',
        amount: 500,
        currency: 'INR',
        payment_id: 'pay_29QQoUBi66xm2f',
        notes: { reason: 'cancelled' },
        receipt: null,
        acquirer_data: { arn: null },
        created_at: 1_597_078_866,
        batch_id: null,
        status: 'processed',
        speed_processed: 'normal',
        speed_requested: 'normal',
      },
    }));
    const refund = await client.refundPayment(
      'pay_29QQoUBi66xm2f',
      { amount: 500, notes: { reason: 'cancelled' } },
      'refund-ORD-2611-000123',
    );
    expect(refund).toMatchObject({ id: 'rfnd_FP8QHiV938haTz', amount: 500, status: 'processed', notes: { reason: 'cancelled' } });
    expect(fake.requests[0]?.url).toBe('/v1/payments/pay_29QQoUBi66xm2f/refund');
    expect(fake.requests[0]?.headers['x-refund-idempotency']).toBe('refund-ORD-2611-000123');
    expect(JSON.parse(fake.requests[0]?.body ?? '')).toEqual({ amount: 500, notes: { reason: 'cancelled' } });

    await expect(client.refundPayment('pay_29QQoUBi66xm2f', {}, 'short')).rejects.toThrow(
      'A refund idempotency key needs at least 10 letters, digits, - or _',
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up after timeoutMs with kind timeout', async () => {
    fake.answer(() => 'hang');
    const impatient = createRazorpayClient({ ...KEYS, apiBase: fake.url, timeoutMs: 300 });
    const started = performance.now();
    const error = await failure(impatient.fetchOrder(ORDER.id));
    const elapsed = performance.now() - started;

    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(`Razorpay GET /v1/orders/${ORDER.id} did not answer within 300 ms`);
    expect(error.retryable).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2_000);
  });

  it("reports a 5xx with Razorpay's error body as kind api, retryable", async () => {
    fake.answer(() => ({ status: 502, body: ERROR_BODY('The server encountered an error.', 'SERVER_ERROR') }));
    const error = await failure(client.fetchPayment('pay_29QQoUBi66xm2f'));
    expect(error).toMatchObject({ kind: 'api', status: 502, request: 'GET /v1/payments/pay_29QQoUBi66xm2f', retryable: true });
    expect(error.error).toEqual(ERROR_BODY('The server encountered an error.', 'SERVER_ERROR').error);
    expect(error.message).toBe('Razorpay GET /v1/payments/pay_29QQoUBi66xm2f answered 502 SERVER_ERROR: The server encountered an error.');
  });

  it('reports a 5xx without a JSON body by its status', async () => {
    fake.answer(() => ({ status: 503, body: '<html>Service Unavailable</html>' }));
    const error = await failure(client.fetchOrderPayments(ORDER.id));
    expect(error).toMatchObject({ kind: 'api', status: 503, error: undefined, retryable: true });
    expect(error.message).toBe(`Razorpay GET /v1/orders/${ORDER.id}/payments answered 503 HTTP 503`);
  });

  it("reports a 401 with Razorpay's authentication error, not retryable", async () => {
    fake.answer(() => ({ status: 401, body: ERROR_BODY('Authentication failed') }));
    const error = await failure(client.createOrder({ amount: 100, receipt: 'r' }));
    expect(error).toMatchObject({ kind: 'api', status: 401, retryable: false });
    expect(error.error?.code).toBe('BAD_REQUEST_ERROR');
    expect(error.error?.description).toBe('Authentication failed');
  });

  it('reports a 400 with the field Razorpay names', async () => {
    fake.answer(() => ({
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'The amount must be at least INR 1.00',
          source: 'business',
          step: 'payment_initiation',
          reason: 'input_validation_failed',
          metadata: {},
          field: 'amount',
        },
      },
    }));
    const error = await failure(client.createOrder({ amount: 99, receipt: 'r' }));
    expect(error.error).toMatchObject({ field: 'amount', description: 'The amount must be at least INR 1.00' });
    expect(error.retryable).toBe(false);
  });

  it('reports a 2xx body that is not the entity as kind invalid_response', async () => {
    fake.answer(() => ({ status: 200, body: { ...ORDER, amount: '129900' } }));
    const error = await failure(client.fetchOrder(ORDER.id));
    expect(error).toMatchObject({ kind: 'invalid_response', status: 200 });
    expect(error.message).toBe(
      `Razorpay GET /v1/orders/${ORDER.id} answered an unexpected body (amount: Invalid input: expected number, received string)`,
    );
  });

  // Issue 13: Razorpay adds and omits fields over time; only what the shop reads stops an answer.
  const PAYMENT = {
    id: 'pay_29QQoUBi66xm2f',
    entity: 'payment',
    amount: 129_900,
    currency: 'INR',
    status: 'captured',
    order_id: ORDER.id,
    invoice_id: null,
    international: false,
    method: 'upi',
    amount_refunded: 0,
    refund_status: null,
    captured: true,
    description: null,
    card_id: null,
    bank: null,
    wallet: null,
    vpa: 'success@razorpay',
    email: 'asha@example.in',
    contact: '+919876543210',
    notes: [],
    fee: 3_066,
    tax: 468,
    error_code: null,
    error_description: null,
    created_at: 1_582_628_073,
  };
  const REFUND = {
    id: 'rfnd_FP8QHiV938haTz',
    entity: 'refund',
    amount: 129_900,
    currency: 'INR',
    payment_id: PAYMENT.id,
    notes: [],
    receipt: null,
    status: 'processed',
    speed_processed: 'normal',
    speed_requested: 'normal',
    created_at: 1_597_078_866,
  };
  const without = <T extends object>(entity: T, ...fields: Array<keyof T>) =>
    Object.fromEntries(Object.entries(entity).filter(([key]) => !fields.includes(key as keyof T)));
  const NEW_FIELDS = { upi: { vpa: 'success@razorpay', flow: 'collect' }, acquirer_data: { rrn: '123456789012' }, token_id: 'token_X' };

  it('reads answers with fields the shop does not use missing, and with new fields, for order create, payment fetch, order payments and refund (issue 13)', async () => {
    fake.answer(() => ({
      status: 200,
      body: {
        ...without(ORDER, 'receipt', 'amount_paid', 'amount_due', 'attempts', 'notes', 'entity', 'status', 'created_at'),
        ...NEW_FIELDS,
      },
    }));
    expect(await client.createOrder({ amount: 129_900, receipt: 'ORD-2611-000123' })).toMatchObject({
      id: ORDER.id,
      amount: 129_900,
      currency: 'INR',
    });

    const payment = {
      ...without(
        PAYMENT,
        'email',
        'contact',
        'captured',
        'notes',
        'error_code',
        'error_description',
        'amount_refunded',
        'refund_status',
        'currency',
        'entity',
      ),
      ...NEW_FIELDS,
    };
    fake.answer(() => ({ status: 200, body: payment }));
    expect(await client.fetchPayment(PAYMENT.id)).toMatchObject({
      id: PAYMENT.id,
      amount: 129_900,
      status: 'captured',
      order_id: ORDER.id,
      method: 'upi',
      created_at: PAYMENT.created_at,
    });

    fake.answer(() => ({ status: 200, body: { items: [payment, { ...payment, id: 'pay_Second0000000', status: 'failed' }] } }));
    const { items } = await client.fetchOrderPayments(ORDER.id);
    expect(items.map((item) => [item.id, item.status])).toEqual([
      [PAYMENT.id, 'captured'],
      ['pay_Second0000000', 'failed'],
    ]);

    fake.answer(() => ({
      status: 200,
      body: {
        ...without(REFUND, 'notes', 'receipt', 'speed_requested', 'speed_processed', 'currency', 'amount', 'payment_id', 'created_at'),
        ...NEW_FIELDS,
      },
    }));
    expect(await client.refundPayment(PAYMENT.id, { amount: 129_900 }, 'cancel_0123456789')).toMatchObject({
      id: REFUND.id,
      status: 'processed',
    });
    fake.answer(() => ({ status: 200, body: { ...REFUND, notes: { nested: { odd: true } }, speed_processed: 3 } }));
    expect(await client.fetchRefund(REFUND.id)).toMatchObject({ id: REFUND.id, status: 'processed' });
  });

  it('still refuses an answer without a field the shop reads (issue 13)', async () => {
    fake.answer(() => ({ status: 200, body: without(PAYMENT, 'order_id') }));
    const error = await failure(client.fetchPayment(PAYMENT.id));
    expect(error).toMatchObject({ kind: 'invalid_response', status: 200 });
    expect(error.message).toBe(
      `Razorpay GET /v1/payments/${PAYMENT.id} answered an unexpected body (order_id: Invalid input: expected string, received undefined)`,
    );
    fake.answer(() => ({ status: 200, body: without(REFUND, 'status') }));
    expect((await failure(client.fetchRefund(REFUND.id))).kind).toBe('invalid_response');
    fake.answer(() => ({ status: 200, body: without(ORDER, 'id') }));
    expect((await failure(client.fetchOrder(ORDER.id))).kind).toBe('invalid_response');
  });

  it('reports a refused connection as kind network', async () => {
    const closed = await startRazorpayFake();
    const base = closed.url;
    await closed.close();
    const offline = createRazorpayClient({ ...KEYS, apiBase: base, timeoutMs: 2_000 });
    const error = await failure(offline.fetchOrder(ORDER.id));
    expect(error.kind).toBe('network');
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/^Razorpay GET \/v1\/orders\/order_EKwxwAgItmmXdp failed: .*ECONNREFUSED/);
  });
});
