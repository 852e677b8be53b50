import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail kept instead of sent when SMTP_URL is not set; shown at /dev/mailbox outside production. */
export const devOutbox = pgTable('dev_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
