import { z } from 'zod';
import { Agent, request } from 'undici';

/**
 * A typed client for the part of Razorpay's REST API the shop uses: orders, their payments, payments and
 * refunds (https://razorpay.com/docs/api/). Field names are Razorpay's own. Answers are checked with zod: the
 * fields the shop reads must be there and well formed; every other field is taken when it reads as below and
 * left out (undefined) when missing or changed, because Razorpay adds and omits fields over time and an unused
 * one must never stop a verification, a reconciliation or a refund (issue 13). Fields not listed are dropped.
 */

/** A field the shop does not read: undefined when Razorpay leaves it out or sends it in another shape. */
const unused = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

// Razorpay sends `"notes": []` (an empty PHP array) when an entity has no notes.
const notesSchema = z
  .union([z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])), z.array(z.never()).length(0)])
  .transform((notes): Record<string, string> => {
    if (Array.isArray(notes)) return {};
    return Object.fromEntries(Object.entries(notes).map(([key, value]) => [key, value === null ? '' : String(value)]));
  });

// Read by the shop: id, amount and currency (handed to Checkout).
const orderSchema = z.object({
  id: z.string(),
  entity: unused(z.literal('order')),
  amount: z.number().int(),
  amount_paid: unused(z.number().int()),
  amount_due: unused(z.number().int()),
  currency: z.string(),
  receipt: unused(z.string().nullable()),
  status: unused(z.enum(['created', 'attempted', 'paid'])),
  attempts: unused(z.number().int()),
  notes: unused(notesSchema),
  created_at: unused(z.number().int()),
});

// Read by the shop: id, amount, status, order_id (whose order it is), method and created_at (when it was paid).
const paymentSchema = z.object({
  id: z.string(),
  entity: unused(z.literal('payment')),
  amount: z.number().int(),
  currency: unused(z.string()),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  order_id: z.string().nullable(),
  method: z.string(),
  captured: unused(z.boolean()),
  email: unused(z.string().nullable()),
  contact: unused(z.string().nullable()),
  notes: unused(notesSchema),
  error_code: unused(z.string().nullable()),
  error_description: unused(z.string().nullable()),
  amount_refunded: unused(z.number().int()),
  refund_status: unused(z.enum(['partial', 'full']).nullable()),
  created_at: z.number().int(),
});

// Read by the shop: id and status.
const refundSchema = z.object({
  id: z.string(),
  entity: unused(z.literal('refund')),
  amount: unused(z.number().int()),
  currency: unused(z.string()),
  payment_id: unused(z.string()),
  notes: unused(notesSchema),
  receipt: unused(z.string().nullable()),
  status: z.enum(['pending', 'processed', 'failed']),
  speed_requested: unused(z.string().nullable()),
  speed_processed: unused(z.string().nullable()),
  created_at: unused(z.number().int()),
});

const collectionOf = <T extends z.ZodType>(item: T) =>
  z.object({ entity: unused(z.literal('collection')), count: unused(z.number().int()), items: z.array(item) });

const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    description: z.string(),
    field: z.string().nullish(),
    source: z.string().nullish(),
    step: z.string().nullish(),
    reason: z.string().nullish(),
    metadata: z.record(z.string(), z.unknown()).or(z.array(z.never())).nullish(),
  }),
});

export type RazorpayOrder = z.infer<typeof orderSchema>;
export type RazorpayPayment = z.infer<typeof paymentSchema>;
export type RazorpayRefund = z.infer<typeof refundSchema>;
export type RazorpayCollection<T> = { entity?: 'collection'; count?: number; items: T[] };
/** The `error` object of a Razorpay failure answer, e.g. `{ code: 'BAD_REQUEST_ERROR', description: '…' }`. */
export type RazorpayErrorBody = z.infer<typeof errorBodySchema>['error'];

/**
 * - `api`: Razorpay answered with a non-2xx status (see `status` and `error`);
 * - `timeout`: no complete answer within `timeoutMs`;
 * - `network`: the request could not be sent or the connection broke;
 * - `invalid_response`: a 2xx answer that is not the JSON this client expects.
 */
export type RazorpayErrorKind = 'api' | 'timeout' | 'network' | 'invalid_response';

