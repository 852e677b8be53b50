import { contactMessageSchema, type ContactMessageInput, AppError } from '@shop/core';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { contactMessages } from './tables.js';

/** At most this many messages per IP address in any rolling hour: enough for a person, too few for a bot. */
export const CONTACT_LIMIT_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export interface StoredContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  ip: string;
  createdAt: Date;
}

export interface ContactService {
  /** Validates and stores a message; refuses with TOO_MANY_REQUESTS past the hourly limit of `ip`. */
  create(input: ContactMessageInput, ip: string): Promise<StoredContactMessage>;
  /** Every message, newest first (back-office). */
  list(): Promise<StoredContactMessage[]>;
}

export function createContactService(db: Db): ContactService {
  return {
    async create(input, ip) {
      const parsed = contactMessageSchema.safeParse(input);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'input'] ??= issue.message;
        const [field, message] = Object.entries(fields)[0] ?? ['input', 'is invalid'];
        throw new AppError('INVALID_DATA', `${field}: ${message}`, fields);
      }
      const since = new Date(Date.now() - HOUR_MS);
      // Two requests racing may both pass the count: harmless for a soft abuse limit.
      const [recent] = await db
        .select({ n: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.ip, ip), gt(contactMessages.createdAt, since)));
      if ((recent?.n ?? 0) >= CONTACT_LIMIT_PER_HOUR) {
        throw new AppError('TOO_MANY_REQUESTS', 'Too many messages. Please try again in an hour.');
      }
      const { name, email, phone, message } = parsed.data;
      const [row] = await db
        .insert(contactMessages)
        .values({ name, email, phone: phone ?? null, message, ip })
        .returning();
      return row!;
    },
    async list() {
      return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
    },
  };
}
