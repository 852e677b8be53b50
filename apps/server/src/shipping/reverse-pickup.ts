import {
  AppError,
  istDay,
  parcelOf,
  RETURN_PICKUP_FAILED,
  type AuditActor,
  type OrderStatus,
  type ReturnPickup,
  type ReturnPickupStatus,
} from '@shop/core';
import { userById } from '../accounts/queries.js';
import { DEFAULT_PACKAGE, packageSizes } from '../catalogue/queries.js';
import type { Db } from '../db/database.js';
import type { OrderNotices } from '../orders/notices.js';
import { insertOrderEvent, itemsOfOrder, orderOf, returnItemsOfOrder } from '../orders/queries.js';
import type { SettingsService } from '../settings/service.js';
import type { ShippingProvider } from './provider.js';
import { claimReturnPickup, returnPickupByAwb, returnPickupOf, updateReturnPickup } from './return-queries.js';
import { ShiprocketError } from './shiprocket/client.js';
import { createReturnOrder, findReturnOrder, noReturnShipment, type ReturnOrderInput } from './shiprocket/returns-ndr.js';
import type { ShippingLog } from './service.js';

// Issue 42, continued: the reverse pickup of an accepted return. When the owner accepts a return and the shop books
// couriers through a provider, a return order is booked (POST orders/create/return: picked up from the shopper's
// address, shipped to the shop, the pieces accepted for return) and its AWB assigned (courier/assign/awb). Its scans
// come through the same tracking webhook: with the courier → picked up; delivered (7) → arrived at the shop, which
// prompts the owner to check the pieces and refund (receiving stays her decision, piece by piece). Shiprocket has no
// idempotency key: the return id (`<order number>-R`) is looked up before booking and after a timeout.

const WITH_COURIER = new Set([42, 6, 18, 38, 17, 19]);
const DELIVERED = 7;
const CLAIM_MS = 5 * 60_000;
const ORDER: readonly ReturnPickupStatus[] = ['booking', 'failed', 'booked', 'picked_up', 'arrived'];

export const returnIdOf = (orderNumber: string) => `${orderNumber}-R`;
const rupees = (paise: number) => Math.round(paise) / 100;

/**
 * The shop's one-line address (Settings) as a return's destination: its last pincode, the city written with it or
 * before it (the state, when written there, is skipped), and the street before that.
 */
export function shopDestination(address: string, state = ''): { street: string; city: string; pincode: string | null } {
  const pincode = address.match(/\b[1-9]\d{5}\b/g)?.at(-1) ?? null;
  const parts = address
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  let cityAt = pincode ? parts.findIndex((part) => part.includes(pincode)) : -1;
  let city =
    cityAt >= 0
      ? parts[cityAt]!.replace(pincode!, '')
          .replace(/[-–\s]+$/, '')
          .trim()
      : '';
  while (cityAt > 0 && (!city || city.toLowerCase() === state.toLowerCase())) {
    cityAt -= 1;
    city = parts[cityAt]!;
  }
  return { street: parts.slice(0, Math.max(1, cityAt)).join(', '), city: city.slice(0, 30), pincode };
}

