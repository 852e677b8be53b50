import { describe, expect, it } from 'vitest';
import { capturingMailer, testClock } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { RazorpayError } from './razorpay/razorpay-client.js';
import { createPaymentsService } from './service.js';

// Reconciliation's error line names what failed: a database gone in the middle of a round was logged as "could not
// reach Razorpay" (issue 39).

const mail = capturingMailer();
const clock = testClock('2026-11-20T06:00:00.000Z');
const t = useTestApp({ services: { mailer: mail.mailer, now: clock.now, reservationSeconds: 900 } });

/** The payments service over the test's, with one step failing and its error lines kept. */
function paymentsFailing(step: { expire?: Error; fetchOrderPayments?: Error }) {
  const lines: { details: { err?: unknown }; line: string }[] = [];
  const { client } = t.services.paymentProvider;
  const payments = createPaymentsService(t.database.db, {
    settings: t.services.settings,
    orders: { ...t.services.orders, expire: (...args) => (step.expire ? Promise.reject(step.expire) : t.services.orders.expire(...args)) },
    provider: {
      ...t.services.paymentProvider,
      client: {
        ...client,
        fetchOrderPayments: (...args) =>
          step.fetchOrderPayments ? Promise.reject(step.fetchOrderPayments) : client.fetchOrderPayments(...args),
      },
    },
    now: clock.now,
    log: { info: () => {}, error: (details, line) => lines.push({ details, line }) },
  });
  return { payments, lines };
}

async function expiredOrder() {
  await placedOrder(t, mail, await sellableProduct(t, { pricePaise: 40_000, stock: 2 }));
  clock.advance(901_000);
}

describe('reconciliation’s error lines', () => {
  it('a database failure is named as such, not as Razorpay unreachable', async () => {
    await expiredOrder();
    const { payments, lines } = paymentsFailing({ expire: new Error('Connection terminated unexpectedly') });
    expect(await payments.reconcile()).toMatchObject({ skipped: 1 });
    expect(lines.map((entry) => entry.line)).toEqual([
      'reconciliation of an order failed (Connection terminated unexpectedly); will retry',
    ]);
  });

  it('Razorpay unreachable is named as such', async () => {
    await expiredOrder();
    const down = new RazorpayError('network', 'Razorpay GET /v1/orders/x/payments failed: ECONNREFUSED', 'GET /v1/orders/x/payments');
    const { payments, lines } = paymentsFailing({ fetchOrderPayments: down });
    await payments.reconcile();
    // This order, and the one the first test left unreconciled: both asked Razorpay first.
    expect(new Set(lines.map((entry) => entry.line))).toEqual(
      new Set(['reconciliation could not reach Razorpay (Razorpay GET /v1/orders/x/payments failed: ECONNREFUSED); will retry']),
    );
  });
});
