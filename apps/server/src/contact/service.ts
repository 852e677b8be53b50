import {
  ADMIN_PAGE_SIZE,
  AppError,
  contactMessageSchema,
  contactReplyInputSchema,
  invalidInput,
  isUuid,
  type AdminContactMessage,
  type AdminContactPage,
  type AdminContactQuery,
  type ContactMessageInput,
} from '@shop/core';
import { recordAudit, type AuditActor } from '../audit/service.js';
import type { Db } from '../db/database.js';
import type { MailQueue } from '../mail/queue.js';
import { contactMessageMail, contactReplyMail } from '../mail/templates.js';
import type { SettingsService } from '../settings/service.js';
import {
  contactMessageById,
  contactMessagePage,
  insertContactMessage,
  insertContactReply,
  lockedContactMessage,
  markMessageHandled,
  messagesFromSince,
  repliesOf,
  unhandledMessageCount,
  type ContactMessageRow,
  type ContactReplyRow,
} from './queries.js';

/** At most this many messages per IP address in any rolling hour: enough for a person, too few for a bot. */
export const CONTACT_LIMIT_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export const CONTACT_MESSAGE_NOT_FOUND = 'Message not found.';

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
  /**
   * Validates and stores a message, and mails it to the shop's address (its settings' e-mail) through the outbox;
   * refuses with TOO_MANY_REQUESTS past the hourly limit of `ip`.
   */
  create(input: ContactMessageInput, ip: string): Promise<StoredContactMessage>;
  /** The back-office's inbox: those waiting first (or only those waiting, or only those handled), newest first, 50 a page. */
  list(query: AdminContactQuery): Promise<AdminContactPage>;
  /** One message with the shop's replies; NOT_FOUND for an unknown id. */
  get(messageId: string): Promise<AdminContactMessage>;
  /** Messages waiting for an answer. */
  unhandledCount(): Promise<number>;
  /** Marks a message handled by `actor` (audited); one handled already stays as it was. NOT_FOUND for an unknown id. */
  markHandled(actor: AuditActor, messageId: string): Promise<AdminContactMessage>;
  /**
   * Mails `reply` to the sender through the outbox, keeps it with the message and marks the message handled, in one
   * transaction (audited). INVALID_DATA naming `message` for an empty or long reply; NOT_FOUND for an unknown id.
   */
  reply(actor: AuditActor, messageId: string, reply: string): Promise<AdminContactMessage>;
}

const toAdminMessage = (row: ContactMessageRow, replies: readonly ContactReplyRow[]): AdminContactMessage => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
  handledBy: row.handledAt ? row.handledByLabel : null,
  replies: replies
    .filter((reply) => reply.messageId === row.id)
    .map((reply) => ({ _id: reply.id, message: reply.message, createdAt: reply.createdAt.toISOString(), by: reply.adminLabel })),
});

export function createContactService(
  db: Db,
  deps: { mail: MailQueue; settings: SettingsService; publicUrl: string; now?: () => Date },
): ContactService {
  const now = deps.now ?? (() => new Date());
  const notFound = () => new AppError('NOT_FOUND', CONTACT_MESSAGE_NOT_FOUND);

  /** The row of an id the page or the API sent, locked in `tx`; NOT_FOUND for one that is no message's. */
  const locked = async (tx: Db, messageId: string) => {
    const row = isUuid(messageId) ? await lockedContactMessage(tx, messageId) : undefined;
    if (!row) throw notFound();
    return row;
  };

  const withReplies = async (row: ContactMessageRow, executor: Db = db) => toAdminMessage(row, await repliesOf(executor, [row.id]));

  return {
    async create(input, ip) {
      const parsed = contactMessageSchema.safeParse(input);
      if (!parsed.success) throw invalidInput(parsed.error.issues);
      const at = now();
      // Two requests racing may both pass the count: harmless for a soft abuse limit.
      if ((await messagesFromSince(db, ip, new Date(at.getTime() - HOUR_MS))) >= CONTACT_LIMIT_PER_HOUR) {
        throw new AppError('TOO_MANY_REQUESTS', 'Too many messages. Please try again in an hour.');
      }
      const { name, email, phone, message } = parsed.data;
      // The message and its mail to the shop commit together: the mail is never lost, nor sent for a message not kept.
      const { stored, mailId } = await db.transaction(async (tx) => {
        const row = await insertContactMessage(tx, { name, email, phone: phone ?? null, message, ip, createdAt: at });
        const shop = await deps.settings.get(tx);
        const queued = await deps.mail.enqueue(tx, contactMessageMail({ to: shop.email, message: row, shop, publicUrl: deps.publicUrl }), {
          kind: 'contact',
          dedupeKey: `contact-message:${row.id}`,
        });
        return { stored: row, mailId: queued };
      });
      deps.mail.deliverSoon([mailId]);
      return stored;
    },

    async list(query) {
      const page = query.page ?? 1;
      const limit = ADMIN_PAGE_SIZE;
      const [{ rows, total }, unhandled] = await Promise.all([
        contactMessagePage(db, query.status ?? 'all', limit, (page - 1) * limit),
        unhandledMessageCount(db),
      ]);
      const replies = await repliesOf(
        db,
        rows.map((row) => row.id),
      );
      return { messages: rows.map((row) => toAdminMessage(row, replies)), total, page, limit, unhandled };
    },

    async get(messageId) {
      const row = isUuid(messageId) ? await contactMessageById(db, messageId) : undefined;
      if (!row) throw notFound();
      return withReplies(row);
    },

    unhandledCount: () => unhandledMessageCount(db),

    async markHandled(actor, messageId) {
      return db.transaction(async (tx) => {
        const before = await locked(tx, messageId);
        // Marked again (a second tab, a retry): nothing changes and nothing more is audited.
        if (before.handledAt) return withReplies(before, tx);
        const at = now();
        const after = await markMessageHandled(tx, before.id, { adminId: actor.id, label: actor.label }, at);
        await recordAudit(
          tx,
          actor,
          {
            action: 'contact_message.handle',
            entity: 'contact_message',
            entityId: before.id,
            before: { handled: false },
            after: { handled: true },
          },
          at,
        );
        return withReplies(after!, tx);
      });
    },

    async reply(actor, messageId, reply) {
      const parsed = contactReplyInputSchema.safeParse({ message: reply });
      if (!parsed.success) throw invalidInput(parsed.error.issues);
      const text = parsed.data.message;
      const { answer, mailId } = await db.transaction(async (tx) => {
        const message = await locked(tx, messageId);
        const at = now();
        const saved = await insertContactReply(tx, {
          messageId: message.id,
          adminId: actor.id,
          adminLabel: actor.label,
          message: text,
          createdAt: at,
        });
        const shop = await deps.settings.get(tx);
        const queued = await deps.mail.enqueue(tx, contactReplyMail({ message, reply: text, shop, publicUrl: deps.publicUrl }), {
          kind: 'contact-reply',
          dedupeKey: `contact-reply:${saved.id}`,
        });
        // An answered message is handled; one handled before keeps who and when.
        const handled = message.handledAt
          ? message
          : await markMessageHandled(tx, message.id, { adminId: actor.id, label: actor.label }, at);
        await recordAudit(
          tx,
          actor,
          {
            action: 'contact_message.reply',
            entity: 'contact_message',
            entityId: message.id,
            before: { handled: message.handledAt !== null },
            after: { handled: true, to: message.email, reply: text },
          },
          at,
        );
        return { answer: await withReplies(handled!, tx), mailId: queued };
      });
      deps.mail.deliverSoon([mailId]);
      return answer;
    },
  };
}
