import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, isNotNull, sql, type Placeholder } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUniqueViolation, type Db } from '../../db/database.js';
import { statement } from '../../db/statements.js';
import { IDEMPOTENCY_KEY, type Transport } from '../../payments/razorpay/razorpay-client.js';
import { injectTransport } from './inject-transport.js';
import { paymentSignature } from '../../payments/razorpay/signatures.js';
import { WEBHOOK_PATH } from '../../payments/routes.js';
import { ensureEmulatorSchema, razorpayEmulatorOrders, razorpayEmulatorPayments, razorpayEmulatorRefunds } from './tables.js';
import {
  createWebhookSender,
  signedDelivery,
  webhookBody,
  type WebhookDeliverer,
  type WebhookEventName,
  type WebhookLog,
} from './webhooks.js';

/**
 * A stand-in for Razorpay, mounted on the shop's own app when no real keys are set (never in production):
 * the REST calls the shop makes (orders, payments, refunds) with Razorpay's field names, Basic auth and
 * error bodies; a checkout.js whose sheet ends, like Razorpay's test mode, with 'Success' and 'Failure';
 * signed webhooks to the shop's webhook route. State lives in PostgreSQL, in a schema of its own that the
 * plugin creates when it is registered (tables.ts). Tests drive it through the same REST calls or the hooks on
 * the Emulator object. Dev-only code: payments/razorpay/provider.ts imports it only when no keys are set.
 * See docs/decisions/007 and 024.
 */

export const EMULATOR_PREFIX = '/razorpay-emulator';
/** The account id in webhook bodies (Razorpay's `acc_` + 14 characters). */
export const EMULATOR_ACCOUNT_ID = 'acc_EmulatorShop01';
export { WEBHOOK_PATH };

export type EmulatorMethod = 'upi' | 'card' | 'netbanking';
/** 'down': every REST call answers 500; 'hang': REST calls never answer (until the fault is cleared). */
export type EmulatorFault = 'down' | 'hang' | null;

/** What Checkout passes to `handler` after a successful payment. */
export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** What Checkout passes to `on('payment.failed', …)`. */
export interface CheckoutFailure {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id: string; payment_id: string };
  };
}

export interface PaymentDetails {
  method?: EmulatorMethod;
  email?: string | null;
  contact?: string | null;
  /** UPI id, for method 'upi'. */
  vpa?: string;
  /** Bank code such as 'HDFC', for method 'netbanking'. */
  bank?: string;
}

export interface Emulator {
  readonly keys: EmulatorKeys;
  /** Creates the emulator's tables if missing, then registers the REST API, checkout.js and its calls under /razorpay-emulator. */
  readonly plugin: FastifyPluginAsync;
  /** Client transport into the app the plugin is registered on (app.inject: HTTP without a socket). */
  readonly transport: Transport;
  /** As if the shopper paid on the sheet: a captured payment, the order paid, webhooks sent. */
  capturePayment(orderId: string, details?: PaymentDetails): Promise<CheckoutSuccess>;
  /** As if the shopper pressed 'Failure': a failed payment, the order 'attempted', payment.failed sent. */
  failPayment(orderId: string, details?: PaymentDetails): Promise<CheckoutFailure>;
  /** Makes the REST API fail ('down'), never answer ('hang'), or work again (null). This process only. */
  setFault(fault: EmulatorFault): void;
  /**
   * The next refund request (each call adds one) is refused as Razorpay refuses a refund it will not make: 400
   * BAD_REQUEST_ERROR, and nothing recorded, not even its idempotency key. This process only; no route reaches it.
   */
  failNextRefund(): void;
  /**
   * The next refund request (each call adds one) is taken but left 'pending', as Razorpay answers a refund the bank
   * has not settled: no refund.processed is sent. failRefund then ends it. This process only; no route reaches it.
   */
  holdNextRefund(): void;
  /**
   * A pending refund the bank gave up on: 'failed', its amount refundable again, refund.failed sent, as Razorpay
   * does when a refund fails after it was accepted. Answers false for a refund that is not pending.
   */
  failRefund(refundId: string): Promise<boolean>;
  /** Resolves when every webhook sent so far has been delivered or given up. */
  webhooksSettled(): Promise<void>;
}

