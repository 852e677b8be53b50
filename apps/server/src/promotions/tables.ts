import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, date } from 'drizzle-orm/pg-core';
import { admins } from '../admin/tables.js';

// Issue 41: coupon codes and automatic offers. Amounts in paise; dates are India's calendar days, both ends
// included (a code valid to 31 Oct works all of 31 Oct IST). Order-level discounts come after the product's own
// discount (the selling price): the best automatic offer first, then one coupon.

/** A code a shopper types. Stored in capitals (codes are case-insensitive); unique. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    /** 'percent': `value` whole percent off (capped by maxDiscountPaise when set); 'flat': `value` paise off. */
    kind: text('kind', { enum: ['percent', 'flat'] }).notNull(),
    value: integer('value').notNull(),
    maxDiscountPaise: integer('max_discount_paise'),
    /** What the goods must come to after the product discounts and any automatic offer. */
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    /** Uses in all; null = no limit. `usedCount` counts live redemptions (released ones give their use back). */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    perCustomerLimit: integer('per_customer_limit'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Only pieces of these categories are discounted (and count towards the minimum); empty = every piece. */
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupons_code_unique').on(table.code),
    check('coupons_code_check', sql`${table.code} ~ '^[A-Z0-9]{3,20}$'`),
    check(
      'coupons_value_check',
      sql`(${table.kind} = 'percent' and ${table.value} between 1 and 90) or (${table.kind} = 'flat' and ${table.value} > 0 and ${table.maxDiscountPaise} is null)`,
    ),
    check(
      'coupons_limits_check',
      sql`${table.minOrderPaise} >= 0 and (${table.maxDiscountPaise} is null or ${table.maxDiscountPaise} > 0)
        and (${table.usageLimit} is null or ${table.usageLimit} > 0) and (${table.perCustomerLimit} is null or ${table.perCustomerLimit} > 0)
        and ${table.usedCount} >= 0 and (${table.usageLimit} is null or ${table.usedCount} <= ${table.usageLimit})
        and (${table.startsOn} is null or ${table.endsOn} is null or ${table.startsOn} <= ${table.endsOn})`,
    ),
  ],
);

/**
 * An offer applied without a code: 'pieces_percent' — `minPieces` or more pieces from `categoryIds` (empty = any) get
 * `percent` % off those pieces; 'order_flat' — goods of `minOrderPaise` or more get `flatPaise` off.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the bag and the invoice call it: 'Festive: 3 kurtis or more, 10 % off'. */
    name: text('name').notNull(),
    kind: text('kind', { enum: ['pieces_percent', 'order_flat'] }).notNull(),
    minPieces: integer('min_pieces'),
    percent: integer('percent'),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    minOrderPaise: integer('min_order_paise'),
    flatPaise: integer('flat_paise'),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'offers_kind_check',
      sql`(${table.kind} = 'pieces_percent' and ${table.minPieces} >= 1 and ${table.percent} between 1 and 90 and ${table.minOrderPaise} is null and ${table.flatPaise} is null)
        or (${table.kind} = 'order_flat' and ${table.minOrderPaise} > 0 and ${table.flatPaise} > 0 and ${table.flatPaise} < ${table.minOrderPaise} and ${table.minPieces} is null and ${table.percent} is null)`,
    ),
    check('offers_dates_check', sql`${table.startsOn} is null or ${table.endsOn} is null or ${table.startsOn} <= ${table.endsOn}`),
  ],
);

/**
 * One use of a coupon: by an online order or a counter bill (exactly one). `releasedAt` is set when the order is
 * cancelled or its reservation ran out unpaid: the use goes back (the coupon's usedCount drops in the same
 * transaction); a refunded order keeps its use.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    // No foreign keys to orders or bills: promotions do not own them; the order/bill keeps the coupon's code and
    // discount itself (orders.discounts), so history outlives a deleted coupon.
    orderId: uuid('order_id'),
    billId: uuid('bill_id'),
    /** The shopper (online) — per-customer limits and first-order-only count these. Null at the counter. */
    userId: uuid('user_id'),
    discountPaise: integer('discount_paise').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    check('coupon_redemptions_one_document', sql`(${table.orderId} is null) <> (${table.billId} is null)`),
    check('coupon_redemptions_discount_check', sql`${table.discountPaise} > 0`),
    uniqueIndex('coupon_redemptions_order_unique').on(table.orderId),
    uniqueIndex('coupon_redemptions_bill_unique').on(table.billId),
    index('coupon_redemptions_coupon_user_idx')
      .on(table.couponId, table.userId)
      .where(sql`${table.releasedAt} is null`),
  ],
);
