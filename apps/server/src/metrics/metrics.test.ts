import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingMailer, jsonCall, uniqueEmail } from '../test/accounts.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { useTestApp } from '../test/app.js';
import { createMetrics } from './metrics.js';
import { startMetricsServer } from './server.js';

const metrics = createMetrics();
const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, metrics, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });
let server: Server;
let base: string;

beforeAll(async () => {
  metrics.watchPool(() => t.database.poolStats?.() ?? null);
  server = await startMetricsServer(metrics.registry, { port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const scrape = async () => {
  const response = await fetch(`${base}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
};

describe('metrics on their own listener', () => {
  it('time requests by method, route pattern and status, never by raw URL', async () => {
    await jsonCall(t.app, 'GET', '/api/health');
    await jsonCall(t.app, 'GET', '/api/user/product/getProductDetails/00000000-0000-4000-8000-000000000000');
    const text = await scrape();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/);
    expect(text).toContain('route="/api/user/product/getProductDetails/:productId",status="404"');
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
  });

  it("count the shop's mail, and show Node's event-loop lag and memory", async () => {
    expect((await jsonCall(t.app, 'POST', '/api/user/auth/sendLoginOtp', { body: { email: uniqueEmail() } })).statusCode).toBe(200);
    const text = await scrape();
    expect(text).toMatch(/shop_mails_total\{event="queued"\} [1-9]/);
    expect(text).toMatch(/shop_mails_total\{event="sent"\} [1-9]/);
    expect(text).toMatch(/shop_mail_outbox_pending \d/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
    if (t.database.poolStats) expect(text).toMatch(/shop_db_pool_connections\{state="total"\} [1-9]/);
  });

  it('count orders by status change, captured payments and refunds (each once)', async () => {
    const product = await sellableProduct(t, { pricePaise: 1_00_000, stock: 4 });
    const order = await placedOrder(t, mail, { ...product, paid: true });
    expect(
      (
        await jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${order.orderId}`, {
          sid: order.sid,
          body: { reason: 'Changed my mind' },
        })
      ).statusCode,
    ).toBe(200);
    const text = await scrape();
    expect(text).toMatch(/shop_order_status_changes_total\{to="paid"\} 1\n/);
    expect(text).toMatch(/shop_order_status_changes_total\{to="cancelled"\} 1\n/);
    expect(text).toMatch(/shop_payments_total\{outcome="captured"\} 1\n/);
    expect(text).toMatch(/shop_refunds_total\{state="requested"\} 1\n/);
    // The emulator refunds at once: processed once, though the API's answer and the webhook both report it.
    expect(text).toMatch(/shop_refunds_total\{state="processed"\} 1\n/);
  });

  it('answer only GET /metrics there, and nothing on the public port', async () => {
    expect((await fetch(`${base}/`)).status).toBe(404);
    const publicAnswer = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(publicAnswer.statusCode).toBe(404);
    expect(publicAnswer.body).not.toContain('http_request_duration_seconds');
  });
});
