import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { userWishlist } from './tables.js';

/** The products a shopper saved, newest first. */
export function wishlistOf(db: Db, userId: string): Promise<Array<{ productId: string; createdAt: Date }>> {
  return db
    .select({ productId: userWishlist.productId, createdAt: userWishlist.createdAt })
    .from(userWishlist)
    .where(eq(userWishlist.userId, userId))
    .orderBy(desc(userWishlist.createdAt));
}

/** Saves a product; saving it again changes nothing. */
export async function addToWishlist(db: Db, userId: string, productId: string, at: Date): Promise<void> {
  await db.insert(userWishlist).values({ userId, productId, createdAt: at }).onConflictDoNothing();
}

/** Whether the product was there to remove. */
export async function removeFromWishlist(db: Db, userId: string, productId: string): Promise<boolean> {
  const removed = await db
    .delete(userWishlist)
    .where(and(eq(userWishlist.userId, userId), eq(userWishlist.productId, productId)))
    .returning();
  return removed.length > 0;
}