/** Every failure of a Razorpay call. The message names the call but never the key secret. */
export class RazorpayError extends Error {
  override name = 'RazorpayError';
  constructor(
    readonly kind: RazorpayErrorKind,
    message: string,
    /** `POST /v1/orders` and so on, without the base URL. */
    readonly request: string,
    /** The HTTP status, for `api` and `invalid_response`. */
    readonly status?: number,
    /** Razorpay's error object, when the answer carried one. */
    readonly error?: RazorpayErrorBody,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Whether trying the same call again later may succeed: Razorpay down, slow or unreachable. */
  get retryable(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || (this.status !== undefined && (this.status >= 500 || this.status === 429));
  }
}

export interface TransportRequest {
  method: 'GET' | 'POST';
  /** Absolute URL: the client's `apiBase` followed by `/v1/...`. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Aborts when the client's timeout runs out; a transport that cannot stop early may ignore it. */
  signal: AbortSignal;
}

export interface TransportResponse {
  status: number;
  body: string;
}

/** Sends one HTTP request; rejects only when no answer came (network failure, abort). */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/**
 * Keeps connections to Razorpay open between calls (every checkout makes two). undici's own `request`, not the
 * global fetch built on it: measured here, fetch cost ~400 µs of CPU a call against ~90 for `request` (ADR 030).
 */
const razorpayAgent = new Agent({ keepAliveTimeout: 30_000 });

/** The real network: undici's `request` on a keep-alive agent. */
export const httpTransport: Transport = async ({ method, url, headers, body, signal }) => {
  const response = await request(url, { method, headers, body, signal, dispatcher: razorpayAgent });
  return { status: response.statusCode, body: await response.body.text() };
};

export interface RazorpayClientOptions {
  keyId: string;
  keySecret: string;
  /** `https://api.razorpay.com`, the emulator's base, or a test's fake server; without a trailing `/v1`. */
  apiBase: string;
  /** Each call fails with kind `timeout` after this long. */
  timeoutMs?: number;
  transport?: Transport;
}

export interface CreateOrderInput {
  /** In paise; at least 100. */
  amount: number;
  currency?: 'INR';
  /** Our own reference, at most 40 characters (we send the order number). */
  receipt: string;
  /** At most 15 keys. */
  notes?: Record<string, string>;
}

export interface RefundInput {
  /** In paise; the whole unrefunded amount when left out. */
  amount?: number;
  notes?: Record<string, string>;
  receipt?: string;
}

export interface RazorpayClient {
  /** POST /v1/orders */
  createOrder(input: CreateOrderInput): Promise<RazorpayOrder>;
  /** GET /v1/orders/{id} */
  fetchOrder(orderId: string): Promise<RazorpayOrder>;
  /** GET /v1/orders/{id}/payments: every attempt to pay the order, failed ones included. */
  fetchOrderPayments(orderId: string): Promise<RazorpayCollection<RazorpayPayment>>;
  /** GET /v1/payments/{id} */
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  /**
   * POST /v1/payments/{id}/refund with the `X-Refund-Idempotency` header: a retry with the same key and body
   * answers the refund already made instead of refunding again.
   */
  refundPayment(paymentId: string, input: RefundInput, idempotencyKey: string): Promise<RazorpayRefund>;
  /** GET /v1/refunds/{id} */
  fetchRefund(refundId: string): Promise<RazorpayRefund>;
}

/** Razorpay's rule for idempotency keys: at least 10 characters of letters, digits, `-` and `_`. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

export const DEFAULT_TIMEOUT_MS = 10_000;

export function createRazorpayClient(options: RazorpayClientOptions): RazorpayClient {
  const { keyId, keySecret, timeoutMs = DEFAULT_TIMEOUT_MS, transport = httpTransport } = options;
  const apiBase = options.apiBase.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  async function call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    body?: object,
    extraHeaders: Record<string, string> = {},
  ): Promise<z.infer<T>> {
    const request = `${method} ${path}`;
    const headers: Record<string, string> = { authorization, accept: 'application/json', ...extraHeaders };
    if (body) headers['content-type'] = 'application/json';
    const signal = AbortSignal.timeout(timeoutMs);

    let response: TransportResponse;
    try {
      response = await untilAborted(
        transport({ method, url: `${apiBase}${path}`, headers, body: body ? JSON.stringify(body) : undefined, signal }),
        signal,
      );
    } catch (error) {
      if (signal.aborted) {
        throw new RazorpayError('timeout', `Razorpay ${request} did not answer within ${timeoutMs} ms`, request, undefined, undefined, {
          cause: error,
        });
      }
      const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new RazorpayError('network', `Razorpay ${request} failed: ${reason}`, request, undefined, undefined, { cause: error });
    }

    const json = parseJson(response.body);
    if (response.status < 200 || response.status >= 300) {
      const parsed = errorBodySchema.safeParse(json);
      const error = parsed.success ? parsed.data.error : undefined;
      const detail = error ? `${error.code}: ${error.description}` : `HTTP ${response.status}`;
      throw new RazorpayError('api', `Razorpay ${request} answered ${response.status} ${detail}`, request, response.status, error);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'not JSON';
      throw new RazorpayError('invalid_response', `Razorpay ${request} answered an unexpected body (${where})`, request, response.status);
    }
    return parsed.data;
  }

  const id = (value: string) => encodeURIComponent(value);

  return {
    createOrder: ({ amount, currency = 'INR', receipt, notes }) =>
      call('POST', '/v1/orders', orderSchema, { amount, currency, receipt, ...(notes ? { notes } : {}) }),
    fetchOrder: (orderId) => call('GET', `/v1/orders/${id(orderId)}`, orderSchema),
    fetchOrderPayments: (orderId) => call('GET', `/v1/orders/${id(orderId)}/payments`, collectionOf(paymentSchema)),
    fetchPayment: (paymentId) => call('GET', `/v1/payments/${id(paymentId)}`, paymentSchema),
    refundPayment: async (paymentId, input, idempotencyKey) => {
      if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new RangeError('A refund idempotency key needs at least 10 letters, digits, - or _');
      }
      const body = {
        ...(input.amount === undefined ? {} : { amount: input.amount }),
        ...(input.notes ? { notes: input.notes } : {}),
        ...(input.receipt === undefined ? {} : { receipt: input.receipt }),
      };
      return call('POST', `/v1/payments/${id(paymentId)}/refund`, refundSchema, body, { 'x-refund-idempotency': idempotencyKey });
    },
    fetchRefund: (refundId) => call('GET', `/v1/refunds/${id(refundId)}`, refundSchema),
  };
}

/** Settles with `work`, or rejects as soon as `signal` aborts (for transports that cannot be stopped). */
export async function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  let onAbort = () => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
