import { z } from 'zod';
import { httpTransport, untilAborted, type Transport, type TransportResponse } from '../../payments/razorpay/razorpay-client.js';

/**
 * A typed client for the calls of Shiprocket's REST API (`/v1/external/…`) the shop makes, with the field names,
 * units and shapes of Shiprocket's published collection (openapi.json beside this file; docs/decisions/038):
 * rupee amounts, kilograms and centimetres, the pickup location's nickname, `order_items[]`.
 *
 * - A token from `auth/login` (valid 10 days) is kept and renewed a day early; a 401 renews it once.
 * - A 429 (an undocumented rate limit, no Retry-After) is waited out with growing pauses, then reported.
 * - A 422's per-field `errors{}` are kept, and said in words by `ShiprocketError.words`.
 * - Every call is logged with its duration and status, never with the password, the token or a body.
 * - Shiprocket has no idempotency key: callers that retry a booking look it up first (findOrder).
 * Answers are checked with zod for the fields the shop reads only; others are ignored, as Shiprocket adds fields.
 */

/** Shiprocket's token lifetime, from its documentation. */
export const TOKEN_LIFETIME_MS = 10 * 86_400_000;
/** Renewed this long before it would run out, so no call races its expiry. */
const TOKEN_MARGIN_MS = 86_400_000;
export const DEFAULT_TIMEOUT_MS = 15_000;
/** Pauses before each retry of a call answered 429. */
export const DEFAULT_BACKOFF_MS: readonly number[] = [1_000, 4_000];

/**
 * - `api`: Shiprocket answered with a non-2xx status (`status`, `fieldErrors` for a 422);
 * - `timeout`: no answer within the timeout (the call may still have taken effect);
 * - `network`: the request could not be sent or the connection broke;
 * - `invalid_response`: a 2xx answer that is not what the documentation shows.
 */
export type ShiprocketErrorKind = 'api' | 'timeout' | 'network' | 'invalid_response';