export function createReturnPickups(
  db: Db,
  deps: {
    provider: ShippingProvider | null;
    settings: Pick<SettingsService, 'get'>;
    notices: Pick<OrderNotices, 'write'>;
    now: () => Date;
    log: ShippingLog;
  },
) {
  const { provider, settings, notices, now, log } = deps;

  async function returnBody(orderId: string): Promise<ReturnOrderInput> {
    const order = (await orderOf(db, { id: orderId }))!;
    const items = await itemsOfOrder(db, orderId);
    const returning = await returnItemsOfOrder(db, orderId);
    const lines = returning
      .map((line) => ({ item: items.find((item) => item.id === line.orderItemId)!, quantity: line.quantity }))
      .filter((line) => line.item && line.quantity > 0);
    const chosen = lines.length > 0 ? lines : items.map((item) => ({ item, quantity: item.quantity }));
    const sizes = await packageSizes(
      db,
      chosen.map((line) => line.item.productId),
    );
    const parcel = parcelOf(chosen.map((line) => ({ size: sizes.get(line.item.productId) ?? DEFAULT_PACKAGE, quantity: line.quantity })));
    const shop = await settings.get();
    const to = shopDestination(shop.address, shop.state);
    const user = await userById(db, order.userId);
    const address = order.address;
    const [first = address.name, ...rest] = address.name.trim().split(/\s+/);
    return {
      order_id: returnIdOf(order.orderNumber),
      order_date: istDay(now()),
      pickup_customer_name: first,
      pickup_last_name: rest.join(' '),
      pickup_address: address.street,
      pickup_address_2: address.landmark ?? '',
      pickup_city: address.city.slice(0, 30),
      pickup_state: address.state,
      pickup_country: 'India',
      pickup_pincode: Number(address.pincode),
      pickup_email: user?.email ?? '',
      pickup_phone: address.phone.replace(/\D/g, '').slice(-10),
      shipping_customer_name: shop.name,
      shipping_address: to.street || shop.address,
      shipping_city: to.city || shop.state,
      shipping_country: 'India',
      shipping_pincode: Number(to.pincode ?? 0),
      shipping_state: shop.state,
      shipping_email: shop.email,
      shipping_phone: Number(shop.phone.replace(/\D/g, '').slice(-10)),
      order_items: chosen.map(({ item, quantity }) => ({
        name: [item.productName, item.variantName].filter(Boolean).join(' — '),
        sku: item.sku ?? item.productId,
        units: quantity,
        selling_price: rupees(item.unitPricePaise),
        ...(item.hsnCode ? { hsn: item.hsnCode } : {}),
      })),
      payment_method: 'PREPAID',
      sub_total: rupees(chosen.reduce((sum, line) => sum + line.item.unitPricePaise * line.quantity, 0)),
      length: parcel.lengthCm,
      breadth: parcel.breadthCm,
      height: parcel.heightCm,
      weight: parcel.weightKg,
    };
  }

  /** The provider's return order and AWB, found first if an earlier booking made it. */
  async function bookAtProvider(orderId: string, orderNumber: string) {
    const { client } = provider!;
    const returnId = returnIdOf(orderNumber);
    let found = await findReturnOrder(client, returnId);
    if (!found) {
      try {
        const created = await createReturnOrder(client, await returnBody(orderId));
        found = { orderId: created.orderId, shipmentId: created.shipmentId, awb: null, courier: null };
      } catch (error) {
        if (!(error instanceof ShiprocketError && error.kind === 'timeout')) throw error;
        found = await findReturnOrder(client, returnId);
        if (!found) throw error;
        log.warn({ orderNumber, shiprocketOrderId: found.orderId }, 'shiprocket return booking timed out but was made: finishing it');
      }
    }
    if (found.shipmentId === null) throw noReturnShipment();
    if (found.awb)
      return { providerOrderId: found.orderId, shipmentId: found.shipmentId, awb: found.awb, courierName: found.courier ?? '' };
    const assigned = await client.assignAwb(found.shipmentId);
    return { providerOrderId: found.orderId, shipmentId: found.shipmentId, awb: assigned.awb, courierName: assigned.courierName };
  }

  const view = (row: NonNullable<Awaited<ReturnType<typeof returnPickupOf>>>): ReturnPickup => ({
    status: row.status,
    awb: row.awb,
    courierName: row.courierName,
    trackingUrl: row.awb && provider ? provider.trackingUrl(row.awb) : null,
    pickupScheduled: row.pickupScheduled,
    failure: row.failure,
  });

  /**
   * Books the accepted return's pickup. A provider failure is recorded ('Pickup booking failed — retry') and
   * answered as an AppError; the return stays accepted. Booked already (or being booked): nothing is sent again.
   */
  async function book(orderId: string): Promise<void> {
    if (!provider) return;
    const order = await orderOf(db, { id: orderId });
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    if (order.status !== 'returned' || order.returnReceivedAt) {
      throw new AppError('CONFLICT', 'Only an accepted return that has not arrived can have its pickup booked.');
    }
    const at = now();
    if (!(await claimReturnPickup(db, orderId, at, new Date(at.getTime() - CLAIM_MS)))) return;
    let booked: Awaited<ReturnType<typeof bookAtProvider>>;
    try {
      booked = await bookAtProvider(orderId, order.orderNumber);
    } catch (error) {
      if (!(error instanceof ShiprocketError)) {
        await updateReturnPickup(db, orderId, { status: 'failed', failure: 'Something went wrong', updatedAt: now() });
        throw error;
      }
      await updateReturnPickup(db, orderId, { status: 'failed', failure: error.words, updatedAt: now() });
      log.warn({ orderNumber: order.orderNumber, error: error.words }, 'return pickup booking failed');
      const message = `${RETURN_PICKUP_FAILED}: ${error.words}`;
      throw error.status === 422 ? new AppError('INVALID_DATA', message) : new AppError('UNAVAILABLE', message);
    }
    await db.transaction(async (tx) => {
      await updateReturnPickup(tx, orderId, { status: 'booked', failure: null, ...booked, updatedAt: now() });
      const note = `A courier (${booked.courierName}) will collect your return from your address; its tracking number is ${booked.awb}.`;
      await insertOrderEvent(tx, { orderId, status: 'returned', actor: 'system', note, createdAt: now() });
      await notices.write(tx, 'status', order, note, `notice:return-pickup:${orderId}`);
    });
  }

  return {
    book,

    /** POST /api/admin/order/returnPickup/{orderId}: the owner's retry after a failed booking. */
    async retry(actor: AuditActor, orderId: string): Promise<void> {
      if (!provider) throw new AppError('CONFLICT', 'Couriers are booked by hand in this shop (SHIPPING_PROVIDER=manual).');
      void actor;
      await book(orderId);
    },

    async viewOf(orderId: string): Promise<ReturnPickup | null> {
      const row = await returnPickupOf(db, orderId);
      return row ? view(row) : null;
    },

    /**
     * The tracking webhook's scans for an AWB that is a return's: answers false when it is not one. The pickup only
     * moves forward (picked up, arrived), each move told on the order's timeline once.
     */
    async tracking(awb: string, statusIds: ReadonlySet<number>): Promise<boolean> {
      const row = await returnPickupByAwb(db, awb);
      if (!row) return false;
      const next: ReturnPickupStatus | null = statusIds.has(DELIVERED)
        ? 'arrived'
        : [...statusIds].some((id) => WITH_COURIER.has(id))
          ? 'picked_up'
          : null;
      if (!next || ORDER.indexOf(next) <= ORDER.indexOf(row.status)) return true;
      const at = now();
      await db.transaction(async (tx) => {
        const from = ORDER.slice(0, ORDER.indexOf(next));
        const moved = await updateReturnPickup(
          tx,
          row.orderId,
          { status: next, updatedAt: at, ...(next === 'arrived' ? { arrivedAt: at } : {}) },
          from,
        );
        if (!moved) return;
        const order = await orderOf(tx, { id: row.orderId });
        const note =
          next === 'arrived'
            ? `Your return reached us (tracking number ${awb}); we check the pieces and send your refund.`
            : `The courier collected your return (tracking number ${awb}).`;
        await insertOrderEvent(tx, {
          orderId: row.orderId,
          status: (order?.status ?? 'returned') as OrderStatus,
          actor: 'system',
          note,
          createdAt: at,
        });
      });
      return true;
    },
  };
}

export type ReturnPickups = ReturnType<typeof createReturnPickups>;
