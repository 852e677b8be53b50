import { AppError, type Cart, type WishlistEntry } from '@shop/core';
import type { CartService } from '../cart/service.js';
import type { CatalogueService } from '../catalogue/service.js';
import type { Db } from '../db/database.js';
import { addToWishlist, removeFromWishlist, wishlistOf } from './queries.js';

/** A shopper's wishlist: products she saved, newest first, with what the storefront shows of them. */
export function createWishlistService(
  db: Db,
  now: () => Date,
  catalogue: Pick<CatalogueService, 'activeCards'>,
  cart: Pick<CartService, 'add' | 'remove'>,
) {
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

    /**
     * 'Move to bag': the bag first, so a size the stock cannot cover (or a full bag) leaves the wishlist as it was;
     * a product that was not on the wishlist still goes into the bag.
     */
    async moveToCart(userId: string, line: { productId: string; variantId?: string }): Promise<Cart> {
      const moved = await cart.add(userId, { ...line, quantity: 1 });
      await removeFromWishlist(db, userId, line.productId);
      return moved;
    },

    /** 'Move to wishlist': saved first, so a product no longer for sale (NOT_FOUND) stays in the bag to be removed. */
    async moveFromCart(userId: string, line: { productId: string; variantId?: string }): Promise<Cart> {
      const [card] = await catalogue.activeCards([line.productId]);
      if (!card) throw new AppError('NOT_FOUND', 'Product not found');
      await addToWishlist(db, userId, line.productId, now());
      return cart.remove(userId, line);
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
