import { timingSafeEqual } from 'node:crypto';
import {
  AppError,
  BOOKING_FAILED,
  CLAIM_WINDOW_HOURS,
  courierDeliveryDay,
  deliveryEstimate,
  istDay,
  parcelOf,
  RETURN_REASONS_IN_WORDS,
  type AuditActor,
  type CourierOptions,
  type DeliveryEstimateAnswer,
  type Shipment,
  type ShipOrderInput,
  isReadyToShip,
  NOT_READY_TO_SHIP,
  type OrderStatus,
} from '@shop/core';
import { z } from 'zod';
import { userById } from '../accounts/queries.js';
import { recordAudit } from '../audit/service.js';
import { DEFAULT_PACKAGE, packageSizes } from '../catalogue/queries.js';
import type { Db } from '../db/database.js';
import type { createMetrics } from '../metrics/metrics.js';
import { itemsOfOrder, orderOf, type OrderRow } from '../orders/queries.js';
import type { OrdersService } from '../orders/service.js';
import type { SettingsService } from '../settings/service.js';
import type { ShippingProvider } from './provider.js';
import {
  cachedServiceability,
  cacheServiceability,
  claimBooking,
  releaseBooking,
  insertScan,
  insertShipment,
  noteLatestScan,
  shipmentByAwb,
  shipmentOfOrder,
  shipmentView,
} from './queries.js';
import { UNDELIVERED, type Ndr } from './ndr.js';
import type { ReturnPickups } from './reverse-pickup.js';
import { ShiprocketError, type AdhocOrderInput } from './shiprocket/client.js';
import { createProviderCancel } from './cancel.js';
import { createTrackingReconciliation } from './reconcile.js';
import { applyReturnToOrigin } from './return-to-origin.js';
import { DELIVERED, WITH_COURIER } from './statuses.js';
import type { CachedCourier } from './tables.js';

// Issue 42: couriers booked through Shiprocket (or its emulator). The order moves only through the orders module
// (paid → packed with the parcel, packed → shipped on the pickup scan, shipped → delivered); the parcel, its scans
// and serviceability are this domain's tables. Manual mode (no provider) keeps the shop as it was.

const DAY_MS = 86_400_000;
/** How long one booking may hold its order: longer than its calls' timeouts and back-offs together. */
const BOOKING_CLAIM_MS = 5 * 60_000;

/** What a parcel's payment is at the door: the seam where cash-on-delivery orders will say 'COD'. */
export function providerPaymentMethod(paymentMethod: 'online' | 'cod'): 'COD' | 'Prepaid' {
  return paymentMethod === 'cod' ? 'COD' : 'Prepaid';
}

export { returnToOriginOutcome } from './return-to-origin.js';

const scanSchema = z.object({
  date: z.string().min(1),
  activity: z.string().optional().catch(undefined),
  location: z.string().optional().catch(undefined),
  'sr-status': z.coerce.number().int().optional().catch(undefined),
  'sr-status-label': z.string().optional().catch(undefined),
});

/** The fields of Shiprocket's tracking webhook the shop reads (asyncapi/shiprocket-tracking-webhooks.yml). */
export const trackingWebhookSchema = z.object({
  awb: z.coerce.string().min(1),
  current_status: z.string().optional().catch(undefined),
  shipment_status_id: z.coerce.number().int().optional().catch(undefined),
  current_status_id: z.coerce.number().int().optional().catch(undefined),
  current_timestamp: z.string().optional().catch(undefined),
  scans: z.array(scanSchema).optional().catch(undefined),
});

export interface ShippingLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

type Metrics = Pick<ReturnType<typeof createMetrics>, 'shipmentBookings' | 'shipmentBookingFailures' | 'trackingScans' | 'trackingPolls'>;

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Rupees for Shiprocket's amount fields: paise as a number with two places at most. */
const rupees = (paise: number) => Math.round(paise) / 100;

/** Shiprocket's `order_date`: 'yyyy-mm-dd hh:mm' in India time. */
const orderDate = (at: Date) => `${istDay(at)} ${new Date(at.getTime() + 330 * 60_000).toISOString().slice(11, 16)}`;

