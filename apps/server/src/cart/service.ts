import {
  AppError,
  CART_FULL_MESSAGE,
  MAX_CART_LINES,
  MAX_QUANTITY_PER_LINE,
  orderTotals,
  type CappedLine,
  type Cart,
  type CartLine,
  type GuestCartLine,
} from '@shop/core';
import { sellableRow } from '../catalogue/queries.js';
import type { Db } from '../db/database.js';
import { cartLineOf, cartLineRows, deleteCartLine, lockCart, saveCartLine, type CartLineRow } from './queries.js';

// The signed-in shopper's cart: rules over queries.ts. Prices always come from @shop/core.

/** Pieces of a line's product or variant in stock now. */
export const availableOf = (row: Pick<CartLineRow, 'variant_id' | 'variant_quantity' | 'product_stock'>): number =>
  row.variant_id ? Number(row.variant_quantity ?? 0) : Number(row.product_stock);

/** A line is for sale when its product is active and, for a product with variants, its variant still exists. */
export const isSellable = (row: CartLineRow): boolean =>
  row.product_status === 'active' && (row.has_variants ? row.variant_id !== null : true);

export function priceLine(row: CartLineRow) {
  return {
    productPrice: Number(row.price_paise),
    variantColorPrice: Number(row.variant_color_price_paise ?? 0),
    variantSizePrice: Number(row.variant_size_price_paise ?? 0),
    productDiscount: Number(row.discount_percent),
    quantity: row.quantity,
  };
}