/** Every failure of a Shiprocket call. The message names the call, never the password or token. */
export class ShiprocketError extends Error {
  override name = 'ShiprocketError';
  constructor(
    readonly kind: ShiprocketErrorKind,
    message: string,
    /** `POST /orders/create/adhoc` and so on, without the base URL. */
    readonly request: string,
    readonly status?: number,
    /** Shiprocket's own `message`, when the answer carried one. */
    readonly providerMessage?: string,
    /** A 422's `errors`: field name → sentences. */
    readonly fieldErrors?: Record<string, string[]>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Whether the same call may succeed later: Shiprocket down, slow, busy or unreachable. */
  get retryable(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || (this.status !== undefined && (this.status >= 500 || this.status === 429));
  }

  /** What the owner reads: Shiprocket's field errors in its own words, or what went wrong. */
  get words(): string {
    if (this.fieldErrors && Object.keys(this.fieldErrors).length > 0) {
      return Object.entries(this.fieldErrors)
        .map(([field, sentences]) => `${field.replaceAll('_', ' ')}: ${sentences.join(' ')}`)
        .join('; ');
    }
    if (this.kind === 'timeout') return 'Shiprocket did not answer in time';
    if (this.kind === 'network') return 'Shiprocket could not be reached';
    if (this.status === 429) return 'Shiprocket is busy (too many requests); try again in a minute';
    if (this.status !== undefined && this.status >= 500) return 'Shiprocket is not working right now';
    return this.providerMessage ?? `Shiprocket answered ${this.status ?? 'something unexpected'}`;
  }
}

const errorBodySchema = z.object({
  message: z.string().optional().catch(undefined),
  errors: z
    .record(z.string(), z.union([z.array(z.string()), z.string().transform((text) => [text])]))
    .optional()
    .catch(undefined),
});

const loginSchema = z.object({ token: z.string().min(1) });

// Shiprocket's ids are integers; strings of digits are taken too.
const id = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

const createdOrderSchema = z.object({
  order_id: id,
  shipment_id: id,
  status: z.string().optional().catch(undefined),
  awb_code: z.string().nullish().catch(null),
  courier_name: z.string().nullish().catch(null),
});

const ordersListSchema = z.object({
  data: z.array(
    z.object({
      id,
      channel_order_id: z.coerce.string(),
      status: z.string().optional().catch(undefined),
      shipments: z.array(z.object({ id, awb: z.string().nullish().catch(null), courier: z.string().nullish().catch(null) })).catch([]),
    }),
  ),
});

const courierSchema = z.object({
  courier_company_id: id,
  courier_name: z.string(),
  rate: z.coerce.number(),
  cod: z.coerce.number().catch(0),
  estimated_delivery_days: z.coerce.number().int(),
  etd: z.string().optional().catch(undefined),
});

const serviceabilitySchema = z.union([
  z.object({
    status: z.literal(200).optional(),
    data: z.object({
      available_courier_companies: z.array(courierSchema),
      recommended_courier_company_id: id.nullish().catch(null),
    }),
  }),
  // No courier reaches the pincode: Shiprocket answers 200 with a `status` of 404 and a message.
  z.object({ status: z.number().int(), message: z.string() }),
]);

const assignedAwbSchema = z.object({
  awb_assign_status: z.number().int(),
  response: z.object({
    data: z.object({
      awb_code: z.coerce.string(),
      courier_company_id: id,
      courier_name: z.string(),
      shipment_id: id.optional(),
      pickup_scheduled_date: z.string().nullish().catch(null),
    }),
  }),
});

const pickupSchema = z.object({
  pickup_status: z.number().int(),
  response: z.object({ pickup_scheduled_date: z.string().nullish().catch(null), data: z.string().optional().catch(undefined) }),
});

const labelSchema = z.object({ label_created: z.number().int(), label_url: z.string().optional(), response: z.string().optional() });

const manifestSchema = z.object({ status: z.number().int().optional(), manifest_url: z.string() });

const activitySchema = z.object({
  date: z.string(),
  activity: z.string().optional().catch(undefined),
  location: z.string().optional().catch(undefined),
  'sr-status': z.coerce.string().optional().catch(undefined),
  'sr-status-label': z.string().optional().catch(undefined),
});

const trackingSchema = z.object({
  tracking_data: z.object({
    track_status: z.number().int(),
    shipment_status: z.number().int().optional(),
    shipment_track_activities: z.array(activitySchema).nullish().catch([]),
    track_url: z.string().optional(),
    etd: z.string().nullish().catch(null),
    error: z.string().optional(),
  }),
});

export type ServiceableCourier = z.infer<typeof courierSchema>;
export type TrackingActivity = z.infer<typeof activitySchema>;

/** One line of `order_items[]`: rupees, as Shiprocket's parameter table has them. */
export interface ShiprocketOrderItem {
  name: string;
  sku: string;
  units: number;
  /** Rupees per unit. */
  selling_price: number;
  discount?: number;
  tax?: number;
  hsn?: string;
}

/** `orders/create/adhoc`'s required fields (and the optional ones the shop fills). */
export interface AdhocOrderInput {
  /** The shop's order number (Shiprocket's channel order id), at most 50 characters. */
  order_id: string;
  /** yyyy-mm-dd hh:mm */
  order_date: string;
  pickup_location: string;
  billing_customer_name: string;
  billing_last_name?: string;
  billing_address: string;
  billing_address_2?: string;
  billing_city: string;
  billing_pincode: number;
  billing_state: string;
  billing_country: string;
  billing_email: string;
  billing_phone: number;
  shipping_is_billing: boolean;
  order_items: ShiprocketOrderItem[];
  payment_method: 'COD' | 'Prepaid';
  shipping_charges?: number;
  total_discount?: number;
  /** Rupees: what the parcel is worth, and for COD what the courier collects. */
  sub_total: number;
  /** Centimetres, more than 0.5. */
  length: number;
  breadth: number;
  height: number;
  /** Kilograms, more than 0. */
  weight: number;
}

export interface ShiprocketClient {
  /** POST /orders/create/adhoc: the provider's order and its shipment. */
  createOrder(input: AdhocOrderInput): Promise<{ orderId: number; shipmentId: number; awb: string | null }>;
  /** GET /orders?search=: the provider's order made for the shop's order number, if any (checked before a retry). */
  findOrder(
    channelOrderId: string,
  ): Promise<{ orderId: number; shipmentId: number | null; awb: string | null; courier: string | null; status?: string } | null>;
  /** GET /courier/serviceability: couriers from the pickup to the delivery pincode; empty when none. */
  serviceability(input: {
    pickupPostcode: string;
    deliveryPostcode: string;
    weightKg: number;
    cod: boolean;
  }): Promise<{ couriers: ServiceableCourier[]; recommendedCourierId: number | null }>;
  /** POST /courier/assign/awb */
  assignAwb(shipmentId: number, courierId?: number): Promise<{ awb: string; courierId: number; courierName: string }>;
  /** POST /courier/generate/pickup */
  schedulePickup(shipmentId: number): Promise<{ pickupScheduledDate: string | null }>;
  /** POST /courier/generate/label: one PDF for the shipments. */
  label(shipmentIds: number[]): Promise<string>;
  /** POST /manifests/generate */
  manifest(shipmentIds: number[]): Promise<string>;
  /**
   * POST /orders/cancel with `ids`: Shiprocket's order ids (not the shop's). Answers nothing (204, as documented);
   * a refusal (the courier already has the parcel) is a ShiprocketError with Shiprocket's words.
   */
  cancelOrders(orderIds: number[]): Promise<void>;
  /** GET /courier/track/awb/{awb}: the scans so far (empty before the first). */
  track(awb: string): Promise<{ activities: TrackingActivity[]; shipmentStatus: number | null; trackUrl: string | null }>;
  /**
   * Any other documented call, with the same token, renewal, back-off, logging and errors; the answer checked by
   * `schema`. Typed wrappers live beside the code that uses them (shiprocket/returns-ndr.ts).
   */
  request<T extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: T, body?: object): Promise<z.infer<T>>;
}

