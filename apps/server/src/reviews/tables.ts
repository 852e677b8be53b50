import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { products } from '../catalogue/tables.js';

/**
 * Reviews from shoppers who received the product (issue 28): one per product and shopper, edited in place. A hidden
 * review (the owner's, with a reason) is off the product page and out of its stars.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    helpfulCount: integer('helpful_count').notNull().default(0),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_reviews_product_user_unique').on(table.productId, table.userId),
    // The product page: its visible reviews newest first (or most helpful), and its stars.
    index('product_reviews_product_idx')
      .on(table.productId, table.createdAt.desc())
      .where(sql`${table.hiddenAt} is null`),
    // The back-office's list, newest first.
    index('product_reviews_created_idx').on(table.createdAt.desc()),
    check('product_reviews_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);

/** 'Helpful' taps: one per review and shopper. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.userId] })],
);

/** Up to three photos on a review (issue 28), stored and served like product photos. */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    /** Where the photo lives in the media store. */
    storageKey: text('storage_key').notNull(),
    /** The default rendition's address. */
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: smallint('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('review_photos_storage_key_unique').on(table.storageKey),
    index('review_photos_review_idx').on(table.reviewId, table.position),
    check('review_photos_position_check', sql`${table.position} between 0 and 2`),
  ],
);
