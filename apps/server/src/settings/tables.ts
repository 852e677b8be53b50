import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** The shop's own details: exactly one row (id 1), read by pages, mails and invoices. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull(),
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
  },
  (table) => [check('shop_settings_single_row', sql`${table.id} = 1`)],
);