/** Where each call is reported: the shop's pino logger fits. */
export interface ShiprocketLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface ShiprocketClientOptions {
  email: string;
  password: string;
  /** Including /v1/external. */
  apiBase: string;
  timeoutMs?: number;
  transport?: Transport;
  log?: ShiprocketLog;
  backoffMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const silent: ShiprocketLog = { info: () => {}, warn: () => {} };
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createShiprocketClient(options: ShiprocketClientOptions): ShiprocketClient {
  const { email, password, timeoutMs = DEFAULT_TIMEOUT_MS, transport = httpTransport, log = silent } = options;
  const { backoffMs = DEFAULT_BACKOFF_MS, sleep = pause, now = Date.now } = options;
  const apiBase = options.apiBase.replace(/\/+$/, '');
  let token: { value: string; renewAt: number } | null = null;
  let loggingIn: Promise<string> | null = null;

  /** One HTTP exchange, timed and logged; rejects only when no answer came. */
  async function send(method: 'GET' | 'POST', path: string, body: object | undefined, bearer?: string): Promise<TransportResponse> {
    const request = `${method} ${path.split('?')[0]}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (body) headers['content-type'] = 'application/json';
    const signal = AbortSignal.timeout(timeoutMs);
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    try {
      const response = await untilAborted(
        transport({ method, url: `${apiBase}${path}`, headers, body: body ? JSON.stringify(body) : undefined, signal }),
        signal,
      );
      log.info({ shiprocket: request, status: response.status, durationMs: durationMs() }, 'shiprocket call');
      return response;
    } catch (error) {
      log.warn({ shiprocket: request, durationMs: durationMs(), timeout: signal.aborted }, 'shiprocket call failed');
      if (signal.aborted) {
        throw new ShiprocketError(
          'timeout',
          `Shiprocket ${request} did not answer within ${timeoutMs} ms`,
          request,
          undefined,
          undefined,
          undefined,
          {
            cause: error,
          },
        );
      }
      const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new ShiprocketError('network', `Shiprocket ${request} failed: ${reason}`, request, undefined, undefined, undefined, {
        cause: error,
      });
    }
  }

  function failure(request: string, response: TransportResponse): ShiprocketError {
    const parsed = errorBodySchema.safeParse(parseJson(response.body));
    const message = parsed.success ? parsed.data.message : undefined;
    const fieldErrors = parsed.success ? parsed.data.errors : undefined;
    const detail = message ? `: ${message}` : '';
    return new ShiprocketError(
      'api',
      `Shiprocket ${request} answered ${response.status}${detail}`,
      request,
      response.status,
      message,
      fieldErrors,
    );
  }

  async function login(): Promise<string> {
    const response = await send('POST', '/auth/login', { email, password });
    if (response.status !== 200) throw failure('POST /auth/login', response);
    const parsed = loginSchema.safeParse(parseJson(response.body));
    if (!parsed.success)
      throw new ShiprocketError('invalid_response', 'Shiprocket POST /auth/login answered without a token', 'POST /auth/login', 200);
    token = { value: parsed.data.token, renewAt: now() + TOKEN_LIFETIME_MS - TOKEN_MARGIN_MS };
    return parsed.data.token;
  }

  /** The kept token, or a new one (one login at a time however many calls wait for it). */
  async function currentToken(): Promise<string> {
    if (token && now() < token.renewAt) return token.value;
    loggingIn ??= login().finally(() => {
      loggingIn = null;
    });
    return loggingIn;
  }

  async function call<T extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: T, body?: object): Promise<z.infer<T>> {
    const request = `${method} ${path.split('?')[0]}`;
    let renewed = false;
    let busy = 0;
    for (;;) {
      const bearer = await currentToken();
      const response = await send(method, path, body, bearer);
      if (response.status === 401 && !renewed) {
        // Revoked or expired early: one new login, then the same call once more.
        renewed = true;
        if (token?.value === bearer) token = null;
        continue;
      }
      if (response.status === 429 && busy < backoffMs.length) {
        await sleep(backoffMs[busy]!);
        busy += 1;
        continue;
      }
      if (response.status < 200 || response.status >= 300) throw failure(request, response);
      const parsed = schema.safeParse(parseJson(response.body));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'not JSON';
        throw new ShiprocketError(
          'invalid_response',
          `Shiprocket ${request} answered an unexpected body (${where})`,
          request,
          response.status,
        );
      }
      return parsed.data;
    }
  }

  return {
    request: call,
    async createOrder(input) {
      const created = await call('POST', '/orders/create/adhoc', createdOrderSchema, input);
      return { orderId: created.order_id, shipmentId: created.shipment_id, awb: created.awb_code || null };
    },
    async findOrder(channelOrderId) {
      const list = await call('GET', `/orders?search=${encodeURIComponent(channelOrderId)}`, ordersListSchema);
      // `search` also matches AWBs and parts of ids: only the exact channel order id counts.
      const found = list.data.find((order) => order.channel_order_id === channelOrderId);
      if (!found) return null;
      const shipment = found.shipments[0];
      return {
        orderId: found.id,
        shipmentId: shipment?.id ?? null,
        awb: shipment?.awb || null,
        courier: shipment?.courier || null,
        status: found.status,
      };
    },
    async serviceability({ pickupPostcode, deliveryPostcode, weightKg, cod }) {
      const query = new URLSearchParams({
        pickup_postcode: pickupPostcode,
        delivery_postcode: deliveryPostcode,
        weight: String(weightKg),
        cod: cod ? '1' : '0',
      });
      const answer = await call('GET', `/courier/serviceability?${query.toString()}`, serviceabilitySchema);
      if (!('data' in answer)) return { couriers: [], recommendedCourierId: null };
      return {
        couriers: answer.data.available_courier_companies,
        recommendedCourierId: answer.data.recommended_courier_company_id ?? null,
      };
    },
    async assignAwb(shipmentId, courierId) {
      const body = { shipment_id: shipmentId, ...(courierId === undefined ? {} : { courier_id: courierId }) };
      const answer = await call('POST', '/courier/assign/awb', assignedAwbSchema, body);
      if (answer.awb_assign_status !== 1) {
        throw new ShiprocketError(
          'api',
          'Shiprocket POST /courier/assign/awb assigned no AWB',
          'POST /courier/assign/awb',
          200,
          'No AWB was assigned',
        );
      }
      const data = answer.response.data;
      return { awb: data.awb_code, courierId: data.courier_company_id, courierName: data.courier_name };
    },
    async schedulePickup(shipmentId) {
      const answer = await call('POST', '/courier/generate/pickup', pickupSchema, { shipment_id: [shipmentId] });
      return { pickupScheduledDate: answer.response.pickup_scheduled_date ?? null };
    },
    async label(shipmentIds) {
      const answer = await call('POST', '/courier/generate/label', labelSchema, { shipment_id: shipmentIds });
      if (answer.label_created !== 1 || !answer.label_url) {
        const words = answer.response ?? 'No label was made';
        throw new ShiprocketError(
          'api',
          `Shiprocket POST /courier/generate/label made no label: ${words}`,
          'POST /courier/generate/label',
          200,
          words,
        );
      }
      return answer.label_url;
    },
    async manifest(shipmentIds) {
      const answer = await call('POST', '/manifests/generate', manifestSchema, { shipment_id: shipmentIds });
      if (!answer.manifest_url) {
        throw new ShiprocketError(
          'api',
          'Shiprocket POST /manifests/generate made no manifest',
          'POST /manifests/generate',
          200,
          'No manifest was made',
        );
      }
      return answer.manifest_url;
    },
    async cancelOrders(orderIds) {
      // The documented success is a 204 without a body: anything 2xx is taken.
      await call('POST', '/orders/cancel', z.unknown(), { ids: orderIds });
    },
    async track(awb) {
      const answer = await call('GET', `/courier/track/awb/${encodeURIComponent(awb)}`, trackingSchema);
      const data = answer.tracking_data;
      return {
        activities: data.shipment_track_activities ?? [],
        shipmentStatus: data.shipment_status ?? null,
        trackUrl: data.track_url ?? null,
      };
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
