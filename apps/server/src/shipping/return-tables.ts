import { RETURN_PICKUP_STATUSES } from '@shop/core';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables.js';

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
