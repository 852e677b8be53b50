import type { WishlistItem } from '@shop/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { userWishlist } from './tables.js';

/**
 * A shopper's wishlist of product ids. Product names and images join in once the catalogue lands (see
 * the note on user_wishlist in tables.ts).
 */
export function createWishlistService(db: Db, now: () => Date) {
  return {
    async list(userId: string): Promise<WishlistItem[]> {
      const rows = await db.select().from(userWishlist).where(eq(userWishlist.userId, userId)).orderBy(desc(userWishlist.createdAt));
      return rows.map((row) => ({ productId: row.productId, addedAt: row.createdAt.toISOString() }));
    },

    /** Adding a product that is already there changes nothing. */
    async add(userId: string, productId: string): Promise<void> {
      await db.insert(userWishlist).values({ userId, productId, createdAt: now() }).onConflictDoNothing();
    },

    async remove(userId: string, productId: string): Promise<void> {
      const removed = await db
        .delete(userWishlist)
        .where(and(eq(userWishlist.userId, userId), eq(userWishlist.productId, productId)))
        .returning();
      if (removed.length === 0) throw new AppError('NOT_FOUND', 'This product is not in your wishlist.');
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
