import { randomBytes } from 'node:crypto';
import { pincodeZone, type DeliveryZone } from '@shop/core';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Transport } from '../../payments/razorpay/razorpay-client.js';
import { injectTransport } from '../razorpay-emulator/inject-transport.js';
import { TRACKING_PATH } from '../../shipping/routes.js';
import { registerOrdersCancel } from './cancel.js';
import { labelPdf } from './label-pdf.js';
import { registerReturnsAndNdr, type NdrActionTaken } from './returns-ndr.js';

/**
 * A stand-in for Shiprocket's REST API (`/v1/external/…`), mounted on the shop's own app when no Shiprocket API
 * user is set (never in production), as the Razorpay emulator is. It speaks the calls the shop makes with the
 * fields, units and answers of Shiprocket's published collection (shipping/shiprocket/openapi.json): a bearer
 * token from auth/login, orders/create/adhoc checked as the parameter table says (rupees, kg, cm, a known
 * pickup_location, order_items[]), courier serviceability, AWB, pickup, label (a real PDF it serves), manifest,
 * tracking, and the tracking webhook posted to the shop with x-api-key. State is kept in memory: a development
 * aid, it forgets its parcels on restart. Tests steer it through the hooks below (faults, timeouts, scans).
 */

export const SHIPROCKET_EMULATOR_PREFIX = '/shiprocket-emulator';
export const SHIPROCKET_EMULATOR_BASE = `${SHIPROCKET_EMULATOR_PREFIX}/v1/external`;

/** The couriers the emulator offers: a cheap surface one and a fast air one (ids and names from the collection). */
export const EMULATOR_COURIERS = [
  {
    id: 43,
    name: 'Delhivery Surface',
    ratePerHalfKg: 54,
    days: { metro: 4, tier2And3: 5, remote: 8 } satisfies Record<DeliveryZone, number>,
    codIn: ['metro', 'tier2And3'] as DeliveryZone[],
  },
  {
    id: 1,
    name: 'Blue Dart',
    ratePerHalfKg: 112,
    days: { metro: 2, tier2And3: 3, remote: 5 } satisfies Record<DeliveryZone, number>,
    codIn: ['metro', 'tier2And3', 'remote'] as DeliveryZone[],
  },
] as const;

/**
 * Scans the emulator can post, with Shiprocket's status ids and labels (`sr-status`, `sr-status-label`,
 * `shipment_status_id`). 42, 18, 17 and 7 appear in the collection's examples; 21 (undelivered), 9 (RTO initiated)
 * and 10 (RTO delivered) are from its status code table.
 */
export const SCANS = {
  picked_up: { id: 42, label: 'PICKED UP', activity: 'Shipment picked up' },
  in_transit: { id: 18, label: 'IN TRANSIT', activity: 'InTransit Shipment added in Bag' },
  out_for_delivery: { id: 17, label: 'OUT FOR DELIVERY', activity: 'Out for Delivery' },
  delivered: { id: 7, label: 'DELIVERED', activity: 'Delivered' },
  undelivered: { id: 21, label: 'UNDELIVERED', activity: 'Consignee not available' },
  rto_initiated: { id: 9, label: 'RTO INITIATED', activity: 'Return to origin initiated' },
  rto_delivered: { id: 10, label: 'RTO DELIVERED', activity: 'Returned to origin' },
} as const;
export type ScanName = keyof typeof SCANS;

/** 'down': every call answers 500; 'hang': calls never answer until the fault is cleared. */
export type ShiprocketFault = 'down' | 'hang' | null;

/** A shipment the emulator made: a forward one, or a return's (orders/create/return, returns-ndr.ts). */
export interface EmulatedShipment {
  id: number;
  orderId: number;
  channelOrderId: string;
  customerName: string;
  deliveryCity: string;
  paymentMethod: 'COD' | 'Prepaid';
  subTotal: number;
  weight: number;
  deliveryPincode: string;
  createdAt: Date;
  awb: string | null;
  courierId: number | null;
  pickupScheduled: string | null;
  manifested: boolean;
  scans: { date: string; activity: string; location: string; 'sr-status': string; 'sr-status-label': string; status: string }[];
  statusId: number | null;
  /** Cancelled through orders/cancel (cancel.ts). */
  cancelled?: boolean;
  isReturn?: boolean;
  returnItems?: { name: string; units: number }[];
  pickupPincode?: string;
}
export type Shipment = EmulatedShipment;

