import { AppError, type WishlistEntry } from '@shop/core';
import type { CatalogueService } from '../catalogue/service.js';
import type { Db } from '../db/database.js';
import { addToWishlist, removeFromWishlist, wishlistOf } from './queries.js';

/** A shopper's wishlist: products she saved, newest first, with what the storefront shows of them. */
export function createWishlistService(db: Db, now: () => Date, catalogue: Pick<CatalogueService, 'activeCards'>) {
  return {
    async list(userId: string): Promise<WishlistEntry[]> {
      const rows = await wishlistOf(db, userId);
      const cards = new Map((await catalogue.activeCards(rows.map((row) => row.productId))).map((card) => [card._id, card]));
      return rows.map((row) => ({
        productId: row.productId,
        addedAt: row.createdAt.toISOString(),
        product: cards.get(row.productId) ?? null,
      }));
    },

    /** The ids of the products she saved, for the hearts on every page. */
    async productIds(userId: string): Promise<string[]> {
      return (await wishlistOf(db, userId)).map((row) => row.productId);
    },

    /** Adding a product that is already there changes nothing; only products for sale can be added. */
    async add(userId: string, productId: string): Promise<void> {
      const [card] = await catalogue.activeCards([productId]);
      if (!card) throw new AppError('NOT_FOUND', 'Product not found');
      await addToWishlist(db, userId, productId, now());
    },

    async remove(userId: string, productId: string): Promise<void> {
      if (!(await removeFromWishlist(db, userId, productId))) throw new AppError('NOT_FOUND', 'This product is not in your wishlist.');
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
