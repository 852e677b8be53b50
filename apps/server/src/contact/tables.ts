import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from '../admin/tables.js';

/** Messages sent through the contact form, kept for the back-office to answer (its Messages page). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    /** Sender's address, for the per-IP hourly limit. */
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an admin marked it handled (or replied); null while it waits for an answer. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => admins.id, { onDelete: 'set null' }),
    /** Who handled it, as the audit log names her, kept as it was then. */
    handledByLabel: text('handled_by_label'),
  },
  (table) => [
    index('contact_messages_ip_created_at_idx').on(table.ip, table.createdAt),
    index('contact_messages_created_at_idx').on(table.createdAt),
    // The sidebar's count of messages waiting, on every back-office page.
    index('contact_messages_unhandled_idx')
      .on(table.createdAt)
      .where(sql`handled_at is null`),
  ],
);

/** The shop's answers to a message, each mailed to its sender through the mail outbox. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** Who wrote it, as the audit log names her. */
    adminLabel: text('admin_label').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_replies_message_id_idx').on(table.messageId, table.createdAt)],
);
