import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Shoppers. The e-mail is stored in lowercase; the password only as an argon2id hash. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    dob: date('dob', { mode: 'string' }),
    gender: text('gender'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by an admin: a blocked shopper cannot log in, and her sessions ended when she was blocked. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
  },
  (table) => [
    // The back-office's shopper list, newest first; its search (e-mail, name or phone containing the words), which
    // the order search and the counter's customer lookup ask too.
    index('users_created_idx').on(table.createdAt.desc().nullsFirst(), table.id),
    index('users_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
    index('users_full_name_trgm_idx').using('gin', sql`(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`),
    index('users_phone_trgm_idx').using('gin', sql`${table.phone} gin_trgm_ops`),
  ],
);

/** Server-side sessions: the cookie holds a random token, this table only its SHA-256. */
export const userSessions = pgTable(
  'user_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('user_sessions_user_id_idx').on(table.userId)],
);

/** One-time codes, HMAC-hashed; a code is used up, voided or replaced by setting consumed_at. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['login', 'verify', 'reset', 'admin-reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Set when a sign-up code was entered correctly: the address may register for a while after. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (table) => [index('otp_codes_email_purpose_idx').on(table.email, table.purpose, table.createdAt)],
);