export interface ShiprocketEmulator {
  /** Registers the API under /shiprocket-emulator/v1/external, the labels and manifests it serves, and a scan form. */
  readonly plugin: FastifyPluginAsync;
  /** Client transport into the app the plugin is registered on (app.inject). */
  readonly transport: Transport;
  /** The emulator's API base as a URL (only its path counts with the transport). */
  readonly apiBase: string;
  /** Every call received, as `POST /orders/create/adhoc` (login included), for tests to count. */
  readonly calls: string[];
  setFault(fault: ShiprocketFault): void;
  /**
   * The next `times` calls other than auth/login (only those to `path`, such as '/courier/generate/label', when
   * given) answer `status` with `body` (Shiprocket's `{message}` by default).
   */
  failNext(status: number, options?: { times?: number; body?: object; path?: string }): void;
  /** The next orders/create/adhoc creates the order and then never answers (until the fault changes). */
  timeoutAfterCreate(): void;
  /** Forgets every token it gave: the next call answers 401 until the client logs in again. */
  revokeTokens(): void;
  /** Pincodes no courier reaches (a 200 with status 404, as Shiprocket answers). */
  setUnserviceable(pincodes: string[]): void;
  /**
   * Records a scan on the AWB and posts the tracking webhook to the shop; answers the shop's HTTP status. `lost`: the
   * webhook never reaches the shop (answers 0), so only courier/track/awb tells of the scan (the reconciliation job).
   * `reason`: an undelivered scan's reason (NDR).
   */
  scan(awb: string, name: ScanName, options?: { token?: string | null; lost?: boolean; reason?: string }): Promise<number>;
  /** The webhook body a scan would post, without posting it (for tests of repeated and out-of-order scans). */
  webhookBody(awb: string, name: ScanName, reason?: string): Record<string, unknown>;
  /** The shipments made so far, for tests. */
  shipments(): readonly Readonly<Shipment>[];
  /** The NDR actions taken so far (POST ndr/{awb}/action), for tests. */
  ndrActions(): readonly Readonly<NdrActionTaken>[];
}

export interface ShiprocketEmulatorOptions {
  email: string;
  password: string;
  pickupLocation: string;
  webhookToken: string;
  /** Absolute origin the label and manifest links start with (the shop's PUBLIC_URL). */
  publicUrl: string;
  now?: () => Date;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
/** Asia/Kolkata wall time: 'YYYY-MM-DD HH:MM:SS', as Shiprocket writes dates. */
const istDateTime = (at: Date) => {
  const ist = new Date(at.getTime() + 330 * 60_000);
  return `${ist.getUTCFullYear()}-${pad(ist.getUTCMonth() + 1)}-${pad(ist.getUTCDate())} ${pad(ist.getUTCHours())}:${pad(ist.getUTCMinutes())}:${pad(ist.getUTCSeconds())}`;
};
/** 'Jul 01, 2024', as serviceability's `etd`. */
const etdDate = (at: Date) => {
  const ist = new Date(at.getTime() + 330 * 60_000);
  return `${MONTHS[ist.getUTCMonth()]} ${pad(ist.getUTCDate())}, ${ist.getUTCFullYear()}`;
};

/** Laravel-style sentences, as Shiprocket's 422s word them: 'The order id field is required.' */
const words = (field: string) => field.replaceAll('_', ' ');

const ADHOC_REQUIRED = [
  'order_id',
  'order_date',
  'pickup_location',
  'billing_customer_name',
  'billing_address',
  'billing_city',
  'billing_pincode',
  'billing_state',
  'billing_country',
  'billing_email',
  'billing_phone',
  'shipping_is_billing',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
] as const;

/** A field's text: strings and numbers as they are, anything else (objects, lists) as nothing. */
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const isNumeric = (value: unknown) =>
  (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value));

