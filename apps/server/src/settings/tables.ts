import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's own details: exactly one row (id 1), read by pages and mails. Documents issued keep the seller's part
 * as it was (the `seller` column of orders, bills and credit notes, set by migration 0032's triggers).
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull(),
    /** The name the GSTIN is registered under. */
    legalName: text('legal_name').notNull().default(''),
    tagline: text('tagline').notNull(),
    logoUrl: text('logo_url').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    socialHandle: text('social_handle').notNull(),
    openingHours: text('opening_hours').notNull().default(''),
    gstin: text('gstin').notNull(),
    state: text('state').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the owner saved the details; null while they are the demo's (production then takes no orders). */
    savedAt: timestamp('saved_at', { withTimezone: true }),
  },
  (table) => [check('shop_settings_single_row', sql`${table.id} = 1`)],
);
