import type { DeliveryAttempt, ReturnPickupStatus } from '@shop/core';
import { and, asc, count, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { deliveryAttempts, returnPickups, type DeliveryAttemptRow, type ReturnPickupRow } from './tables.js';

// SQL of failed delivery attempts and reverse pickups (issue 42, continued; migration 0048).

/** Records the AWB's next failed attempt once; answers its number, or null when this scan was recorded already. */
export async function insertAttempt(
  tx: Db,
  row: { orderId: string; awb: string; reason: string; scannedAt: string },
): Promise<number | null> {
  const [seen] = await tx
    .select({ attempt: deliveryAttempts.attempt })
    .from(deliveryAttempts)
    .where(and(eq(deliveryAttempts.awb, row.awb), eq(deliveryAttempts.scannedAt, row.scannedAt)));
  if (seen) return null;
  const [{ value }] = (await tx.select({ value: count() }).from(deliveryAttempts).where(eq(deliveryAttempts.awb, row.awb))) as [
    { value: number },
  ];
  const inserted = await tx
    .insert(deliveryAttempts)
    .values({ ...row, attempt: value + 1 })
    .onConflictDoNothing()
    .returning({ attempt: deliveryAttempts.attempt });
  return inserted[0]?.attempt ?? null;
}

export function attemptsOfOrder(db: Db, orderId: string): Promise<DeliveryAttemptRow[]> {
  return db.select().from(deliveryAttempts).where(eq(deliveryAttempts.orderId, orderId)).orderBy(asc(deliveryAttempts.attempt));
}

export const attemptView = (row: DeliveryAttemptRow): DeliveryAttempt => ({
  attempt: row.attempt,
  reason: row.reason,
  at: row.scannedAt,
  reattemptRequested: row.reattempt === 'requested',
});

/** Claims the attempt's reattempt request: only one request per attempt reaches the provider. */
export async function claimReattempt(db: Db, id: number): Promise<boolean> {
  const claimed = await db
    .update(deliveryAttempts)
    .set({ reattempt: 'requesting' })
    .where(and(eq(deliveryAttempts.id, id), sql`${deliveryAttempts.reattempt} is null`))
    .returning({ id: deliveryAttempts.id });
  return claimed.length > 0;
}

export async function releaseReattempt(db: Db, id: number): Promise<void> {
  await db
    .update(deliveryAttempts)
    .set({ reattempt: null })
    .where(and(eq(deliveryAttempts.id, id), eq(deliveryAttempts.reattempt, 'requesting')));
}

export async function recordReattempt(tx: Db, id: number, comments: string, by: string, at: Date): Promise<void> {
  await tx
    .update(deliveryAttempts)
    .set({ reattempt: 'requested', reattemptComments: comments, reattemptBy: by, reattemptAt: at })
    .where(eq(deliveryAttempts.id, id));
}

export async function returnPickupOf(db: Db, orderId: string): Promise<ReturnPickupRow | undefined> {
  const [row] = await db.select().from(returnPickups).where(eq(returnPickups.orderId, orderId));
  return row;
}

export async function returnPickupByAwb(db: Db, awb: string): Promise<ReturnPickupRow | undefined> {
  const [row] = await db.select().from(returnPickups).where(eq(returnPickups.awb, awb));
  return row;
}

/**
 * Claims the order's reverse-pickup booking: a new row, or one whose booking failed (or stalled past `staleBefore`).
 * Answers false when it is booked already or another booking holds it.
 */
export async function claimReturnPickup(db: Db, orderId: string, at: Date, staleBefore: Date): Promise<boolean> {
  const claimed = await db
    .insert(returnPickups)
    .values({ orderId, status: 'booking', createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: returnPickups.orderId,
      set: { status: 'booking', failure: null, updatedAt: at },
      setWhere: or(eq(returnPickups.status, 'failed'), and(eq(returnPickups.status, 'booking'), lt(returnPickups.updatedAt, staleBefore))),
    })
    .returning({ orderId: returnPickups.orderId });
  return claimed.length > 0;
}

export async function updateReturnPickup(
  tx: Db,
  orderId: string,
  changes: Partial<Omit<ReturnPickupRow, 'orderId' | 'createdAt'>> & { updatedAt: Date },
  onlyFrom?: readonly ReturnPickupStatus[],
): Promise<boolean> {
  const where = onlyFrom
    ? and(eq(returnPickups.orderId, orderId), inArray(returnPickups.status, [...onlyFrom]))
    : eq(returnPickups.orderId, orderId);
  const updated = await tx.update(returnPickups).set(changes).where(where).returning({ orderId: returnPickups.orderId });
  return updated.length > 0;
}