/** Checks an orders/create/adhoc body as the collection's parameter table describes it; field → sentences. */
export function adhocErrors(body: Record<string, unknown>, pickupLocation: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, sentence: string) => (errors[field] ??= []).push(sentence);
  for (const field of ADHOC_REQUIRED) {
    const value = body[field];
    if (value === undefined || value === null || value === '') add(field, `The ${words(field)} field is required.`);
  }
  if (typeof body.order_id === 'string' && body.order_id.length > 50)
    add('order_id', 'The order id may not be greater than 50 characters.');
  if (body.pickup_location && body.pickup_location !== pickupLocation) {
    add('pickup_location', 'Wrong Pickup location entered. Please choose one location from the pickup locations of your account.');
  }
  if (body.billing_city && text(body.billing_city).length > 30)
    add('billing_city', 'The billing city may not be greater than 30 characters.');
  if (body.billing_pincode && !/^[1-9]\d{5}$/.test(text(body.billing_pincode)))
    add('billing_pincode', 'The billing pincode must be 6 digits.');
  if (body.billing_phone && !/^\d{10}$/.test(text(body.billing_phone))) add('billing_phone', 'The billing phone must be 10 digits.');
  if (body.payment_method && !['COD', 'Prepaid'].includes(text(body.payment_method))) {
    add('payment_method', 'The selected payment method is invalid. It can be either COD or Prepaid.');
  }
  if (body.sub_total !== undefined && body.sub_total !== '' && !isNumeric(body.sub_total))
    add('sub_total', 'The sub total must be a number of rupees.');
  for (const dimension of ['length', 'breadth', 'height'] as const) {
    const value = body[dimension];
    if (value !== undefined && value !== '' && !(isNumeric(value) && Number(value) > 0.5)) {
      add(dimension, `The ${dimension} must be more than 0.5 (centimetres).`);
    }
  }
  if (body.weight !== undefined && body.weight !== '' && !(isNumeric(body.weight) && Number(body.weight) > 0)) {
    add('weight', 'The weight must be more than 0 (kilograms).');
  }
  if (body.order_items !== undefined) {
    if (!Array.isArray(body.order_items) || body.order_items.length === 0)
      add('order_items', 'The order items must be a list of at least one item.');
    else {
      body.order_items.forEach((item: Record<string, unknown>, index) => {
        for (const field of ['name', 'sku', 'units', 'selling_price'] as const) {
          if (item?.[field] === undefined || item[field] === '')
            add(`order_items.${index}.${field}`, `The order_items.${index}.${field} field is required.`);
        }
        if (item?.selling_price !== undefined && !isNumeric(item.selling_price)) {
          add(`order_items.${index}.selling_price`, `The order_items.${index}.selling_price must be a number of rupees.`);
        }
      });
    }
  }
  return errors;
}

