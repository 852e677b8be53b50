import { contactMessageSchema, invalidInput, type ContactMessageInput, AppError } from '@shop/core';
import type { Db } from '../db/database.js';
import { allContactMessages, insertContactMessage, messagesFromSince } from './queries.js';

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
        throw invalidInput(parsed.error.issues);
      }
      const since = new Date(Date.now() - HOUR_MS);
      // Two requests racing may both pass the count: harmless for a soft abuse limit.
      if ((await messagesFromSince(db, ip, since)) >= CONTACT_LIMIT_PER_HOUR) {
        throw new AppError('TOO_MANY_REQUESTS', 'Too many messages. Please try again in an hour.');
      }
      const { name, email, phone, message } = parsed.data;
      return insertContactMessage(db, { name, email, phone: phone ?? null, message, ip });
    },
    async list() {
      return allContactMessages(db);
    },
  };
}
