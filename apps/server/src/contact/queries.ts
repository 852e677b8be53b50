import type { ContactFilter } from '@shop/core';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { contactMessages, contactReplies } from './tables.js';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type ContactReplyRow = typeof contactReplies.$inferSelect;

/** How many messages came from `ip` since `since`. */
export async function messagesFromSince(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.ip, ip), gt(contactMessages.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertContactMessage(
  db: Db,
  values: { name: string; email: string; phone: string | null; message: string; ip: string; createdAt: Date },
): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
}

const FILTERS: Record<ContactFilter, SQL | undefined> = {
  all: undefined,
  unhandled: isNull(contactMessages.handledAt),
  handled: isNotNull(contactMessages.handledAt),
};

/** One page of the messages of a filter: those waiting first, then newest first; and how many there are in all. */
export async function contactMessagePage(
  db: Db,
  filter: ContactFilter,
  limit: number,
  offset: number,
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const where = FILTERS[filter];
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(sql`${contactMessages.handledAt} is not null`, desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Messages waiting for an answer (a partial index keeps this cheap on every back-office page). */
export async function unhandledMessageCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.handledAt));
  return Number(row?.n ?? 0);
}

export async function contactMessageById(db: Db, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

/** The message, locked until the caller's transaction ends: a reply and a mark take turns. */
export async function lockedContactMessage(tx: Db, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  return row;
}

/** Marks a message handled by `by`, unless it is already; answers the row as it is now. */
export async function markMessageHandled(
  tx: Db,
  id: string,
  by: { adminId: string | null; label: string },
  at: Date,
): Promise<ContactMessageRow | undefined> {
  const [row] = await tx
    .update(contactMessages)
    .set({ handledAt: at, handledBy: by.adminId, handledByLabel: by.label })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
    .returning();
  return row;
}

export async function insertContactReply(
  tx: Db,
  values: { messageId: string; adminId: string | null; adminLabel: string; message: string; createdAt: Date },
): Promise<ContactReplyRow> {
  const [row] = await tx.insert(contactReplies).values(values).returning();
  return row!;
}

/** The replies to the given messages, oldest first. */
export async function repliesOf(db: Db, messageIds: readonly string[]): Promise<ContactReplyRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(contactReplies)
    .where(inArray(contactReplies.messageId, [...new Set(messageIds)]))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
}
