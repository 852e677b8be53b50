import type { Address, Seller } from '@shop/core';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

const ORDER_STATUS_LIST = sql.raw(
  `'pending_payment', 'paid', 'packed', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded', 'awaiting_confirmation', 'confirmed', 'returned_to_origin'`,
);

/** One order-level discount as the bag, the order and the invoice list it: 'FESTIVE10' − ₹250. */
export interface OrderDiscount {
  kind: 'offer' | 'coupon';
  label: string;
  /** Paise taken off. */
  amount: number;
  /** The coupon's code (kind 'coupon'). */
  code?: string;
}

/** The delivery address as it was when the order was placed: later edits of the address book do not change it. */
/** Orders placed before addresses had a landmark and a type (migration 0023) have neither. */
export type AddressSnapshot = Omit<Address, 'isDefault' | 'landmark' | 'addressType'> & Partial<Pick<Address, 'landmark' | 'addressType'>>;

/** An online order. Money in paise, computed by @shop/core; status moves only along order-states.ts. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    /** Σ line totals at selling prices (the products' own discounts taken). */
    subtotalPaise: integer('subtotal_paise').notNull(),
    /** Order-level discounts (issue 41: the automatic offer, then the coupon), each listed in `discounts`. */
    discountPaise: integer('discount_paise').notNull().default(0),
    discounts: jsonb('discounts')
      .$type<OrderDiscount[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The coupon code used, in capitals, as typed into the order (the coupon itself may be deleted later). */
    couponCode: text('coupon_code'),
    shippingPaise: integer('shipping_paise').notNull(),
    /** 'online' (Razorpay) or 'cod' (cash on delivery, issue 41). */
    paymentMethod: text('payment_method', { enum: ['online', 'cod'] })
      .notNull()
      .default('online'),
    /** The cash-on-delivery fee (0 for online orders): taxed as shipping is, a composite supply at the goods' rate. */
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    /** subtotal − discount + shipping + COD fee: what she pays (online) or owes at the door (COD). */
    totalPaise: integer('total_paise').notNull(),
    razorpayOrderId: text('razorpay_order_id'),
    /** While pending_payment: when the reserved stock returns to the shelf. Null once paid or cancelled. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /** When the order's pieces went back to stock (expiry, cancellation): set once, so stock returns once. */
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * A COD order: when her e-mailed code confirmed it (issue 41), the COD twin of paidAt: the invoice number is drawn
     * then; paidAt follows when the cash is collected at the door.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * The tax invoice's number, 'WEB/26-27/00001': drawn when the order is paid, from a gapless series per financial
     * year of its own (migration 0021's trigger, in the paying transaction), so checkouts never paid leave no gap.
     */
    invoiceNumber: text('invoice_number'),
    /** The seller as the invoice was issued: set with the invoice number (migration 0032's trigger). */
    seller: jsonb('seller').$type<Seller>(),
    /** A business buyer's GSTIN, the name it is registered under and her state by its code (issue 43); all null for none. */
    buyerGstin: text('buyer_gstin'),
    buyerName: text('buyer_name'),
    buyerState: text('buyer_state'),
    cancelReason: text('cancel_reason'),
    returnReason: text('return_reason'),
    returnNote: text('return_note'),
    returnPhotos: text('return_photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A COD order's return (issue 41): the shopper's UPI ID, where its refund is sent by hand. */
    returnUpiId: text('return_upi_id'),
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    /** When an approved return's pieces arrived and were checked (issue 40): restocked or written off, then refunded. */
    returnReceivedAt: timestamp('return_received_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_order_number_unique').on(table.orderNumber),
    uniqueIndex('orders_invoice_number_unique').on(table.invoiceNumber),
    check(
      'orders_invoice_number_check',
      sql`(${table.paidAt} is null and ${table.confirmedAt} is null) = (${table.invoiceNumber} is null) and length(${table.invoiceNumber}) <= 16`,
    ),
    check('orders_confirmed_cod_check', sql`${table.confirmedAt} is null or ${table.paymentMethod} = 'cod'`),
    index('orders_cod_unconfirmed_idx')
      .on(table.reservedUntil)
      .where(sql`${table.status} = 'awaiting_confirmation'`),
    index('orders_user_cod_idx')
      .on(table.userId, table.status)
      .where(sql`${table.paymentMethod} = 'cod'`),
    uniqueIndex('orders_razorpay_order_id_unique').on(table.razorpayOrderId),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_pending_reserved_idx')
      .on(table.reservedUntil)
      .where(sql`${table.status} = 'pending_payment'`),
    index('orders_status_created_idx').on(table.status, table.createdAt),
    // Newest first, for the admin order list and the dashboard's latest orders.
    index('orders_created_idx').on(table.createdAt.desc().nullsFirst(), table.id),
    // The admin order search: number, delivery name or phone containing the words (ilike '%…%').
    index('orders_order_number_trgm_idx').using('gin', sql`${table.orderNumber} gin_trgm_ops`),
    index('orders_address_name_trgm_idx').using('gin', sql`(${table.address} ->> 'name') gin_trgm_ops`),
    index('orders_address_phone_trgm_idx').using('gin', sql`(${table.address} ->> 'phone') gin_trgm_ops`),
    // Sales reports: revenue of paid orders by day of payment.
    index('orders_paid_at_idx')
      .on(table.paidAt)
      .where(sql`${table.paidAt} is not null`),
    check(
      'orders_business_buyer_check',
      sql`(${table.buyerGstin} is null and ${table.buyerName} is null and ${table.buyerState} is null) or (length(${table.buyerGstin}) = 15 and length(${table.buyerName}) between 1 and 120 and ${table.buyerState} is not null)`,
    ),
    check('orders_status_check', sql`${table.status} in (${ORDER_STATUS_LIST})`),
    check(
      'orders_amounts_check',
      sql`${table.subtotalPaise} >= 0 and ${table.shippingPaise} >= 0 and ${table.discountPaise} between 0 and ${table.subtotalPaise} and ${table.codFeePaise} >= 0
        and ${table.totalPaise} = ${table.subtotalPaise} - ${table.discountPaise} + ${table.shippingPaise} + ${table.codFeePaise}`,
    ),
    check(
      'orders_payment_method_check',
      sql`${table.paymentMethod} in ('online', 'cod') and (${table.paymentMethod} = 'cod' or ${table.codFeePaise} = 0)`,
    ),
    check(
      'orders_return_upi_id_check',
      sql`${table.returnUpiId} is null or (${table.paymentMethod} = 'cod' and length(${table.returnUpiId}) <= 320)`,
    ),
  ],
);

/** What was bought, copied from the catalogue at the time of the order (names and prices may change later). */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // No foreign keys to the catalogue: history outlives products and variants.
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id'),
    productName: text('product_name').notNull(),
    productDescription: text('product_description').notNull(),
    categoryId: uuid('category_id'),
    categoryName: text('category_name'),
    hsnCode: text('hsn_code'),
    variantName: text('variant_name'),
    variantColor: text('variant_color'),
    variantSize: text('variant_size'),
    sku: text('sku'),
    unitMrpPaise: integer('unit_mrp_paise').notNull(),
    discountPercent: smallint('discount_percent').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalPaise: integer('line_total_paise').notNull(),
    /**
     * The line's share of the order-level discounts (offer and coupon), shared over the lines in proportion to
     * their totals to the last paisa (core's shareInProportion): what the invoice takes off the line before tax.
     */
    discountPaise: integer('discount_paise').notNull().default(0),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId, table.position),
    index('order_items_product_idx').on(table.productId),
    check('order_items_quantity_check', sql`${table.quantity} between 1 and 10`),
    check('order_items_total_check', sql`${table.lineTotalPaise} = ${table.unitPricePaise} * ${table.quantity}`),
    check('order_items_discount_check', sql`${table.discountPaise} between 0 and ${table.lineTotalPaise}`),
  ],
);

