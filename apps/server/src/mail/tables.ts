import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every mail the shop sends, written in the transaction of what caused it and delivered by the mail worker
 * (mail/queue.ts): a mail is never lost to an SMTP outage, and never sent twice for one cause (`dedupe_key`).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the mail is about (code, order, invite, alert…): for logs and metrics only. */
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** The mail's Reply-To (a contact message: its sender), or null (replies go to MAIL_FROM). */
    replyTo: text('reply_to'),
    /** One mail per cause: a second insert with the same key is ignored. */
    dedupeKey: text('dedupe_key').unique(),
    /** The mail holds a secret (a one-time code): deleted as soon as it is sent or dropped. */
    sensitive: boolean('sensitive').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Not sent by then (a code that has expired): dropped and counted, never sent late. */
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** A worker holds the row until then while it talks to SMTP; after that another may take it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`sent_at is null and dropped_at is null`),
  ],
);