export function createShippingService(
  db: Db,
  deps: {
    provider: ShippingProvider | null;
    orders: OrdersService;
    settings: Pick<SettingsService, 'shippingFrom'>;
    now: () => Date;
    log: ShippingLog;
    metrics?: Metrics;
    /** Failed delivery attempts (ndr.ts) and reverse pickups (reverse-pickup.ts): the scans this service hands on. */
    ndr?: Pick<Ndr, 'failedAttempt'>;
    returnPickups?: Pick<ReturnPickups, 'tracking'>;
  },
) {
  const { provider, orders, settings, now, log, metrics } = deps;

  const requireProvider = (): ShippingProvider => {
    if (!provider) throw new AppError('CONFLICT', 'Couriers are booked by hand in this shop (SHIPPING_PROVIDER=manual).');
    return provider;
  };

  /** The couriers from the shop's pincode to this one: a day's cache, else the provider; throws when it cannot answer. */
  async function couriersTo(pickup: string, delivery: string): Promise<CachedCourier[]> {
    const at = now();
    const cached = await cachedServiceability(db, pickup, delivery, new Date(at.getTime() - DAY_MS));
    if (cached) return cached;
    const answer = await requireProvider().client.serviceability({
      pickupPostcode: pickup,
      deliveryPostcode: delivery,
      weightKg: 0.5,
      cod: false,
    });
    const couriers = answer.couriers.map((courier) => ({
      id: courier.courier_company_id,
      name: courier.courier_name,
      rate: courier.rate,
      days: courier.estimated_delivery_days,
      cod: courier.cod === 1,
    }));
    await cacheServiceability(db, pickup, delivery, couriers, at);
    return couriers;
  }

  /** The owner's default: the cheapest courier (ties: the faster), or the fastest (ties: the cheaper). */
  const preferred = (couriers: CachedCourier[], choice: 'cheapest' | 'fastest') =>
    [...couriers].sort((a, b) => (choice === 'cheapest' ? a.rate - b.rate || a.days - b.days : a.days - b.days || a.rate - b.rate))[0];

  function bookingFailed(error: unknown): AppError {
    if (error instanceof AppError) return error;
    if (!(error instanceof ShiprocketError)) throw error;
    const message = `${BOOKING_FAILED}: ${error.words}`;
    return error.status === 422 ? new AppError('INVALID_DATA', message) : new AppError('UNAVAILABLE', message);
  }

  /**
   * The provider's order, AWB, pickup and label for the shop's order. Shiprocket has no idempotency key, so the
   * shop's order number is looked up first (a booking that timed out, or one whose later step failed, is found and
   * finished rather than booked again).
   */
  async function book(order: OrderRow, input: ShipOrderInput) {
    const { client, pickupLocation } = requireProvider();
    const items = await itemsOfOrder(db, order.id);
    const sizes = await packageSizes(
      db,
      items.map((item) => item.productId),
    );
    const parcel = parcelOf(items.map((item) => ({ size: sizes.get(item.productId) ?? DEFAULT_PACKAGE, quantity: item.quantity })));
    const paymentMethod = providerPaymentMethod(order.paymentMethod);
    const { pickupPincode, courierChoice } = await settings.shippingFrom();

    let found = await client.findOrder(order.orderNumber);
    if (!found) {
      const user = await userById(db, order.userId);
      const address = order.address;
      const [first = address.name, ...rest] = address.name.trim().split(/\s+/);
      const body: AdhocOrderInput = {
        order_id: order.orderNumber,
        order_date: orderDate(order.paidAt ?? order.createdAt),
        pickup_location: pickupLocation,
        billing_customer_name: first,
        billing_last_name: rest.join(' '),
        billing_address: address.street,
        billing_address_2: address.landmark ?? '',
        billing_city: address.city.slice(0, 30),
        billing_pincode: Number(address.pincode),
        billing_state: address.state,
        billing_country: 'India',
        billing_email: user?.email ?? '',
        billing_phone: Number(address.phone.replace(/\D/g, '').slice(-10)),
        shipping_is_billing: true,
        order_items: items.map((item) => ({
          name: [item.productName, item.variantName].filter(Boolean).join(' — '),
          sku: item.sku ?? item.productId,
          units: item.quantity,
          selling_price: rupees(item.unitPricePaise),
          ...(item.hsnCode ? { hsn: item.hsnCode } : {}),
        })),
        payment_method: paymentMethod,
        shipping_charges: rupees(order.shippingPaise),
        sub_total: rupees(order.totalPaise),
        length: parcel.lengthCm,
        breadth: parcel.breadthCm,
        height: parcel.heightCm,
        weight: parcel.weightKg,
      };
      try {
        const created = await client.createOrder(body);
        found = { orderId: created.orderId, shipmentId: created.shipmentId, awb: created.awb, courier: null };
      } catch (error) {
        // Made but not answered? Look before anyone books again.
        if (!(error instanceof ShiprocketError && error.kind === 'timeout')) throw error;
        found = await client.findOrder(order.orderNumber);
        if (!found) throw error;
        log.warn(
          { orderNumber: order.orderNumber, shiprocketOrderId: found.orderId },
          'shiprocket booking timed out but was made: finishing it',
        );
      }
    }
    const shipmentId = found.shipmentId;
    if (shipmentId === null) {
      throw new ShiprocketError(
        'invalid_response',
        'Shiprocket order has no shipment',
        'GET /orders',
        200,
        'The Shiprocket order has no shipment',
      );
    }
    let awb = found.awb;
    let courierName = found.courier ?? '';
    let courierId: number | null = null;
    if (!awb) {
      let wanted = input.courierId;
      if (wanted === undefined && pickupPincode) {
        const couriers = await couriersTo(pickupPincode, order.address.pincode);
        if (couriers.length === 0) throw new AppError('CONFLICT', `${BOOKING_FAILED}: no courier reaches ${order.address.pincode}.`);
        wanted = preferred(couriers, courierChoice)?.id;
      }
      const assigned = await client.assignAwb(shipmentId, wanted);
      awb = assigned.awb;
      courierName = assigned.courierName;
      courierId = assigned.courierId;
    }
    const pickup = await client.schedulePickup(shipmentId);
    const labelUrl = await client.label([shipmentId]);
    return {
      providerOrderId: found.orderId,
      shipmentId,
      awb,
      courierId,
      courierName,
      labelUrl,
      trackingUrl: requireProvider().trackingUrl(awb),
      pickupScheduled: pickup.pickupScheduledDate,
      paymentMethod,
      collectPaise: paymentMethod === 'COD' ? order.totalPaise : 0,
    };
  }

  /** Books the order at the provider, then records it with the order's move to packed (the caller holds the claim). */
  async function bookAndRecord(actor: AuditActor, order: OrderRow, input: ShipOrderInput): Promise<void> {
    const orderId = order.id;
    let booked: Awaited<ReturnType<typeof book>>;
    try {
      booked = await book(order, input);
    } catch (error) {
      metrics?.shipmentBookings.inc({ outcome: 'failed' });
      metrics?.shipmentBookingFailures.inc({ reason: failureReason(error) });
      const failure = bookingFailed(error);
      log.warn({ orderNumber: order.orderNumber, error: failure.message }, 'shipment booking failed');
      throw failure;
    }
    const unrecorded = () =>
      // Booked at the provider but the order moved meanwhile (cancelled?): said loudly, for the owner to cancel there.
      log.error({ orderNumber: order.orderNumber, awb: booked.awb }, 'parcel booked for an order that is no longer paid');
    const { moved } = await orders
      .advance(orderId, 'packed', {
        actor: 'admin',
        by: adminName(actor),
        note: `Your order is packed and booked with ${booked.courierName}; it leaves us when the courier collects it.`,
        extra: { courier: booked.courierName, trackingNumber: booked.awb },
        // Only from the status it was booked in (read under the booking's claim): paid, or confirmed (COD).
        from: { status: order.status as OrderStatus, refusal: NOT_READY_TO_SHIP },
        inTransaction: async (tx, before, after) => {
          await insertShipment(tx, { orderId, provider: 'shiprocket', ...booked });
          await recordAudit(
            tx,
            actor,
            {
              action: 'order.shipment_booked',
              entity: 'order',
              entityId: orderId,
              before: { orderNumber: before.orderNumber, status: before.status },
              after: { orderNumber: after.orderNumber, status: after.status, awb: booked.awb, courier: booked.courierName },
            },
            now(),
          );
        },
      })
      .catch((error: unknown) => {
        unrecorded();
        throw error;
      });
    if (!moved) {
      unrecorded();
      throw new AppError('CONFLICT', `The order changed while its parcel was booked (AWB ${booked.awb}); cancel the parcel in Shiprocket.`);
    }
    metrics?.shipmentBookings.inc({ outcome: 'booked' });
  }

  const adminName = (actor: AuditActor) => actor.label.replace(/\s*<[^>]*>$/, '') || actor.label;

  const cancelAtProvider = createProviderCancel(db, { provider, now, log });
  const reconciliation = createTrackingReconciliation(db, {
    provider,
    now,
    log,
    metrics,
    apply: (body) => applyTrackingEvent(body),
  });

  return {
    /** Whether couriers are booked from the order page. */
    books: provider !== null,

    /**
     * GET /api/user/delivery/estimate: from courier serviceability (a day's cache per pincode pair), with the
     * rule of thumb (core's deliveryEstimate) when there is no provider, no shop pincode, or the provider is down.
     * `at`: when the parcel's clock started (an order's payment, for its page), else now.
     */
    async estimate(pincode: string, at: Date = now()): Promise<DeliveryEstimateAnswer> {
      const ruleOfThumb = (): DeliveryEstimateAnswer => {
        const estimate = deliveryEstimate(pincode, at);
        if (!estimate) throw new AppError('INVALID_DATA', 'pincode: Enter a 6-digit pincode.', { pincode: 'Enter a 6-digit pincode.' });
        return { serviceable: true, deliveryBy: estimate.latest, cod: false };
      };
      if (!provider) return ruleOfThumb();
      const { pickupPincode, courierChoice } = await settings.shippingFrom();
      if (!pickupPincode) return ruleOfThumb();
      let couriers: CachedCourier[];
      try {
        couriers = await couriersTo(pickupPincode, pincode);
      } catch (error) {
        if (!(error instanceof ShiprocketError)) throw error;
        log.warn(
          { pincode, shiprocket: error.request, kind: error.kind, status: error.status },
          'serviceability unavailable: rule of thumb used',
        );
        return ruleOfThumb();
      }
      const courier = preferred(couriers, courierChoice);
      if (!courier) return { serviceable: false, deliveryBy: null, cod: false };
      return { serviceable: true, deliveryBy: courierDeliveryDay(at, courier.days), cod: couriers.some((each) => each.cod) };
    },

    /**
     * Checkout's check before payment (issue 42): a pincode no courier reaches is refused in words, naming the address.
     * Without a provider, or when it cannot say, nothing is refused (the rule of thumb serves every pincode).
     */
    async assertDeliversTo(pincode: string): Promise<void> {
      if (!provider) return;
      const answer = await this.estimate(pincode);
      if (!answer.serviceable) {
        const message = `Our couriers do not deliver to ${pincode} yet. Please choose another address.`;
        throw new AppError('INVALID_DATA', `address: ${message}`, { address: message });
      }
    },

    /**
     * GET /api/admin/order/couriers/{orderId} (issue 42): the couriers to the order's pincode for the order page's
     * picker, cheapest first, each with its rate in paise and its day, and the one the owner's default would book.
     * The provider down: 'Booking failed — retry' in words (the picker is not shown, the default button still is).
     */
    async couriersFor(orderId: string): Promise<CourierOptions> {
      requireProvider();
      const order = await orderOf(db, { id: orderId });
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      const { pickupPincode, courierChoice } = await settings.shippingFrom();
      if (!pickupPincode) return { couriers: [], defaultCourierId: null, choice: courierChoice };
      let couriers: CachedCourier[];
      try {
        couriers = await couriersTo(pickupPincode, order.address.pincode);
      } catch (error) {
        throw bookingFailed(error);
      }
      const at = now();
      return {
        couriers: [...couriers]
          .sort((a, b) => a.rate - b.rate || a.days - b.days)
          .map((courier) => ({
            id: courier.id,
            name: courier.name,
            ratePaise: Math.round(courier.rate * 100),
            days: courier.days,
            deliveryBy: courierDeliveryDay(at, courier.days),
            cod: courier.cod,
          })),
        defaultCourierId: preferred(couriers, courierChoice)?.id ?? null,
        choice: courierChoice,
      };
    },

    /** The order's parcel and scans, for the order pages; null when none was booked. */
    async shipmentOf(orderId: string): Promise<Shipment | null> {
      return (await shipmentView(db, orderId)) ?? null;
    },

    /**
     * POST /api/admin/order/ship/{orderId}: books the paid order's parcel and moves it to packed with the courier,
     * AWB, label and tracking link, in one transaction with its audit entry. Asked again once booked, it changes
     * nothing. A provider failure leaves the order paid and nothing recorded: 'Booking failed — retry: …'.
     */
    async ship(actor: AuditActor, orderId: string, input: ShipOrderInput): Promise<void> {
      requireProvider();
      if (await shipmentOfOrder(db, orderId)) return;
      if (!(await orderOf(db, { id: orderId }))) throw new AppError('NOT_FOUND', 'Order not found');
      const at = now();
      if (!(await claimBooking(db, orderId, at, new Date(at.getTime() + BOOKING_CLAIM_MS)))) {
        throw new AppError('CONFLICT', 'This order is being booked already; look again in a minute.');
      }
      try {
        // Read again under the claim: a booking that finished meanwhile is the answer.
        if (await shipmentOfOrder(db, orderId)) return;
        const order = (await orderOf(db, { id: orderId }))!;
        if (!isReadyToShip(order.status)) throw new AppError('CONFLICT', NOT_READY_TO_SHIP);
        await bookAndRecord(actor, order, input);
      } finally {
        await releaseBooking(db, orderId);
      }
    },

    /** POST /api/admin/order/shipMany: books each order not booked yet, then one labels PDF and one manifest. */
    async shipMany(actor: AuditActor, orderIds: string[]): Promise<{ labelsUrl: string; manifestUrl: string }> {
      const { client } = requireProvider();
      for (const orderId of orderIds) {
        try {
          await this.ship(actor, orderId, {});
        } catch (error) {
          const order = await orderOf(db, { id: orderId });
          const which = order?.orderNumber ?? orderId;
          if (error instanceof AppError) throw new AppError(error.code, `${which}: ${error.message}`);
          throw error;
        }
      }
      const shipmentIds: number[] = [];
      for (const orderId of orderIds) shipmentIds.push((await shipmentOfOrder(db, orderId))!.shipmentId);
      try {
        return { labelsUrl: await client.label(shipmentIds), manifestUrl: await client.manifest(shipmentIds) };
      } catch (error) {
        throw bookingFailed(error);
      }
    },

    /**
     * POST /api/shipping/tracking: Shiprocket's scans. The token must match (401 otherwise, nothing changed). Each scan
     * is kept once; the order follows the furthest one: with the courier → shipped, delivered → delivered (the
     * 48-hour return window starts). A repeated or late scan changes nothing; an unknown AWB is logged and answered.
     */
    async tracking(token: string | undefined, body: unknown): Promise<'applied' | 'unknown_awb'> {
      const { webhookToken } = requireProvider();
      if (!token || !sameText(token, webhookToken)) {
        throw new AppError('UNAUTHENTICATED', 'x-api-key: the tracking token is wrong or missing.');
      }
      return applyTrackingEvent(body);
    },

    /** POST orders/cancel for a booked parcel before its order is cancelled (cancel.ts); 409 once picked up. */
    cancelAtProvider,

    /** One round of the reconciliation job (reconcile.ts): stale parcels polled, their scans applied as webhooks. */
    reconcileTracking: () => reconciliation.round(),
  };

  /**
   * A tracking event, from the webhook or from a poll of courier/track/awb (the reconciliation job): the same path,
   * so a scan the webhook brought and the poll brings again is kept once and changes nothing more.
   */
  async function applyTrackingEvent(body: unknown): Promise<'applied' | 'unknown_awb'> {
    const parsed = trackingWebhookSchema.safeParse(body);
    if (!parsed.success) throw new AppError('INVALID_DATA', 'awb: The webhook names no AWB.', { awb: 'The webhook names no AWB.' });
    const event = parsed.data;
    const statusId = event.shipment_status_id ?? event.current_status_id;
    const shipment = await shipmentByAwb(db, event.awb);
    if (!shipment && deps.returnPickups) {
      // Not a parcel to her: perhaps her return coming back (a reverse pickup's AWB).
      const returnIds = new Set((event.scans ?? []).flatMap((scan) => (scan['sr-status'] === undefined ? [] : [scan['sr-status']])));
      if (statusId !== undefined) returnIds.add(statusId);
      if (await deps.returnPickups.tracking(event.awb, returnIds)) return 'applied';
    }
    if (!shipment) {
      metrics?.trackingScans.inc({ status: 'unknown awb' });
      log.warn({ awb: event.awb, status: event.current_status }, 'tracking webhook for an unknown AWB');
      return 'unknown_awb';
    }
    const scans = (event.scans ?? []).filter((scan) => scan['sr-status'] !== undefined);
    if (scans.length === 0 && statusId !== undefined && event.current_timestamp) {
      scans.push({
        date: event.current_timestamp,
        'sr-status': statusId,
        'sr-status-label': event.current_status,
        activity: undefined,
        location: undefined,
      });
    }
    const at = now();
    await db.transaction(async (tx) => {
      for (const scan of scans) {
        const fresh = await insertScan(tx, {
          orderId: shipment.orderId,
          awb: shipment.awb,
          statusId: scan['sr-status']!,
          label: scan['sr-status-label'] ?? String(scan['sr-status']),
          activity: scan.activity ?? '',
          location: scan.location ?? '',
          scannedAt: scan.date,
          receivedAt: at,
        });
        if (fresh) metrics?.trackingScans.inc({ status: scan['sr-status-label'] ?? String(scan['sr-status']) });
        if (fresh && scan['sr-status'] === UNDELIVERED) await deps.ndr?.failedAttempt(tx, shipment.orderId, shipment.awb, scan);
      }
      if (statusId !== undefined) await noteLatestScan(tx, shipment.orderId, statusId, at);
    });

    const ids = new Set(scans.map((scan) => scan['sr-status']!));
    if (statusId !== undefined) ids.add(statusId);
    const order = await orderOf(db, { id: shipment.orderId });
    if (!order) return 'applied';
    const delivered = ids.has(DELIVERED);
    const withCourier = delivered || [...ids].some((id) => WITH_COURIER.has(id));
    if (withCourier && order.status === 'packed') {
      await orders.advance(order.id, 'shipped', {
        actor: 'system',
        note: `Your order is on its way with ${shipment.courierName} (tracking number ${shipment.awb}).`,
        from: { status: 'packed', refusal: 'Only a packed order leaves with the courier.' },
      });
    }
    // A cash-on-delivery parcel's delivery is the owner's to record with the cash the courier remits (issue 41's
    // cashCollected): the scan stays on the parcel's timeline until she does.
    if (delivered && order.paymentMethod !== 'cod' && (order.status === 'packed' || order.status === 'shipped')) {
      await orders.advance(order.id, 'delivered', {
        actor: 'system',
        note: `Your order was delivered. If anything is ${RETURN_REASONS_IN_WORDS}, tell us within ${CLAIM_WINDOW_HOURS} hours.`,
        extra: { deliveredAt: at },
        from: { status: 'shipped', refusal: 'Only a shipped order can be delivered.' },
      });
    }
    const latest = await orderOf(db, { id: shipment.orderId });
    if (latest) await applyReturnToOrigin({ orders, log }, latest, shipment, ids);
    return 'applied';
  }
}

/** A booking failure's kind, for the metrics: Shiprocket's status, its silence, or the shop's own refusal. */
function failureReason(error: unknown): string {
  if (error instanceof ShiprocketError) return error.kind === 'api' ? `http_${error.status ?? 'unknown'}` : error.kind;
  return error instanceof AppError ? 'refused' : 'error';
}

export type ShippingService = ReturnType<typeof createShippingService>;
