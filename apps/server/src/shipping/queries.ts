import type { Shipment } from '@shop/core';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import {
  orderShipments,
  serviceabilityCache,
  shipmentBookingClaims,
  shipmentScans,
  type CachedCourier,
  type OrderShipmentRow,
} from './tables.js';

// SQL of the shipping domain (issue 42): the parcel booked for an order, its scans, and cached serviceability.

export async function shipmentOfOrder(db: Db, orderId: string): Promise<OrderShipmentRow | undefined> {
  const [row] = await db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));
  return row;
}

export async function shipmentByAwb(db: Db, awb: string): Promise<OrderShipmentRow | undefined> {
  const [row] = await db.select().from(orderShipments).where(eq(orderShipments.awb, awb));
  return row;
}

export async function insertShipment(tx: Db, row: typeof orderShipments.$inferInsert): Promise<void> {
  await tx.insert(orderShipments).values(row);
}

/** Records a scan once (awb, status, date); answers whether it was new. */
export async function insertScan(tx: Db, row: typeof shipmentScans.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(shipmentScans).values(row).onConflictDoNothing().returning({ id: shipmentScans.id });
  return inserted.length > 0;
}

export async function noteLatestScan(tx: Db, orderId: string, statusId: number, at: Date): Promise<void> {
  await tx.update(orderShipments).set({ lastStatusId: statusId, lastScanAt: at }).where(eq(orderShipments.orderId, orderId));
}

/** The order's parcel as the order pages show it, scans newest first; undefined when none was booked. */
export async function shipmentView(db: Db, orderId: string): Promise<Shipment | undefined> {
  const row = await shipmentOfOrder(db, orderId);
  if (!row) return undefined;
  const scans = await db
    .select()
    .from(shipmentScans)
    .where(eq(shipmentScans.orderId, orderId))
    .orderBy(desc(shipmentScans.scannedAt), desc(shipmentScans.id));
  return {
    awb: row.awb,
    courierName: row.courierName,
    labelUrl: row.labelUrl,
    trackingUrl: row.trackingUrl,
    pickupScheduled: row.pickupScheduled,
    scans: scans.map((scan) => ({ label: scan.label, activity: scan.activity, location: scan.location, at: scan.scannedAt })),
  };
}

/** A cached serviceability answer for the pair, if fetched after `freshAfter`. */
export async function cachedServiceability(
  db: Db,
  pickup: string,
  delivery: string,
  freshAfter: Date,
): Promise<CachedCourier[] | undefined> {
  const [row] = await db
    .select({ answer: serviceabilityCache.answer })
    .from(serviceabilityCache)
    .where(
      and(
        eq(serviceabilityCache.pickupPincode, pickup),
        eq(serviceabilityCache.deliveryPincode, delivery),
        gt(serviceabilityCache.fetchedAt, freshAfter),
      ),
    );
  return row?.answer.couriers;
}

export async function cacheServiceability(db: Db, pickup: string, delivery: string, couriers: CachedCourier[], at: Date): Promise<void> {
  await db
    .insert(serviceabilityCache)
    .values({ pickupPincode: pickup, deliveryPincode: delivery, answer: { couriers }, fetchedAt: at })
    .onConflictDoUpdate({
      target: [serviceabilityCache.pickupPincode, serviceabilityCache.deliveryPincode],
      set: { answer: sql`excluded.answer`, fetchedAt: sql`excluded.fetched_at` },
    });
}

/** Claims the order's booking until `until`, unless another claim still holds; answers whether this one has it. */
export async function claimBooking(db: Db, orderId: string, at: Date, until: Date): Promise<boolean> {
  const claimed = await db
    .insert(shipmentBookingClaims)
    .values({ orderId, claimedUntil: until })
    .onConflictDoUpdate({
      target: shipmentBookingClaims.orderId,
      set: { claimedUntil: until },
      setWhere: sql`${shipmentBookingClaims.claimedUntil} <= ${at}`,
    })
    .returning({ orderId: shipmentBookingClaims.orderId });
  return claimed.length > 0;
}

export async function releaseBooking(db: Db, orderId: string): Promise<void> {
  await db.delete(shipmentBookingClaims).where(eq(shipmentBookingClaims.orderId, orderId));
}

/** The parcel's provider order was cancelled with the shop's order: never polled again. */
export async function noteProviderCancelled(db: Db, orderId: string, at: Date): Promise<void> {
  await db.update(orderShipments).set({ cancelledAt: at }).where(eq(orderShipments.orderId, orderId));
}

/**
 * Claims up to `limit` parcels still on their way with no scan since `staleBefore` and not polled since then
 * (cancelled parcels and those delivered or back at origin are done): each claim is the poll's time, written in the
 * same statement that picks them (FOR UPDATE SKIP LOCKED), so two instances never poll the same parcel.
 */
export async function claimStaleShipments(
  db: Db,
  input: { staleBefore: Date; at: Date; limit: number; finished: readonly number[] },
): Promise<OrderShipmentRow[]> {
  const finished = sql.join(
    input.finished.map((id) => sql`${id}`),
    sql`, `,
  );
  const picked = db
    .select({ orderId: orderShipments.orderId })
    .from(orderShipments)
    .where(
      and(
        isNull(orderShipments.cancelledAt),
        sql`(${orderShipments.lastStatusId} is null or ${orderShipments.lastStatusId} not in (${finished}))`,
        lt(sql`coalesce(${orderShipments.lastScanAt}, ${orderShipments.createdAt})`, input.staleBefore),
        or(isNull(orderShipments.polledAt), lt(orderShipments.polledAt, input.staleBefore)),
      ),
    )
    .orderBy(asc(orderShipments.createdAt))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  return db.update(orderShipments).set({ polledAt: input.at }).where(inArray(orderShipments.orderId, picked)).returning();
}