export function createShiprocketEmulator(options: ShiprocketEmulatorOptions): ShiprocketEmulator {
  const now = options.now ?? (() => new Date());
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  let app: FastifyInstance | undefined;
  const boundApp = () => {
    if (!app) throw new Error('The Shiprocket emulator is not registered on an app (register emulator.plugin first)');
    return app;
  };

  const tokens = new Set<string>();
  const shipments = new Map<number, Shipment>();
  const calls: string[] = [];
  let nextOrderId = 16_161_616;
  let nextShipmentId = 15_151_515;
  let unserviceable = new Set<string>();
  const failures: { status: number; body?: object; path?: string }[] = [];
  let hangAfterCreate = false;
  let manifestNumber = 3051;
  const ndrActions: NdrActionTaken[] = [];

  let fault: ShiprocketFault = null;
  let releaseHung = () => {};
  let hung = new Promise<void>((resolve) => (releaseHung = resolve));
  const setFault = (next: ShiprocketFault) => {
    fault = next;
    releaseHung();
    hung = new Promise<void>((resolve) => (releaseHung = resolve));
  };

  const invalid = (reply: FastifyReply, errors: Record<string, string[]>, message = 'Oops! Invalid Data.') =>
    reply.status(422).send({ message, errors, status_code: 422 });
  const badRequest = (reply: FastifyReply, message: string) => reply.status(400).send({ message, status_code: 400 });
  const shipmentIdsOf = (value: unknown): number[] | null =>
    Array.isArray(value) && value.every((item) => isNumeric(item)) ? value.map(Number) : null;

  const couriersFor = (deliveryPincode: string, weightKg: number) => {
    const zone = pincodeZone(deliveryPincode);
    if (!zone || unserviceable.has(deliveryPincode)) return [];
    const halfKilos = Math.max(1, Math.ceil(weightKg / 0.5));
    return EMULATOR_COURIERS.map((courier) => ({
      courier,
      rate: courier.ratePerHalfKg * halfKilos,
      days: courier.days[zone],
      cod: courier.codIn.includes(zone) ? 1 : 0,
    }));
  };

  const scanEntry = (name: ScanName, reason?: string) => {
    const scan = SCANS[name];
    return {
      date: istDateTime(now()),
      status: name.toUpperCase(),
      activity: reason || scan.activity,
      location: 'Emulator hub (Karnataka)',
      'sr-status': String(scan.id),
      'sr-status-label': scan.label,
    };
  };

  /** Couriers come three hours after booking (a real pickup follows the courier's cutoff and holidays). */
  const pickupTime = () => istDateTime(new Date(now().getTime() + 3 * 3_600_000));

  const courierDays = (shipment: Shipment) => {
    const zone = pincodeZone(shipment.deliveryPincode) ?? 'tier2And3';
    return EMULATOR_COURIERS.find((c) => c.id === shipment.courierId)?.days[zone] ?? 5;
  };

  const shipmentByAwb = (awb: string) => [...shipments.values()].find((shipment) => shipment.awb === awb);

  function webhookBody(awb: string, name: ScanName, reason?: string): Record<string, unknown> {
    const shipment = shipmentByAwb(awb);
    const scan = SCANS[name];
    const entry = scanEntry(name, reason);
    const courier = EMULATOR_COURIERS.find((c) => c.id === shipment?.courierId);
    return {
      awb,
      courier_name: courier?.name ?? 'Delhivery Surface',
      current_status: scan.label,
      current_status_id: scan.id,
      shipment_status: scan.label,
      shipment_status_id: scan.id,
      current_timestamp: entry.date,
      order_id: shipment?.channelOrderId ?? '',
      sr_order_id: shipment?.orderId ?? 0,
      awb_assigned_date: shipment ? istDateTime(shipment.createdAt) : '',
      pickup_scheduled_date: shipment?.pickupScheduled ?? '',
      etd: '',
      scans: [...(shipment?.scans ?? []), entry].map((item) => ({ ...item })),
      is_return: shipment?.isReturn ? 1 : 0,
      channel_id: 3_422_553,
      pod_status: '',
      pod: 'Not Available',
    };
  }

  const plugin: FastifyPluginAsync = async (instance) => {
    app = instance;
    instance.addHook('onClose', async () => releaseHung());

    await instance.register(
      async (scope) => {
        scope.addHook('onRequest', async (request, reply) => {
          const path = request.url.split('?')[0]!.replace(SHIPROCKET_EMULATOR_BASE, '');
          calls.push(`${request.method} ${path}`);
          const current = fault;
          if (current === 'hang') await hung;
          if (current) return reply.status(500).send({ message: 'Internal server error.', status_code: 500 });
          if (path === '/auth/login') return;
          const index = failures.findIndex((entry) => entry.path === undefined || entry.path === path);
          const failure = index === -1 ? undefined : failures.splice(index, 1)[0];
          if (failure)
            return reply
              .status(failure.status)
              .send(failure.body ?? { message: `Emulated ${failure.status}`, status_code: failure.status });
          const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
          if (!bearer || !tokens.has(bearer)) return reply.status(401).send({ message: 'Unauthenticated.', status_code: 401 });
        });

        scope.post('/auth/login', { schema: { hide: true } }, async (request, reply) => {
          const body = (request.body ?? {}) as Record<string, unknown>;
          if (body.email !== options.email || body.password !== options.password) {
            return reply.status(400).send({ message: 'Invalid email and password combination', status_code: 400 });
          }
          const token = randomBytes(24).toString('base64url');
          tokens.add(token);
          return {
            id: 1,
            first_name: 'API',
            last_name: 'User',
            email: options.email,
            company_id: 25_149,
            created_at: istDateTime(now()),
            token,
          };
        });

        scope.post('/orders/create/adhoc', { schema: { hide: true } }, async (request, reply) => {
          const body = (request.body ?? {}) as Record<string, unknown>;
          const errors = adhocErrors(body, options.pickupLocation);
          const channelOrderId = text(body.order_id);
          if ([...shipments.values()].some((shipment) => shipment.channelOrderId === channelOrderId)) {
            (errors.order_id ??= []).push('The order id has already been taken.');
          }
          if (Object.keys(errors).length > 0) return invalid(reply, errors);
          const shipment: Shipment = {
            id: nextShipmentId++,
            orderId: nextOrderId++,
            channelOrderId,
            customerName: `${text(body.billing_customer_name)} ${text(body.billing_last_name)}`.trim(),
            deliveryCity: text(body.billing_city),
            paymentMethod: body.payment_method as 'COD' | 'Prepaid',
            subTotal: Number(body.sub_total),
            weight: Number(body.weight),
            deliveryPincode: text(body.billing_pincode),
            createdAt: now(),
            awb: null,
            courierId: null,
            pickupScheduled: null,
            manifested: false,
            scans: [],
            statusId: 1,
          };
          shipments.set(shipment.id, shipment);
          if (hangAfterCreate) {
            // Made, but the answer never comes: the shop must find it before booking again.
            hangAfterCreate = false;
            await hung;
            return reply.status(504).send({ message: 'Gateway Timeout', status_code: 504 });
          }
          return {
            order_id: shipment.orderId,
            shipment_id: shipment.id,
            status: 'NEW',
            status_code: 1,
            onboarding_completed_now: 0,
            awb_code: null,
            courier_company_id: null,
            courier_name: null,
          };
        });

        registerOrdersCancel(scope, () => shipments.values());
        registerReturnsAndNdr(scope, {
          shipments,
          newIds: () => ({ orderId: nextOrderId++, shipmentId: nextShipmentId++ }),
          now,
          istDateTime,
          pickupLocation: options.pickupLocation,
          ndrActions,
        });

        scope.get('/orders', { schema: { hide: true } }, async (request) => {
          const search = text((request.query as Record<string, unknown>).search);
          const found = [...shipments.values()].filter(
            (shipment) => !search || shipment.channelOrderId.includes(search) || (shipment.awb ?? '').includes(search),
          );
          return {
            data: found.map((shipment) => ({
              id: shipment.orderId,
              channel_id: 76_893,
              channel_name: 'CUSTOM',
              base_channel_code: 'CS',
              channel_order_id: shipment.channelOrderId,
              customer_name: shipment.customerName,
              pickup_location: options.pickupLocation,
              total: shipment.subTotal.toFixed(2),
              status: shipment.cancelled ? 'CANCELED' : shipment.awb ? 'READY TO SHIP' : 'NEW',
              status_code: shipment.cancelled ? 5 : shipment.awb ? 3 : 1,
              payment_method: shipment.paymentMethod.toLowerCase(),
              shipments: [
                {
                  id: shipment.id,
                  courier: EMULATOR_COURIERS.find((c) => c.id === shipment.courierId)?.name ?? '',
                  weight: shipment.weight,
                  dimensions: '0.00x0.00x0.00',
                  pickup_scheduled_date: shipment.pickupScheduled,
                  awb: shipment.awb ?? '',
                  etd: 'NA',
                  delivered_date: null,
                },
              ],
            })),
            meta: { pagination: { total: found.length, count: found.length, per_page: 15, current_page: 1, total_pages: 1, links: {} } },
          };
        });

        scope.get('/courier/serviceability', { schema: { hide: true } }, async (request, reply) => {
          const query = request.query as Record<string, string | undefined>;
          const errors: Record<string, string[]> = {};
          for (const field of ['pickup_postcode', 'delivery_postcode'] as const) {
            if (!query[field]) errors[field] = [`The ${words(field)} field is required.`];
          }
          if (!query.order_id) {
            if (!query.weight) errors.weight = ['The weight field is required when order id is not present.'];
            if (query.cod === undefined) errors.cod = ['The cod field is required when order id is not present.'];
          }
          if (Object.keys(errors).length > 0) return invalid(reply, errors, 'Required field missing');
          const options = couriersFor(String(query.delivery_postcode), Number(query.weight));
          const wantCod = query.cod === '1' || query.cod === 'true';
          const offered = options.filter((option) => !wantCod || option.cod === 1);
          if (offered.length === 0)
            return { status: 404, message: `Courier not serviceable for the delivery postcode ${query.delivery_postcode}` };
          const cheapest = [...offered].sort((a, b) => a.rate - b.rate)[0]!;
          return {
            currency: 'INR',
            data: {
              available_courier_companies: offered.map(({ courier, rate, days, cod }) => ({
                call_before_delivery: 'Available',
                charge_weight: Number(query.weight),
                city: 'Emulated city',
                cod,
                cod_charges: 0,
                courier_company_id: courier.id,
                courier_name: courier.name,
                cutoff_time: '11:00',
                delivery_performance: 5,
                estimated_delivery_days: String(days),
                etd: etdDate(new Date(now().getTime() + days * 86_400_000)),
                etd_hours: days * 24,
                freight_charge: rate,
                id: courier.id * 1000 + days,
                is_surface: courier.id === 43,
                min_weight: 0.5,
                pickup_performance: 4.7,
                postcode: String(query.delivery_postcode),
                rate,
                rating: courier.id === 43 ? 4.9 : 4.6,
                rto_charges: rate,
                state: 'Emulated state',
                zone: `z_${pincodeZone(String(query.delivery_postcode))![0]}`,
              })),
              blocked_courier_companies: [],
              recommended_courier_company_id: cheapest.courier.id,
              shiprocket_recommended_courier_id: cheapest.courier.id,
            },
            status: 200,
          };
        });

        scope.post('/courier/assign/awb', { schema: { hide: true } }, async (request, reply) => {
          const body = (request.body ?? {}) as Record<string, unknown>;
          if (body.shipment_id === undefined || body.shipment_id === '') {
            return invalid(reply, { shipment_id: ['The shipment id field is required.'] }, 'Required field missing');
          }
          const shipment = shipments.get(Number(body.shipment_id));
          if (!shipment || shipment.cancelled) return badRequest(reply, 'Invalid shipment id');
          if (shipment.awb) return badRequest(reply, 'Oops! Cannot reassign courier for this shipment.');
          const offered = couriersFor(shipment.deliveryPincode, shipment.weight).filter(
            (option) => shipment.paymentMethod === 'Prepaid' || option.cod === 1,
          );
          const wanted = body.courier_id === undefined || body.courier_id === '' ? null : Number(body.courier_id);
          const chosen = wanted === null ? [...offered].sort((a, b) => a.rate - b.rate)[0] : offered.find((o) => o.courier.id === wanted);
          if (!chosen) return badRequest(reply, 'Selected courier is not serviceable for this shipment.');
          shipment.awb = String(Date.now()).slice(-8) + String(shipment.id).slice(-4) + String(shipments.size).padStart(2, '0');
          shipment.courierId = chosen.courier.id;
          shipment.statusId = 3;
          return {
            awb_assign_status: 1,
            response: {
              data: {
                courier_company_id: chosen.courier.id,
                awb_code: shipment.awb,
                cod: shipment.paymentMethod === 'COD' ? 1 : 0,
                order_id: shipment.orderId,
                shipment_id: shipment.id,
                awb_code_status: 1,
                assigned_date_time: { date: `${istDateTime(now())}.000000`, timezone_type: 3, timezone: 'Asia/Kolkata' },
                applied_weight: shipment.weight,
                company_id: 25_149,
                courier_name: chosen.courier.name,
                child_courier_name: null,
                pickup_scheduled_date: pickupTime(),
                invoice_no: `retail${shipment.orderId}`,
              },
            },
          };
        });

        scope.post('/courier/generate/pickup', { schema: { hide: true } }, async (request, reply) => {
          const ids = shipmentIdsOf(((request.body ?? {}) as Record<string, unknown>).shipment_id);
          const shipment = ids?.length === 1 ? shipments.get(ids[0]!) : undefined;
          if (!shipment || !shipment.awb || shipment.cancelled) return badRequest(reply, 'Invalid shipment id');
          // Asked again (a booking retried after a later step failed): the pickup already booked.
          shipment.pickupScheduled ??= pickupTime();
          const courier = EMULATOR_COURIERS.find((c) => c.id === shipment.courierId)!;
          return {
            pickup_status: 1,
            response: {
              pickup_scheduled_date: shipment.pickupScheduled,
              pickup_token_number: `Reference No: ${shipment.courierId}_EMULATOR ${shipment.id}`,
              status: 3,
              pickup_generated_date: { date: `${istDateTime(now())}.000000`, timezone_type: 3, timezone: 'Asia/Kolkata' },
              data: `Pickup is confirmed by ${courier.name} For AWB :- ${shipment.awb}`,
            },
          };
        });

        scope.post('/courier/generate/label', { schema: { hide: true } }, async (request, reply) => {
          const ids = shipmentIdsOf(((request.body ?? {}) as Record<string, unknown>).shipment_id);
          if (!ids) return invalid(reply, { shipment_id: ['The shipment id must be an array.'] });
          const ready = ids.filter((shipmentId) => shipments.get(shipmentId)?.awb);
          if (ready.length === 0 || ready.length < ids.length) {
            return {
              label_created: 0,
              not_created: ids.filter((shipmentId) => !ready.includes(shipmentId)),
              response: 'No valid shipment ids to print label',
            };
          }
          const name = ids.length === 1 ? `${ids[0]}-${shipments.get(ids[0]!)!.awb}` : `bulk-${ids.join('-')}`;
          return {
            label_created: 1,
            label_url: `${publicUrl}${SHIPROCKET_EMULATOR_PREFIX}/labels/shipping-label-${name}.pdf`,
            response: 'Label has been created and uploaded successfully!',
            not_created: [],
          };
        });

        scope.post('/manifests/generate', { schema: { hide: true } }, async (request, reply) => {
          const ids = shipmentIdsOf(((request.body ?? {}) as Record<string, unknown>).shipment_id);
          if (!ids || ids.length === 0) return invalid(reply, { shipment_id: ['The shipment id field is required.'] });
          const already = ids.filter((shipmentId) => shipments.get(shipmentId)?.manifested);
          if (already.length > 0) {
            return reply.status(400).send({
              message: 'Manifest already generated for some shipment_ids, Please try again after removin them',
              status_code: 400,
              already_manifested_shipment_ids: already,
            });
          }
          if (ids.some((shipmentId) => !shipments.get(shipmentId)?.pickupScheduled)) return badRequest(reply, 'Invalid shipment id');
          for (const shipmentId of ids) shipments.get(shipmentId)!.manifested = true;
          return { status: 1, manifest_url: `${publicUrl}${SHIPROCKET_EMULATOR_PREFIX}/manifests/MANIFEST-${manifestNumber++}.pdf` };
        });

        scope.get('/courier/track/awb/:awb', { schema: { hide: true } }, async (request) => {
          const shipment = shipmentByAwb((request.params as { awb: string }).awb);
          if (!shipment || shipment.scans.length === 0) {
            return {
              tracking_data: {
                track_status: 0,
                error: 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
              },
            };
          }
          return {
            tracking_data: {
              track_status: 1,
              shipment_status: shipment.statusId,
              shipment_track: [
                {
                  id: shipment.id,
                  awb_code: shipment.awb,
                  courier_company_id: shipment.courierId,
                  shipment_id: shipment.id,
                  order_id: shipment.orderId,
                  pickup_date: shipment.scans.find((scan) => scan['sr-status'] === '42')?.date ?? null,
                  delivered_date: shipment.scans.find((scan) => scan['sr-status'] === '7')?.date ?? null,
                  weight: shipment.weight.toFixed(2),
                  packages: 1,
                  current_status: shipment.scans.at(-1)!['sr-status-label'],
                  delivered_to: shipment.deliveryCity,
                  destination: shipment.deliveryCity,
                  origin: options.pickupLocation,
                  courier_name: EMULATOR_COURIERS.find((c) => c.id === shipment.courierId)?.name ?? '',
                  edd: null,
                },
              ],
              // Newest first, as in the collection's example.
              shipment_track_activities: [...shipment.scans].reverse(),
              track_url: `${publicUrl}${SHIPROCKET_EMULATOR_PREFIX}/tracking/${shipment.awb}`,
              etd: istDateTime(new Date(shipment.createdAt.getTime() + courierDays(shipment) * 86_400_000)),
            },
          };
        });
      },
      { prefix: SHIPROCKET_EMULATOR_BASE },
    );

    // What the links point at: a one-page PDF for labels and manifests, a page for tracking.
    instance.get(`${SHIPROCKET_EMULATOR_PREFIX}/labels/:file`, { schema: { hide: true } }, async (request, reply) =>
      reply.type('application/pdf').send(labelPdf(`Shiprocket emulator: ${(request.params as { file: string }).file}`)),
    );
    instance.get(`${SHIPROCKET_EMULATOR_PREFIX}/manifests/:file`, { schema: { hide: true } }, async (request, reply) =>
      reply.type('application/pdf').send(labelPdf(`Shiprocket emulator manifest: ${(request.params as { file: string }).file}`)),
    );
    // As if the courier scanned the parcel: development and browser tests drive the tracking webhook from here.
    instance.post(`${SHIPROCKET_EMULATOR_PREFIX}/scan`, { schema: { hide: true } }, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const name = text(body.status) as ScanName;
      if (!(name in SCANS) || !shipmentByAwb(text(body.awb)) || shipmentByAwb(text(body.awb))!.cancelled) {
        return reply.status(400).send({ message: `Send {awb, status}: a booked AWB and one of ${Object.keys(SCANS).join(', ')}` });
      }
      // An undelivered scan may carry the courier's reason (NDR), as Shiprocket's scans word it.
      const reason = name === 'undelivered' ? text(body.reason).slice(0, 120) : '';
      return { webhookStatus: await scan(text(body.awb), name, { reason, lost: body.lost === true }) };
    });
    instance.get(`${SHIPROCKET_EMULATOR_PREFIX}/tracking/:awb`, { schema: { hide: true } }, async (request, reply) => {
      const shipment = shipmentByAwb((request.params as { awb: string }).awb);
      const rows = (shipment?.scans ?? []).map((scan) => `${scan.date} ${scan['sr-status-label']}`).join('\n');
      return reply.type('text/plain; charset=utf-8').send(`AWB ${(request.params as { awb: string }).awb}\n${rows || 'No scans yet'}\n`);
    });
  };

  async function scan(
    awb: string,
    name: ScanName,
    scanOptions: { token?: string | null; lost?: boolean; reason?: string } = {},
  ): Promise<number> {
    const body = webhookBody(awb, name, scanOptions.reason);
    const shipment = shipmentByAwb(awb);
    if (shipment) {
      shipment.scans.push((body.scans as Shipment['scans']).at(-1)!);
      shipment.statusId = SCANS[name].id;
    }
    if (scanOptions.lost) return 0;
    const token = scanOptions.token === undefined ? options.webhookToken : scanOptions.token;
    const response = await boundApp().inject({
      method: 'POST',
      url: TRACKING_PATH,
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'x-api-key': token }) },
      payload: JSON.stringify(body),
    });
    return response.statusCode;
  }

  return {
    plugin,
    transport: injectTransport({ inject: (request) => boundApp().inject(request) }),
    apiBase: `http://localhost${SHIPROCKET_EMULATOR_BASE}`,
    calls,
    setFault,
    failNext: (status, failOptions = {}) => {
      for (let i = 0; i < (failOptions.times ?? 1); i++) failures.push({ status, body: failOptions.body, path: failOptions.path });
    },
    timeoutAfterCreate: () => {
      hangAfterCreate = true;
    },
    revokeTokens: () => tokens.clear(),
    setUnserviceable: (pincodes) => {
      unserviceable = new Set(pincodes);
    },
    scan,
    webhookBody,
    shipments: () => [...shipments.values()],
    ndrActions: () => [...ndrActions],
  };
}
