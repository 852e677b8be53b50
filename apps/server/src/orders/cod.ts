import { AppError, OPEN_COD_STATUSES } from '@shop/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.js';
import { tryAgainIn } from '../accounts/code-store.js';
import { codConfirmations, orders } from './tables.js';

// The code that confirms a cash-on-delivery order (issue 41): six digits mailed to the shopper, kept as an HMAC only,
// valid while the order waits (24 hours). Wrong tries are counted per order in windows: a few, then it waits.

export const COD_CODE_RULES = {
  /** Wrong codes for one order within the window, then it waits until the window ends (429). */
  wrongPerWindow: 5,
  windowMinutes: 15,
} as const;

export type CodConfirmationRow = typeof codConfirmations.$inferSelect;

export const newCodCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const hashCodCode = (secret: string, orderId: string, code: string): string =>
  createHmac('sha256', secret).update(`cod:${orderId}:${code}`).digest('hex');

export function codCodeMatches(secret: string, row: Pick<CodConfirmationRow, 'orderId' | 'codeHash'>, code: string): boolean {
  return timingSafeEqual(Buffer.from(row.codeHash, 'hex'), Buffer.from(hashCodCode(secret, row.orderId, code), 'hex'));
}

/** Her COD orders not yet confirmed or not yet delivered: the owner's abuse guard counts them. */
export async function openCodOrders(executor: Db, userId: string): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentMethod, 'cod'), inArray(orders.status, [...OPEN_COD_STATUSES])));
  return Number(row?.n ?? 0);
}

export async function insertCodConfirmation(tx: Db, row: typeof codConfirmations.$inferInsert): Promise<void> {
  await tx.insert(codConfirmations).values(row);
}

/** The order's code row, locked for the rest of the transaction (the order is locked first). */
export async function lockCodConfirmation(tx: Db, orderId: string): Promise<CodConfirmationRow | undefined> {
  const [row] = await tx.select().from(codConfirmations).where(eq(codConfirmations.orderId, orderId)).for('update');
  return row;
}

export async function updateCodConfirmation(tx: Db, orderId: string, changes: Partial<CodConfirmationRow>): Promise<void> {
  await tx.update(codConfirmations).set(changes).where(eq(codConfirmations.orderId, orderId));
}

const windowMs = COD_CODE_RULES.windowMinutes * 60_000;

/** 429 in words when the order's code had its wrong tries for this window; null while she may try. */
export function codThrottled(row: CodConfirmationRow, at: Date): AppError | null {
  if (!row.windowStartedAt || row.wrongTries < COD_CODE_RULES.wrongPerWindow) return null;
  const waitMs = row.windowStartedAt.getTime() + windowMs - at.getTime();
  if (waitMs <= 0) return null;
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Too many wrong codes. Please try again ${tryAgainIn(waitMs)}.`,
    { otp: `Too many wrong codes. Please try again ${tryAgainIn(waitMs)}.` },
    Math.max(1, Math.ceil(waitMs / 1000)),
  );
}

/** The counts after one more wrong try: a new window when the last one has ended. */
export function afterWrongTry(row: CodConfirmationRow, at: Date): Pick<CodConfirmationRow, 'wrongTries' | 'windowStartedAt'> {
  const open = row.windowStartedAt && at.getTime() - row.windowStartedAt.getTime() < windowMs;
  return open ? { wrongTries: row.wrongTries + 1, windowStartedAt: row.windowStartedAt } : { wrongTries: 1, windowStartedAt: at };
}

export const COD_WRONG_CODE = 'That code is not right. Please check the 6-digit code in the e-mail and try again.';
export const COD_CODE_EXPIRED = 'This code has expired: the order was not confirmed within 24 hours. Please order again.';

export const otpRefusal = (message: string) => new AppError('INVALID_DATA', message, { otp: message });