/** The cart in the spec's shape with the server's prices; lines no longer for sale are left out. */
/** `photoUrl` moves a stored `/media/…` URL under MEDIA_PUBLIC_URL (media/public-urls.ts). */
export function toCart(rows: CartLineRow[], photoUrl: (stored: string) => string): Cart {
  const sellable = rows.filter(isSellable);
  const totals = orderTotals(sellable.map(priceLine));
  const userCarts = sellable.map((row, index): CartLine => {
    const priced = totals.lines[index]!;
    return {
      product: {
        id: row.product_id,
        name: row.product_name,
        description: row.product_description,
        productPrice: Number(row.price_paise),
        productDiscount: Number(row.discount_percent),
        images: row.image_url ? [{ url: photoUrl(row.image_url) }] : [],
        variant: row.variant_id
          ? {
              _id: row.variant_id,
              variantName: row.variant_name ?? '',
              variantColor: row.variant_color ?? '',
              variantSize: row.variant_size ?? '',
              variantColorPrice: Number(row.variant_color_price_paise ?? 0),
              variantSizePrice: Number(row.variant_size_price_paise ?? 0),
            }
          : null,
      },
      quantity: row.quantity,
      unitPrice: priced.selling,
      unitMrp: priced.mrp,
      lineTotal: priced.total,
      available: availableOf(row),
    };
  });
  return {
    userCarts,
    summary: { subtotal: totals.subtotal, shipping: totals.shipping, total: totals.total },
    itemCount: userCarts.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** 'Only 3 left' (or out of stock): the 409 of a quantity the shelf cannot cover. */
export function notEnoughStock(available: number, name?: string): AppError {
  const what = name ? ` of ${name}` : '';
  return new AppError('CONFLICT', available > 0 ? `Only ${available} left${what}` : `Sorry, ${name ?? 'this item'} is out of stock.`, {
    quantity: available > 0 ? `Only ${available} left` : 'Out of stock',
  });
}

/** Checks that the product (and variant) can be bought; answers the pieces in stock. */
async function stockFor(db: Db, productId: string, variantId: string | undefined): Promise<number> {
  const row = await sellableRow(db, productId, variantId);
  if (!row || row.status !== 'active') throw new AppError('NOT_FOUND', 'Product not found');
  if (row.has_variants && !variantId)
    throw new AppError('INVALID_DATA', 'variantId: Please choose a colour and size.', { variantId: 'Please choose a colour and size.' });
  if (variantId && !row.variant_id)
    throw new AppError('NOT_FOUND', 'This colour and size of the product was not found.', { variantId: 'not found' });
  return variantId ? Number(row.variant_quantity) : Number(row.stock);
}

/** A new line refused because the cart already holds MAX_CART_LINES. */
const cartFull = () => new AppError('CONFLICT', CART_FULL_MESSAGE);

export function createCartService(db: Db, now: () => Date, photoUrl: (stored: string) => string) {
  const view = async (userId: string) => toCart(await cartLineRows(db, userId), photoUrl);

  /** Sets a line to `quantity` pieces, within the per-line limit and the stock; one transaction per change. */
  async function setLine(userId: string, productId: string, variantId: string | undefined, quantity: (current: number) => number) {
    await db.transaction(async (tx) => {
      await lockCart(tx, userId);
      const available = await stockFor(tx, productId, variantId);
      const existing = await cartLineOf(tx, userId, productId, variantId);
      const wanted = quantity(existing?.quantity ?? 0);
      if (wanted > MAX_QUANTITY_PER_LINE) {
        throw new AppError('INVALID_DATA', `quantity: You can buy at most ${MAX_QUANTITY_PER_LINE} of one item.`, {
          quantity: `At most ${MAX_QUANTITY_PER_LINE}`,
        });
      }
      if (wanted > available) throw notEnoughStock(available);
      const line = { userId, productId, variantId: variantId ?? null, quantity: wanted };
      if (!(await saveCartLine(tx, existing?.id ?? null, line, now(), MAX_CART_LINES))) throw cartFull();
    });
  }

  return {
    get: view,

    async add(userId: string, input: { productId: string; variantId?: string; quantity: number }): Promise<Cart> {
      await setLine(userId, input.productId, input.variantId, (current) => current + input.quantity);
      return view(userId);
    },

    async updateQuantity(userId: string, input: { productId: string; variantId?: string; quantity: number }): Promise<Cart> {
      if (!(await cartLineOf(db, userId, input.productId, input.variantId)))
        throw new AppError('NOT_FOUND', 'This item is not in your cart.');
      await setLine(userId, input.productId, input.variantId, () => input.quantity);
      return view(userId);
    },

    async remove(userId: string, input: { productId: string; variantId?: string }): Promise<Cart> {
      if (!(await deleteCartLine(db, userId, input.productId, input.variantId)))
        throw new AppError('NOT_FOUND', 'This item is not in your cart.');
      return view(userId);
    },

    /**
     * Adds a signed-out shopper's browser cart to the account's: quantities add up, capped by the per-line
     * limit and the stock; lines that no longer exist, or that find the cart full (MAX_CART_LINES), are skipped. Answers what was capped, to tell the shopper.
     */
    async merge(userId: string, lines: GuestCartLine[]): Promise<{ cart: Cart; capped: CappedLine[] }> {
      const capped: CappedLine[] = [];
      for (const line of lines) {
        let added = 0;
        try {
          await db.transaction(async (tx) => {
            await lockCart(tx, userId);
            const available = await stockFor(tx, line.productId, line.variantId);
            const existing = await cartLineOf(tx, userId, line.productId, line.variantId);
            const current = existing?.quantity ?? 0;
            const target = Math.min(current + line.quantity, MAX_QUANTITY_PER_LINE, Math.max(available, current));
            added = Math.max(0, target - current);
            // A line that is not there yet needs a free place; when the cart is full it is left out and reported.
            const saved =
              target > 0 &&
              (await saveCartLine(
                tx,
                existing?.id ?? null,
                { userId, productId: line.productId, variantId: line.variantId ?? null, quantity: target },
                now(),
                MAX_CART_LINES,
              ));
            if (!saved) added = 0;
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          added = 0;
        }
        if (added < line.quantity)
          capped.push({ productId: line.productId, variantId: line.variantId ?? null, requested: line.quantity, added });
      }
      return { cart: await view(userId), capped };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
