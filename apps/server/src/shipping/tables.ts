import { RETURN_PICKUP_STATUSES } from '@shop/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables.js';

// Issue 42 (migration 0040): parcels booked through a shipping aggregator (Shiprocket), their scans, and couriers'
// serviceability per pincode pair. Owned by the shipping domain; orders move through the orders service.

/** The parcel booked for an order: the provider's order and shipment, the AWB, courier, label and tracking link. */
export const orderShipments = pgTable(
  'order_shipments',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default('shiprocket'),
    providerOrderId: bigint('provider_order_id', { mode: 'number' }).notNull(),
    shipmentId: bigint('shipment_id', { mode: 'number' }).notNull(),
    awb: text('awb').notNull(),
    /** The provider's courier id; null when a retried booking found the AWB already assigned. */
    courierId: integer('courier_id'),
    courierName: text('courier_name').notNull(),
    labelUrl: text('label_url').notNull(),
    trackingUrl: text('tracking_url').notNull(),
    /** As the provider wrote it (IST wall time), e.g. '2026-11-29 14:00:00'. */
    pickupScheduled: text('pickup_scheduled'),
    paymentMethod: text('payment_method', { enum: ['COD', 'Prepaid'] }).notNull(),
    /** What the courier collects at the door (COD), in paise; 0 for prepaid. */
    collectPaise: integer('collect_paise').notNull().default(0),
    /** The provider's status id of the latest scan applied (42 picked up, 7 delivered...). */
    lastStatusId: integer('last_status_id'),
    lastScanAt: timestamp('last_scan_at', { withTimezone: true }),
    /** When the provider's order was cancelled with the shop's order (migration 0047); such a parcel is never polled. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the reconciliation job last claimed the parcel to poll its scans (migration 0047). */
    polledAt: timestamp('polled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('order_shipments_awb_unique').on(table.awb),
    check('order_shipments_payment_method_check', sql`${table.paymentMethod} in ('COD', 'Prepaid')`),
    check('order_shipments_collect_check', sql`${table.collectPaise} >= 0`),
  ],
);

/** Each scan a tracking webhook (or the reconciliation job) brought, once: the order's courier timeline. */
export const shipmentScans = pgTable(
  'shipment_scans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    awb: text('awb').notNull(),
    statusId: integer('status_id').notNull(),
    label: text('label').notNull(),
    activity: text('activity').notNull().default(''),
    location: text('location').notNull().default(''),
    /** The scan's date as the provider wrote it (IST wall time). */
    scannedAt: text('scanned_at').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shipment_scans_once').on(table.awb, table.statusId, table.scannedAt),
    index('shipment_scans_order_idx').on(table.orderId, table.id),
  ],
);

/** courier/serviceability's answer per pickup–delivery pincode pair, kept a day. */
export const serviceabilityCache = pgTable(
  'serviceability_cache',
  {
    pickupPincode: text('pickup_pincode').notNull(),
    deliveryPincode: text('delivery_pincode').notNull(),
    answer: jsonb('answer').$type<{ couriers: CachedCourier[] }>().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ name: 'serviceability_cache_pk', columns: [table.pickupPincode, table.deliveryPincode] })],
);

/**
 * A booking under way (issue 42): Shiprocket has no idempotency key, so two clicks or two owners booking one order
 * at once must not both create it. The first claims the order until the claim runs out; the second is told to wait.
 */
export const shipmentBookingClaims = pgTable('shipment_booking_claims', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
});

export interface CachedCourier {
  id: number;
  name: string;
  /** Rupees, as the provider quotes them. */
  rate: number;
  days: number;
  cod: boolean;
}

export type OrderShipmentRow = typeof orderShipments.$inferSelect;
export type ShipmentScanRow = typeof shipmentScans.$inferSelect;

// Issue 42, continued (migration 0048): a booked parcel's failed delivery attempts (NDR) with the owner's reattempt
// request, and the reverse pickup booked for an accepted return. Owned by the shipping domain.

/** One failed delivery attempt (Shiprocket's UNDELIVERED scan), numbered per AWB; a reattempt asked once per attempt. */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    awb: text('awb').notNull(),
    attempt: integer('attempt').notNull(),
    /** The courier's words for it (the scan's activity): 'Consignee not available'. */
    reason: text('reason').notNull().default(''),
    /** The scan's date as the provider wrote it (IST wall time). */
    scannedAt: text('scanned_at').notNull(),
    /** null: not asked; 'requesting': the call is under way; 'requested': Shiprocket took it. */
    reattempt: text('reattempt', { enum: ['requesting', 'requested'] }),
    reattemptComments: text('reattempt_comments'),
    reattemptBy: text('reattempt_by'),
    reattemptAt: timestamp('reattempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('delivery_attempts_once').on(table.awb, table.attempt),
    index('delivery_attempts_order_idx').on(table.orderId, table.attempt),
    check('delivery_attempts_reattempt_check', sql`${table.reattempt} is null or ${table.reattempt} in ('requesting', 'requested')`),
  ],
);

/** The reverse pickup of an accepted return: booking (under way), failed (retry), booked, picked up, arrived. */
export const returnPickups = pgTable(
  'return_pickups',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_PICKUP_STATUSES }).notNull().default('booking'),
    providerOrderId: bigint('provider_order_id', { mode: 'number' }),
    shipmentId: bigint('shipment_id', { mode: 'number' }),
    awb: text('awb'),
    courierName: text('courier_name'),
    pickupScheduled: text('pickup_scheduled'),
    /** The provider's words when the booking failed. */
    failure: text('failure'),
    lastStatusId: integer('last_status_id'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('return_pickups_awb_unique').on(table.awb),
    check('return_pickups_status_check', sql`${table.status} in ('booking', 'failed', 'booked', 'picked_up', 'arrived')`),
  ],
);

export type DeliveryAttemptRow = typeof deliveryAttempts.$inferSelect;
export type ReturnPickupRow = typeof returnPickups.$inferSelect;
