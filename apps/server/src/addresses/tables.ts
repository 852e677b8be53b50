import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/** A shopper's delivery addresses; at most one is her default. */
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
    /** Optional ('' when none), at most 80 characters. */
    landmark: text('landmark').notNull().default(''),
    city: text('city').notNull(),
    district: text('district').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    /** 'home' or 'work' (core's ADDRESS_TYPES); earlier addresses are 'home'. */
    addressType: text('address_type').notNull().default('home'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('user_addresses_user_id_idx').on(table.userId),
    uniqueIndex('user_addresses_one_default')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);
