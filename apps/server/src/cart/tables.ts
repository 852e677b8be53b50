import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { products, variants } from '../catalogue/tables.js';

/** A signed-in shopper's cart: one line per product and variant (variant null for products without variants). */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One line per product and variant: adding again adds to the line (nulls count as equal).
    unique('cart_lines_user_product_variant_unique').on(table.userId, table.productId, table.variantId).nullsNotDistinct(),
    index('cart_lines_user_idx').on(table.userId, table.createdAt),
    check('cart_lines_quantity_check', sql`${table.quantity} between 1 and 10`),
  ],
);

/** The coupon code she applied to her bag (issue 41), in capitals; priced afresh each time the bag is. */
export const cartCoupons = pgTable(
  'cart_coupons',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('cart_coupons_code_check', sql`${table.code} ~ '^[A-Z0-9]{3,20}$'`)],
);