/** The order's timeline: one row per status change, with who or what made it. */
export const orderEvents = pgTable(
  'order_events',
  {
    // A running number: events of one instant keep the order they happened in.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    actor: text('actor').notNull(),
    /** The back-office admin who made the change, by name (issue 40); null for the shopper, Razorpay and the shop. */
    actorName: text('actor_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.createdAt)],
);

/** Running invoice numbers of online orders per financial year, bumped by the trigger that numbers a paid order. */
export const orderInvoiceCounters = pgTable('order_invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  last: integer('last').notNull(),
});

/** Running order numbers per month (IST): a row per month, bumped in the order's own transaction. */
export const orderNumberCounters = pgTable('order_number_counters', {
  yearMonth: text('year_month').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * How many orders are in each status, kept by a trigger on orders (migration 0011) so the dashboard does not
 * count every order. Spread over 16 stripes per status (by order id) so orders changing status at the same
 * moment rarely wait for one another's row.
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    status: text('status').notNull(),
    stripe: smallint('stripe').notNull(),
    orders: integer('orders').notNull(),
  },
  (table) => [primaryKey({ columns: [table.status, table.stripe] })],
);

/**
 * What a return asks to send back (issue 28): some pieces of some lines. The order moves to return_requested as a
 * whole; a later request while it is open adds lines or pieces (issue 38). When the return is received, only these
 * pieces go back to stock and only their share is refunded.
 */
export const orderReturnItems = pgTable(
  'order_return_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The reason this line was asked back with (RETURN_REASONS); null for lines of returns asked before issue 38. */
    reason: text('reason'),
    /** Once received (issue 40): pieces checked and put back on sale, and pieces written off (damaged); null before. */
    restockedQuantity: integer('restocked_quantity'),
    writtenOffQuantity: integer('written_off_quantity'),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.orderItemId] }),
    check('order_return_items_quantity_check', sql`${table.quantity} between 1 and 10`),
    check(
      'order_return_items_received_check',
      sql`coalesce(${table.restockedQuantity}, 0) >= 0 AND coalesce(${table.writtenOffQuantity}, 0) >= 0 AND coalesce(${table.restockedQuantity}, 0) + coalesce(${table.writtenOffQuantity}, 0) <= ${table.quantity}`,
    ),
  ],
);

/**
 * The code that confirms a COD order (issue 41): its HMAC only, valid as long as the order waits (24 hours). Wrong
 * tries are counted in windows: a few in one window, then the order's code waits until the window ends.
 */
export const codConfirmations = pgTable(
  'cod_confirmations',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes in the current window (from windowStartedAt). */
    wrongTries: integer('wrong_tries').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('cod_confirmations_wrong_tries_check', sql`${table.wrongTries} >= 0`)],
);