export interface EmulatorKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export interface EmulatorOptions {
  db: Db;
  keys: EmulatorKeys;
  /** Posts webhooks; by default through inject() into the app the plugin is registered on. */
  deliver?: WebhookDeliverer;
  /** Where webhooks go; WEBHOOK_PATH by default. */
  webhookUrl?: string;
  /** Pauses before each retry of a webhook the receiver did not accept; [1 s, 5 s, 25 s] by default. */
  webhookRetryDelaysMs?: readonly number[];
  now?: () => Date;
  /** Defaults to the logger of the app the plugin is registered on. */
  log?: WebhookLog;
}

// The browser files live beside this module in src/; from dist/ the same relative path leads back to them.
const ASSETS_DIR = path.resolve(import.meta.dirname, '../../../src/dev/razorpay-emulator');

export function createEmulator(options: EmulatorOptions): Emulator {
  const { db, keys } = options;
  const now = options.now ?? (() => new Date());
  const webhookUrl = options.webhookUrl ?? WEBHOOK_PATH;
  let app: FastifyInstance | undefined;
  const boundApp = (): FastifyInstance => {
    if (!app) throw new Error('The Razorpay emulator is not registered on an app (register emulator.plugin first)');
    return app;
  };

  const log: WebhookLog = options.log ?? {
    info: (line) => app?.log.info(line),
    error: (details, line) => app?.log.error(details, line),
  };
  const deliver: WebhookDeliverer =
    options.deliver ??
    (async (delivery) => {
      const url = delivery.url.startsWith('/') ? delivery.url : new URL(delivery.url).pathname;
      const response = await boundApp().inject({ method: 'POST', url, headers: delivery.headers, payload: delivery.body });
      return { status: response.statusCode };
    });
  const webhooks = createWebhookSender(deliver, options.webhookRetryDelaysMs ?? [1_000, 5_000, 25_000], log);

  function emit(event: WebhookEventName, entities: { refund?: object; payment?: object; order?: object }): void {
    const body = webhookBody(EMULATOR_ACCOUNT_ID, event, entities, unixTime(now()));
    webhooks.send(signedDelivery(webhookUrl, event, razorpayId(''), body, keys.webhookSecret));
  }

  // 'hang' holds requests on this promise; changing the fault or closing the app lets them go.
  let fault: EmulatorFault = null;
  let releaseHung = () => {};
  let hung = new Promise<void>((resolve) => (releaseHung = resolve));
  const setFault = (next: EmulatorFault) => {
    fault = next;
    releaseHung();
    hung = new Promise<void>((resolve) => (releaseHung = resolve));
  };

  async function pay(
    orderId: string,
    outcome: 'success' | 'failure',
    details: PaymentDetails,
  ): Promise<{ paid: true; response: CheckoutSuccess } | { paid: false; response: CheckoutFailure }> {
    const method = details.method ?? 'upi';
    const { order, payment } = await db.transaction(async (tx) => {
      const [found] = await orderForUpdateStatement(tx, { id: orderId });
      if (!found) throw idDoesNotExist();
      if (found.status === 'paid') throw badRequest('Payment for this order has already been completed', 'order_id');
      const success = outcome === 'success';
      const failure = success ? null : TEST_FAILURE;
      const [inserted] = await insertPaymentStatement(tx, {
        id: razorpayId('pay'),
        orderId,
        amount: found.amount,
        currency: found.currency,
        status: success ? 'captured' : 'failed',
        method,
        captured: success,
        vpa: method === 'upi' ? (details.vpa ?? 'success@razorpay') : null,
        bank: method === 'netbanking' ? (details.bank ?? 'HDFC') : null,
        cardId: method === 'card' ? razorpayId('card') : null,
        email: details.email || null,
        contact: details.contact || null,
        notes: found.notes,
        errorCode: failure?.errorCode ?? null,
        errorDescription: failure?.errorDescription ?? null,
        errorSource: failure?.errorSource ?? null,
        errorStep: failure?.errorStep ?? null,
        errorReason: failure?.errorReason ?? null,
        createdAt: now(),
      });
      const [updated] = await updateOrderStatement(tx, {
        id: orderId,
        status: success ? 'paid' : 'attempted',
        amountPaid: success ? found.amount : 0,
        attempts: found.attempts + 1,
      });
      return { order: updated!, payment: inserted! };
    });

    if (payment.status === 'captured') {
      emit('payment.captured', { payment: paymentEntity(payment) });
      emit('order.paid', { payment: paymentEntity(payment), order: orderEntity(order) });
      const success: CheckoutSuccess = {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: paymentSignature(order.id, payment.id, keys.keySecret),
      };
      return { paid: true, response: success };
    }
    emit('payment.failed', { payment: paymentEntity(payment) });
    const failure: CheckoutFailure = {
      error: {
        code: TEST_FAILURE.errorCode,
        description: TEST_FAILURE.errorDescription,
        source: TEST_FAILURE.errorSource,
        step: TEST_FAILURE.errorStep,
        reason: TEST_FAILURE.errorReason,
        metadata: { order_id: order.id, payment_id: payment.id },
      },
    };
    return { paid: false, response: failure };
  }

  // failNextRefund's count: refund requests still to refuse; holdNextRefund's: refunds still to leave pending.
  let refundsToRefuse = 0;
  let refundsToHold = 0;

  async function refund(paymentId: string, body: z.infer<typeof refundBody>, idempotencyKey: string | undefined) {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw badRequest('The idempotency key must be at least 10 characters of letters, numbers, hyphens and underscores');
    }
    if (refundsToRefuse > 0) {
      refundsToRefuse -= 1;
      throw badRequest(REFUND_REFUSED);
    }
    const fingerprint = JSON.stringify([paymentId, body.amount ?? null, body.speed ?? 'normal', body.receipt ?? null, body.notes ?? {}]);
    try {
      const result = await db.transaction(async (tx) => {
        // Locking the payment serialises refunds of it, so two at once can never exceed what was captured.
        const [payment] = await tx.select().from(razorpayEmulatorPayments).where(eq(razorpayEmulatorPayments.id, paymentId)).for('update');
        if (!payment) throw idDoesNotExist();
        if (idempotencyKey !== undefined) {
          const [earlier] = await tx
            .select()
            .from(razorpayEmulatorRefunds)
            .where(and(isNotNull(razorpayEmulatorRefunds.idempotencyKey), eq(razorpayEmulatorRefunds.idempotencyKey, idempotencyKey)));
          if (earlier) {
            if (earlier.requestFingerprint !== fingerprint) {
              throw badRequest('Different request with the same idempotency key has already been processed.');
            }
            return { refund: earlier, payment, replay: true };
          }
        }
        if (!payment.captured) throw badRequest('The payment has not been captured, so it cannot be refunded', 'payment_id');
        const refundable = payment.amount - payment.amountRefunded;
        if (refundable <= 0) throw badRequest('The payment has been fully refunded already');
        const amount = body.amount ?? refundable;
        if (amount > refundable) throw badRequest('The refund amount provided is greater than amount captured', 'amount');

        const held = refundsToHold > 0;
        if (held) refundsToHold -= 1;
        const [created] = await tx
          .insert(razorpayEmulatorRefunds)
          .values({
            id: razorpayId('rfnd'),
            paymentId,
            amount,
            currency: payment.currency,
            notes: stringNotes(body.notes),
            receipt: body.receipt ?? null,
            status: held ? 'pending' : 'processed',
            speedRequested: body.speed ?? 'normal',
            idempotencyKey: idempotencyKey ?? null,
            requestFingerprint: idempotencyKey === undefined ? null : fingerprint,
            createdAt: now(),
          })
          .returning();
        const refunded = payment.amountRefunded + amount;
        const [updated] = await tx
          .update(razorpayEmulatorPayments)
          .set({ amountRefunded: refunded, status: refunded === payment.amount ? 'refunded' : 'captured' })
          .where(eq(razorpayEmulatorPayments.id, paymentId))
          .returning();
        return { refund: created!, payment: updated!, replay: false };
      });
      if (!result.replay && result.refund.status === 'processed')
        emit('refund.processed', { refund: refundEntity(result.refund), payment: paymentEntity(result.payment) });
      return result.refund;
    } catch (error) {
      // The same key sent for two payments at the same moment: the unique index lets one through.
      if (isUniqueViolation(error)) {
        throw new EmulatorError(409, 'BAD_REQUEST_ERROR', 'A request with the same idempotency key is being processed; retry it');
      }
      throw error;
    }
  }

  async function findOrder(orderId: string) {
    const [order] = await orderStatement(db, { id: orderId });
    if (!order) throw idDoesNotExist();
    return order;
  }

  const checkKeyId = (keyId: string) => {
    if (keyId !== keys.keyId) throw new EmulatorError(401, 'BAD_REQUEST_ERROR', 'The api key provided is invalid');
  };

  const routes: FastifyPluginAsyncZod = async (scope) => {
    scope.setErrorHandler(razorpayErrorHandler);
    const [script, stylesheet] = await Promise.all([
      readFile(path.join(ASSETS_DIR, 'checkout.js'), 'utf8'),
      readFile(path.join(ASSETS_DIR, 'checkout.css'), 'utf8'),
    ]);

    // The stand-in for https://checkout.razorpay.com/v1/checkout.js and the sheet's stylesheet.
    scope.get('/checkout.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
    );
    scope.get('/checkout.css', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(stylesheet),
    );

    // What the sheet calls; like Razorpay's Checkout it knows only the public key id.
    scope.get(
      '/checkout/orders/:orderId',
      {
        schema: {
          hide: true,
          params: z.object({ orderId: z.string() }),
          querystring: z.object({ key_id: z.string() }),
          response: { 200: checkoutOrderSchema },
        },
      },
      async (request) => {
        checkKeyId(request.query.key_id);
        const order = await findOrder(request.params.orderId);
        return {
          id: order.id,
          amount: order.amount,
          amount_due: order.amount - order.amountPaid,
          currency: order.currency,
          status: order.status,
        };
      },
    );
    scope.post(
      '/checkout/orders/:orderId/pay',
      {
        schema: {
          hide: true,
          params: z.object({ orderId: z.string() }),
          body: z.object({
            key_id: z.string(),
            outcome: z.enum(['success', 'failure']),
            method: z.enum(['upi', 'card', 'netbanking']),
            email: z.string().max(200).nullish(),
            contact: z.string().max(30).nullish(),
            vpa: z.string().max(100).optional(),
            bank: z.string().max(20).optional(),
          }),
        },
      },
      async (request) => {
        const { key_id: keyId, outcome, ...details } = request.body;
        checkKeyId(keyId);
        // A declined payment is an outcome, not a failed call: 200 with the error keeps browser consoles quiet.
        return (await pay(request.params.orderId, outcome, details)).response;
      },
    );

    // The REST API, behind Basic auth with the emulator's key id and secret.
    const restApi: FastifyPluginAsyncZod = async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        const current = fault;
        if (current === 'hang') await hung;
        if (current)
          return reply
            .status(500)
            .send(errorBody('SERVER_ERROR', 'The server encountered an error. The incident has been reported to admins.'));
        if (!hasEmulatorCredentials(request, keys)) return reply.status(401).send(errorBody('BAD_REQUEST_ERROR', 'Authentication failed'));
      });

      api.post('/v1/orders', { schema: { hide: true, body: orderBody, response: { 200: orderEntitySchema } } }, async (request) => {
        const { amount, currency, receipt, notes } = request.body;
        const [order] = await insertOrderStatement(db, {
          id: razorpayId('order'),
          amount,
          currency,
          receipt: receipt ?? null,
          notes: stringNotes(notes),
          createdAt: now(),
        });
        return orderEntity(order!);
      });
      api.get('/v1/orders/:id', { schema: { hide: true, params: idParams, response: { 200: orderEntitySchema } } }, async (request) =>
        orderEntity(await findOrder(request.params.id)),
      );
      api.get(
        '/v1/orders/:id/payments',
        { schema: { hide: true, params: idParams, response: { 200: collectionSchema(paymentEntitySchema) } } },
        async (request) => {
          await findOrder(request.params.id);
          const payments = await db
            .select()
            .from(razorpayEmulatorPayments)
            .where(eq(razorpayEmulatorPayments.orderId, request.params.id))
            .orderBy(asc(razorpayEmulatorPayments.createdAt), asc(razorpayEmulatorPayments.id));
          return { entity: 'collection' as const, count: payments.length, items: payments.map(paymentEntity) };
        },
      );
      api.get('/v1/payments/:id', { schema: { hide: true, params: idParams, response: { 200: paymentEntitySchema } } }, async (request) => {
        const [payment] = await db.select().from(razorpayEmulatorPayments).where(eq(razorpayEmulatorPayments.id, request.params.id));
        if (!payment) throw idDoesNotExist();
        return paymentEntity(payment);
      });
      api.post(
        '/v1/payments/:id/refund',
        { schema: { hide: true, params: idParams, body: refundBody, response: { 200: refundEntitySchema } } },
        async (request) => {
          const key = request.headers['x-refund-idempotency'];
          return refundEntity(await refund(request.params.id, request.body, Array.isArray(key) ? key[0] : key));
        },
      );
      api.get('/v1/refunds/:id', { schema: { hide: true, params: idParams, response: { 200: refundEntitySchema } } }, async (request) => {
        const [found] = await db.select().from(razorpayEmulatorRefunds).where(eq(razorpayEmulatorRefunds.id, request.params.id));
        if (!found) throw idDoesNotExist();
        return refundEntity(found);
      });
    };
    await scope.register(restApi);

    scope.all('/*', { schema: { hide: true } }, async (_request, reply) =>
      reply.status(404).send(errorBody('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.')),
    );
  };

  return {
    keys,
    plugin: async (instance) => {
      // Starting is when its tables come into being: a shop that never runs the emulator never has them.
      await ensureEmulatorSchema(db);
      app = instance;
      instance.addHook('onClose', async () => releaseHung());
      await instance.register(routes, { prefix: EMULATOR_PREFIX });
    },
    transport: injectTransport({ inject: (request) => boundApp().inject(request) }),
    capturePayment: async (orderId, details = {}) => {
      const result = await pay(orderId, 'success', details);
      if (!result.paid) throw new Error('unreachable: a successful payment came back failed');
      return result.response;
    },
    failPayment: async (orderId, details = {}) => {
      const result = await pay(orderId, 'failure', details);
      if (result.paid) throw new Error('unreachable: a failed payment came back successful');
      return result.response;
    },
    setFault,
    failNextRefund: () => {
      refundsToRefuse += 1;
    },
    holdNextRefund: () => {
      refundsToHold += 1;
    },
    failRefund: async (refundId) => {
      const failed = await db.transaction(async (tx) => {
        const [refund] = await tx
          .update(razorpayEmulatorRefunds)
          .set({ status: 'failed' })
          .where(and(eq(razorpayEmulatorRefunds.id, refundId), eq(razorpayEmulatorRefunds.status, 'pending')))
          .returning();
        if (!refund) return null;
        const [payment] = await tx
          .update(razorpayEmulatorPayments)
          .set({ amountRefunded: sql`${razorpayEmulatorPayments.amountRefunded} - ${refund.amount}`, status: 'captured' })
          .where(eq(razorpayEmulatorPayments.id, refund.paymentId))
          .returning();
        return { refund, payment: payment! };
      });
      if (!failed) return false;
      emit('refund.failed', { refund: refundEntity(failed.refund), payment: paymentEntity(failed.payment) });
      return true;
    },
    webhooksSettled: () => webhooks.settled(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Razorpay's shapes

/** Razorpay-style id: the prefix, '_', then 14 base62 characters (no prefix: the bare 14, as event ids). */
export function razorpayId(prefix: 'order' | 'pay' | 'rfnd' | 'card' | ''): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let id = '';
  while (id.length < 14) {
    for (const byte of randomBytes(16)) {
      // 248 = 4 × 62: dropping larger bytes keeps every character equally likely.
      if (byte < 248 && id.length < 14) id += alphabet[byte % 62];
    }
  }
  return prefix ? `${prefix}_${id}` : id;
}

// What every checkout asks of the stand-in (an order, a payment on it): statements built once (db/statements.ts) like
// the shop's own, so that bench:checkout's stand-in takes little of the machine from the shop it measures.
const placeholders = <K extends string>(...names: K[]) =>
  Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Record<K, Placeholder<K>>;
const insertOrderStatement = statement('razorpay_emulator_order_insert', (db, name) =>
  db
    .insert(razorpayEmulatorOrders)
    .values(placeholders('id', 'amount', 'currency', 'receipt', 'notes', 'createdAt'))
    .returning()
    .prepare(name),
);
const orderStatement = statement('razorpay_emulator_order', (db, name) =>
  db
    .select()
    .from(razorpayEmulatorOrders)
    .where(eq(razorpayEmulatorOrders.id, sql.placeholder('id')))
    .prepare(name),
);
const orderForUpdateStatement = statement('razorpay_emulator_order_for_update', (db, name) =>
  db
    .select()
    .from(razorpayEmulatorOrders)
    .where(eq(razorpayEmulatorOrders.id, sql.placeholder('id')))
    .for('update')
    .prepare(name),
);
const insertPaymentStatement = statement('razorpay_emulator_payment_insert', (db, name) =>
  db
    .insert(razorpayEmulatorPayments)
    .values(
      placeholders(
        'id',
        'orderId',
        'amount',
        'currency',
        'status',
        'method',
        'captured',
        'vpa',
        'bank',
        'cardId',
        'email',
        'contact',
        'notes',
        'errorCode',
        'errorDescription',
        'errorSource',
        'errorStep',
        'errorReason',
        'createdAt',
      ),
    )
    .returning()
    .prepare(name),
);
const updateOrderStatement = statement('razorpay_emulator_order_update', (db, name) =>
  db
    .update(razorpayEmulatorOrders)
    .set({
      status: sql`${sql.placeholder('status')}`,
      amountPaid: sql`${sql.placeholder('amountPaid')}`,
      attempts: sql`${sql.placeholder('attempts')}`,
    })
    .where(eq(razorpayEmulatorOrders.id, sql.placeholder('id')))
    .returning()
    .prepare(name),
);

/** What Razorpay's test mode answers when the shopper presses 'Failure'. */
const TEST_FAILURE = {
  errorCode: 'BAD_REQUEST_ERROR',
  errorDescription: "Your payment didn't go through as it was declined by the bank. Try another payment method or contact your bank.",
  errorSource: 'bank',
  errorStep: 'payment_authorization',
  errorReason: 'payment_failed',
} as const;

/** What Razorpay answers a refund it will not make for want of balance (failNextRefund). */
export const REFUND_REFUSED =
  'Your account does not have enough balance to carry out the refund operation. You can add funds to your account from your Razorpay dashboard or capture new payments.';

const unixTime = (date: Date) => Math.floor(date.getTime() / 1000);

// Razorpay answers an empty notes object as [] (an empty PHP array); the client copes with both.
const notesOut = (notes: Record<string, string>): Record<string, string> | never[] => (Object.keys(notes).length === 0 ? [] : notes);
const notesSchema = z.union([z.record(z.string(), z.string()), z.array(z.never())]);
const stringNotes = (notes: Record<string, string | number> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(notes ?? {}).map(([key, value]) => [key, String(value)]));

type OrderRow = typeof razorpayEmulatorOrders.$inferSelect;
type PaymentRow = typeof razorpayEmulatorPayments.$inferSelect;
type RefundRow = typeof razorpayEmulatorRefunds.$inferSelect;

const orderEntitySchema = z.object({
  id: z.string(),
  entity: z.literal('order'),
  amount: z.number(),
  amount_paid: z.number(),
  amount_due: z.number(),
  currency: z.string(),
  receipt: z.string().nullable(),
  offer_id: z.null(),
  status: z.string(),
  attempts: z.number(),
  notes: notesSchema,
  created_at: z.number(),
});

function orderEntity(order: OrderRow): z.infer<typeof orderEntitySchema> {
  return {
    id: order.id,
    entity: 'order',
    amount: order.amount,
    amount_paid: order.amountPaid,
    amount_due: order.amount - order.amountPaid,
    currency: order.currency,
    receipt: order.receipt,
    offer_id: null,
    status: order.status,
    attempts: order.attempts,
    notes: notesOut(order.notes),
    created_at: unixTime(order.createdAt),
  };
}

const paymentEntitySchema = z.object({
  id: z.string(),
  entity: z.literal('payment'),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  order_id: z.string(),
  invoice_id: z.null(),
  international: z.boolean(),
  method: z.string(),
  amount_refunded: z.number(),
  refund_status: z.enum(['partial', 'full']).nullable(),
  captured: z.boolean(),
  description: z.string().nullable(),
  card_id: z.string().nullable(),
  bank: z.string().nullable(),
  wallet: z.null(),
  vpa: z.string().nullable(),
  email: z.string().nullable(),
  contact: z.string().nullable(),
  notes: notesSchema,
  fee: z.number().nullable(),
  tax: z.number().nullable(),
  error_code: z.string().nullable(),
  error_description: z.string().nullable(),
  error_source: z.string().nullable(),
  error_step: z.string().nullable(),
  error_reason: z.string().nullable(),
  acquirer_data: z.record(z.string(), z.string()),
  created_at: z.number(),
});

function paymentEntity(payment: PaymentRow): z.infer<typeof paymentEntitySchema> {
  // Razorpay's fee: 2% plus 18% GST on it, both in paise; nothing on a failed payment.
  const base = Math.round(payment.amount * 0.02);
  const tax = Math.round(base * 0.18);
  return {
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    order_id: payment.orderId,
    invoice_id: null,
    international: false,
    method: payment.method,
    amount_refunded: payment.amountRefunded,
    refund_status: payment.amountRefunded === 0 ? null : payment.amountRefunded >= payment.amount ? 'full' : 'partial',
    captured: payment.captured,
    description: null,
    card_id: payment.cardId,
    bank: payment.bank,
    wallet: null,
    vpa: payment.vpa,
    email: payment.email,
    contact: payment.contact,
    notes: notesOut(payment.notes),
    fee: payment.captured ? base + tax : null,
    tax: payment.captured ? tax : null,
    error_code: payment.errorCode,
    error_description: payment.errorDescription,
    error_source: payment.errorSource,
    error_step: payment.errorStep,
    error_reason: payment.errorReason,
    acquirer_data: payment.method === 'upi' && payment.captured ? { rrn: payment.id.slice(4, 16).toUpperCase() } : {},
    created_at: unixTime(payment.createdAt),
  };
}

const refundEntitySchema = z.object({
  id: z.string(),
  entity: z.literal('refund'),
  amount: z.number(),
  currency: z.string(),
  payment_id: z.string(),
  notes: notesSchema,
  receipt: z.string().nullable(),
  acquirer_data: z.object({ arn: z.string().nullable() }),
  created_at: z.number(),
  batch_id: z.null(),
  status: z.string(),
  speed_processed: z.string(),
  speed_requested: z.string(),
});

function refundEntity(refund: RefundRow): z.infer<typeof refundEntitySchema> {
  return {
    id: refund.id,
    entity: 'refund',
    amount: refund.amount,
    currency: refund.currency,
    payment_id: refund.paymentId,
    notes: notesOut(refund.notes),
    receipt: refund.receipt,
    acquirer_data: { arn: null },
    created_at: unixTime(refund.createdAt),
    batch_id: null,
    status: refund.status,
    speed_processed: 'normal',
    speed_requested: refund.speedRequested,
  };
}

const collectionSchema = <T extends z.ZodType>(item: T) =>
  z.object({ entity: z.literal('collection'), count: z.number(), items: z.array(item) });

const checkoutOrderSchema = z.object({
  id: z.string(),
  amount: z.number(),
  amount_due: z.number(),
  currency: z.string(),
  status: z.string(),
});

const idParams = z.object({ id: z.string() });

// Razorpay's own validation messages, so a client sees what the real API would say.
const amountField = (minimumMessage: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'The amount field is required.' : 'The amount must be an integer.') })
    .int('The amount must be an integer.')
    .min(100, minimumMessage);
