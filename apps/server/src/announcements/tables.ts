import type { AnnouncementKind } from '@shop/core';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { categories } from '../catalogue/tables.js';

// drizzle-kit loads this file without the workspace build: only a type comes from core, checked to match its list.
const ANNOUNCEMENT_KINDS = ['offer', 'collection', 'news'] as const satisfies readonly AnnouncementKind[];

/** The shop's public announcements (/notifications): offers, new collections, shop news. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    kind: text('kind', { enum: ANNOUNCEMENT_KINDS }).notNull(),
    /** A relative storefront path such as '/filter?minDiscount=30', or null. */
    link: text('link'),
    /**
     * An offer is a saved filter (issue 28): its minimum discount, and optionally its category. Its link is the
     * listing of exactly those products, so every item it shows carries the discount it promises.
     */
    offerMinDiscount: smallint('offer_min_discount'),
    offerCategoryId: uuid('offer_category_id').references(() => categories.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    check('announcements_kind_check', sql`${table.kind} in ('offer', 'collection', 'news')`),
    // Only paths on this site: never an open redirect or an off-site link.
    check('announcements_link_check', sql`${table.link} is null or (${table.link} like '/%' and ${table.link} not like '//%')`),
    check('announcements_offer_discount_check', sql`${table.offerMinDiscount} is null or ${table.offerMinDiscount} between 1 and 90`),
    index('announcements_published_at_idx').on(table.publishedAt),
  ],
);
