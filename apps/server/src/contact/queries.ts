import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { contactMessages } from './tables.js';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

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
  values: { name: string; email: string; phone: string | null; message: string; ip: string },
): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
}

/** Every message, newest first. */
export function allContactMessages(db: Db): Promise<ContactMessageRow[]> {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
}