const notesField = z
  .record(z.string(), z.union([z.string().max(256, 'The notes value may not be greater than 256 characters.'), z.number()]))
  .refine((notes) => Object.keys(notes).length <= 15, 'Number of fields in notes should be less than or equal to 15')
  .optional();

const orderBody = z.strictObject({
  amount: amountField('The amount must be at least INR 1.00'),
  currency: z
    .string({ error: 'The currency field is required.' })
    .refine((currency) => currency === 'INR', 'The emulator supports only INR'),
  receipt: z.string().max(40, 'The receipt may not be greater than 40 characters.').optional(),
  notes: notesField,
  partial_payment: z.boolean().optional(),
});

const refundBody = z.strictObject({
  amount: amountField('The amount must be at least INR 1.00').optional(),
  speed: z.enum(['normal', 'optimum'], { error: 'The selected speed is invalid.' }).optional(),
  receipt: z.string().max(40, 'The receipt may not be greater than 40 characters.').optional(),
  notes: notesField,
});

// ---------------------------------------------------------------------------------------------------------
// Errors in Razorpay's shape: { error: { code, description, source, step, reason, metadata, field? } }

class EmulatorError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly field?: string,
  ) {
    super(description);
  }
}

const badRequest = (description: string, field?: string) => new EmulatorError(400, 'BAD_REQUEST_ERROR', description, field);
const idDoesNotExist = () => badRequest('The id provided does not exist');

function errorBody(code: string, description: string, field?: string) {
  return { error: { code, description, source: 'NA', step: 'NA', reason: 'NA', metadata: {}, ...(field ? { field } : {}) } };
}

function razorpayErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof EmulatorError) return reply.status(error.status).send(errorBody(error.code, error.description, error.field));
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0]!;
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
    const unknownKeys = (issue.params as { keys?: string[] }).keys;
    const description =
      issue.keyword === 'unrecognized_keys' && unknownKeys
        ? `${unknownKeys.join(', ')} is/are not required and should not be sent`
        : (issue.message ?? 'The request is invalid');
    return reply.status(400).send(errorBody('BAD_REQUEST_ERROR', description, field));
  }
  const status = error.statusCode ?? 500;
  if (status < 500) return reply.status(status).send(errorBody('BAD_REQUEST_ERROR', error.message));
  request.log.error({ err: error }, 'Razorpay emulator failed');
  return reply.status(500).send(errorBody('SERVER_ERROR', 'The server encountered an error. The incident has been reported to admins.'));
}

function hasEmulatorCredentials(request: FastifyRequest, keys: EmulatorKeys): boolean {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 && decoded.slice(0, colon) === keys.keyId && decoded.slice(colon + 1) === keys.keySecret;
}
