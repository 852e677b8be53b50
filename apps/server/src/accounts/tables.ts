import { sql } from 'drizzle-orm';
import { products } from '../catalogue/tables.js';
import { bigserial, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Shoppers. The e-mail is stored in lowercase; the password only as an argon2id hash. */
export const users = pgTable('users', {
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
});

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
    purpose: text('purpose', { enum: ['login', 'verify', 'reset'] }).notNull(),
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

/**
 * Counters for rate limits and lock-outs (code sends per address and per IP, failed passwords per account and client
 * and per IP, failure alerts per account), kept in the database so every instance sees the same counts.
 */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', {
      enum: ['otp_sent_to_email', 'otp_sent_from_ip', 'password_failed', 'password_failed_from_ip', 'password_locked', 'password_alerted'],
    }).notNull(),
    subject: text('subject').notNull(),
    /** A failed password or a lock: the client it came from (an IPv6 client's /64), so one client's failures hold back only that client. */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    index('auth_events_kind_subject_idx').on(table.kind, table.subject, table.createdAt),
    index('auth_events_kind_subject_ip_idx').on(table.kind, table.subject, table.ip, table.createdAt),
  ],
);

export const userAddresses = pgTable(
  'user_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('user_addresses_user_id_idx').on(table.userId),
    uniqueIndex('user_addresses_one_default')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);

export const userWishlist = pgTable(
  'user_wishlist',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] })],
);

export const userNotifications = pgTable(
  'user_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('user_notifications_user_id_idx').on(table.userId, table.createdAt)],
);
