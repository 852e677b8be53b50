import { desc, sql } from 'drizzle-orm';
import { pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';
import { advisoryLock, statement } from '../../db/statements.js';
import type { Mail, Mailer } from '../../mail/mailer.js';
import { devMailboxRoutes } from './routes.js';

// The mail a development shop keeps instead of sending (no SMTP_URL), shown at /dev/mailbox. Its table sits in a
// schema of its own that the dev outbox creates when it is turned on (ensureDevOutbox), like the Razorpay emulator's
// (ADR 024): the shop's migrations never create it (0031 drops the `dev_outbox` that 0003 made), so a production
// database, which always sends over SMTP, has none of it. Not in db/schema.ts: drizzle-kit never sees it.

export const DEV_OUTBOX_SCHEMA = 'dev_mailbox';

export const devOutbox = pgSchema(DEV_OUTBOX_SCHEMA).table('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Added after the table's first shape: last, as ALTER TABLE adds it. */
  replyTo: text('reply_to'),
});

// The table above as DDL (mailbox.test.ts checks that the two agree). Its mail is disposable: a change here is an
// idempotent statement or a DROP SCHEMA ... CASCADE before these, never a migration of the shop's.
const DDL = [
  `create schema if not exists ${DEV_OUTBOX_SCHEMA}`,
  `create table if not exists ${DEV_OUTBOX_SCHEMA}.outbox (
    id uuid primary key default gen_random_uuid() not null,
    "to" text not null,
    subject text not null,
    html text not null,
    text text not null,
    created_at timestamp with time zone default now() not null
  )`,
  `create index if not exists outbox_created_at_idx on ${DEV_OUTBOX_SCHEMA}.outbox (created_at)`,
  // Added after the first dev shops made the table: they gain it on their next start.
  `alter table ${DEV_OUTBOX_SCHEMA}.outbox add column if not exists reply_to text`,
];

/** Creates the dev outbox's schema and table when they are missing (PGlite and PostgreSQL alike); a no-op after. */
export async function ensureDevOutbox(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL: IF NOT EXISTS alone still races in the catalogue.
    await advisoryLock(tx, 'dev-outbox-schema');
    for (const ddl of DDL) await tx.execute(sql.raw(ddl));
  });
}

export interface OutboxMail extends Mail {
  id: string;
  createdAt: Date;
}

/** The dev outbox: a Mailer that keeps each mail, the list /dev/mailbox shows, and that page's routes. */
export interface DevOutbox extends Mailer {
  /** Newest first. */
  list(limit?: number): Promise<OutboxMail[]>;
  /** GET /dev/mailbox; buildApp registers it outside production only. */
  routes: FastifyPluginAsync;
}

// Every order's confirmation goes through here on a shop without SMTP (the demo, bench:checkout): built once.
const insertMailStatement = statement('dev_outbox_insert', (db, name) =>
  db
    .insert(devOutbox)
    .values({
      to: sql.placeholder('to'),
      subject: sql.placeholder('subject'),
      html: sql.placeholder('html'),
      text: sql.placeholder('text'),
      replyTo: sql.placeholder('replyTo'),
    })
    .prepare(name),
);

/**
 * Turns the dev outbox on: its table is made now if missing, then each mail is stored (shown at /dev/mailbox) and
 * announced in one log line.
 */
export async function createDevOutbox(db: Db, announce: (mail: Mail) => void): Promise<DevOutbox> {
  await ensureDevOutbox(db);
  const outbox: DevOutbox = {
    async send(mail) {
      await insertMailStatement(db, {
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        replyTo: mail.replyTo ?? null,
      });
      announce(mail);
    },
    async list(limit = 50) {
      return db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt)).limit(limit);
    },
    routes: devMailboxRoutes(() => outbox.list()),
  };
  return outbox;
}
