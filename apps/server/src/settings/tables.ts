import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** The owner's controls (issue 40, migration 0036): the most a staff member's counter return refunds (0: none). */
    staffReturnMaxPaise: integer('staff_return_max_paise').notNull().default(0),
    /** Staff return pieces only of a bill of the same India day. */
    staffReturnsSameDayOnly: boolean('staff_returns_same_day_only').notNull().default(true),
    /** Pieces at or under which a variant runs low (dashboard, products list). */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
    /** Cash on delivery (issue 41, migration 0041): off until the owner turns it on; amounts in paise. */
    codEnabled: boolean('cod_enabled').notNull().default(false),
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    /** The bag's total (goods and shipping) must lie between these for her to pay at the door. */
    codMinOrderPaise: integer('cod_min_order_paise').notNull().default(0),
    codMaxOrderPaise: integer('cod_max_order_paise').notNull().default(1_000_000),
    /** Her COD orders not yet confirmed or not yet delivered, at most. */
    codMaxOpenPerShopper: integer('cod_max_open_per_shopper').notNull().default(2),
    /** Which courier a booking takes when the owner picks none (issue 42): the cheapest or the fastest offered. */
    courierChoice: text('courier_choice', { enum: ['cheapest', 'fastest'] })
      .notNull()
      .default('cheapest'),
  },
  (table) => [
    check('shop_settings_single_row', sql`${table.id} = 1`),
    check('shop_settings_staff_return_max', sql`${table.staffReturnMaxPaise} >= 0`),
    check('shop_settings_low_stock_threshold', sql`${table.lowStockThreshold} between 1 and 1000`),
    check(
      'shop_settings_cod_check',
      sql`${table.codFeePaise} >= 0 and ${table.codMinOrderPaise} >= 0
        and ${table.codMaxOrderPaise} >= ${table.codMinOrderPaise} and ${table.codMaxOpenPerShopper} between 1 and 20`,
    ),
    check('shop_settings_courier_choice', sql`${table.courierChoice} in ('cheapest', 'fastest')`),
  ],
);
