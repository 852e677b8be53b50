import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters for rate limits and lock-outs (code sends per address and per IP, wrong codes per address and client and
 * per client, failed passwords per account and client and per IP, failure alerts per account), kept in the database
 * so every instance sees the same counts. `kind` is plain text in the database: a new kind needs no migration.
 */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', {
      enum: [
        'otp_sent_to_email',
        'otp_sent_from_ip',
        'code_failed',
        'code_failed_from_ip',
        'password_failed',
        'password_failed_from_ip',
        'password_locked',
        'password_alerted',
        // Issue 41: wrong coupon codes per shopper and per client (promotions/code-throttle.ts).
        'coupon_failed',
        'coupon_failed_from_ip',
      ],
    }).notNull(),
    subject: text('subject').notNull(),
    /** A failed password, a lock or a wrong code: the client it came from (an IPv6 client's /64), so one client's failures hold back only that client. */
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auth_events_kind_subject_idx').on(table.kind, table.subject, table.createdAt),
    index('auth_events_kind_subject_ip_idx').on(table.kind, table.subject, table.ip, table.createdAt),
  ],
);
