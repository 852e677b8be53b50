import {
  AppError,
  CART_FULL_MESSAGE,
  MAX_CART_LINES,
  MAX_QUANTITY_PER_LINE,
  normaliseCouponCode,
  type BagPrice,
  type CappedLine,
  type Cart,
  type CartLine,
  type GuestCartLine,
  type PromoLineInput,
} from '@shop/core';
import { lineDetails, lineKey, sellableRow } from '../catalogue/queries.js';
import type { Db } from '../db/database.js';
import { bagCode, clearBagCode, couponRefused, priceLines, setBagCode } from '../promotions/bag-pricing.js';
import { createCouponThrottle } from '../promotions/code-throttle.js';
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

/** A line as promotions price it: pricing's parts, and the category offers and coupons may be limited to. */
export const promoLine = (row: CartLineRow): PromoLineInput => ({ ...priceLine(row), categoryId: row.category_id });

/**
 * The cart in the spec's shape with the server's prices: `sellable` lines (isSellable) priced by `totals` (promotions'
 * priceBag: offer and coupon included), and `code` the code on the bag. `photoUrl` moves a stored `/media/…` URL
 * under MEDIA_PUBLIC_URL (media/public-urls.ts).
 */
export function toCart(sellable: CartLineRow[], totals: BagPrice, code: string | null, photoUrl: (stored: string) => string): Cart {
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
    summary: {
      subtotal: totals.subtotal,
      shipping: totals.shipping,
      total: totals.total,
      discounts: totals.discounts.map(({ label, amount }) => ({ label, amount })),
      discount: totals.discount,
      coupon: code
        ? { code, applied: totals.coupon !== null, amount: totals.coupon?.amount ?? 0, refusal: totals.couponRefusal?.message ?? null }
        : null,
      offer: totals.offer ? { name: totals.offer.name, amount: totals.offer.amount } : null,
      nextOfferHint: totals.nextOfferHint,
    },
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
  const throttle = createCouponThrottle(db, now);

  /** Her bag priced with today's offers and `code` (her bag's code when left out). */
  async function priced(userId: string, code?: string | null) {
    const sellable = (await cartLineRows(db, userId)).filter(isSellable);
    const chosen = code === undefined ? await bagCode(db, userId) : code;
    const { price } = await priceLines(db, sellable.map(promoLine), now(), chosen, userId);
    return { sellable, price, code: chosen };
  }
  const view = async (userId: string) => {
    const { sellable, price, code } = await priced(userId);
    return toCart(sellable, price, code, photoUrl);
  };

  /**
   * Puts a code on her bag when it can be used on it now; else the refusal in words (field `code`). A code that does
   * not exist counts against her and her client (10 in 10 minutes, then 429), so codes cannot be guessed.
   */
  async function applyCoupon(userId: string, code: string, ip: string): Promise<Cart> {
    await throttle.assertAllowed(ip, userId);
    const { sellable, price } = await priced(userId, code);
    if (price.couponRefusal) {
      if (price.couponRefusal.kind === 'unknown') await throttle.recordWrong(ip, userId);
      throw couponRefused(price.couponRefusal);
    }
    await setBagCode(db, userId, code, now());
    return toCart(sellable, price, code, photoUrl);
  }

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

  /** A signed-out shopper's lines (her browser's) as the account's cart rows, priced with today's offers and `code`. */
  async function pricedGuest(lines: readonly GuestCartLine[], code: string | null) {
    const wanted = lines.map((line) => ({ productId: line.productId, variantId: line.variantId ?? null }));
    const details = await lineDetails(db, wanted);
    const rows = lines.flatMap((line, index): CartLineRow[] => {
      const detail = details.get(lineKey(line.productId, line.variantId ?? null));
      return detail ? [{ line_id: `guest-${index}`, quantity: line.quantity, ...detail }] : [];
    });
    const sellable = rows.filter(isSellable);
    const { price } = await priceLines(db, sellable.map(promoLine), now(), code);
    return { sellable, price };
  }

  return {
    get: view,
    applyCoupon,
    /**
     * A signed-out shopper's bag priced on the server with today's offers and the code she applied (kept in her
     * browser until she signs in, when merge applies it under her own rules).
     */
    async priceGuest(lines: readonly GuestCartLine[], code: string | null): Promise<Cart> {
      const { sellable, price } = await pricedGuest(lines, code);
      return toCart(sellable, price, code, photoUrl);
    },
    /** Checks a code for a signed-out shopper's bag as applyCoupon does (wrong codes counted against her client). */
    async checkGuestCoupon(lines: readonly GuestCartLine[], code: string, ip: string): Promise<Cart> {
      await throttle.assertAllowed(ip);
      const { sellable, price } = await pricedGuest(lines, code);
      if (price.couponRefusal) {
        if (price.couponRefusal.kind === 'unknown') await throttle.recordWrong(ip);
        throw couponRefused(price.couponRefusal);
      }
      return toCart(sellable, price, code, photoUrl);
    },
    async removeCoupon(userId: string): Promise<Cart> {
      await clearBagCode(db, userId);
      return view(userId);
    },

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
    async merge(
      userId: string,
      lines: GuestCartLine[],
      /** The code she applied while signed out, and her client (counted as applyCoupon counts). */
      coupon?: { code: string; ip: string },
    ): Promise<{ cart: Cart; capped: CappedLine[]; couponRefusal: string | null }> {
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
      // Her code follows her in: applied under the same rules as in the bag, now with her own (first order, uses).
      let couponRefusal: string | null = null;
      if (coupon) {
        try {
          return { cart: await applyCoupon(userId, normaliseCouponCode(coupon.code), coupon.ip), capped, couponRefusal };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          couponRefusal = error.fields?.code ?? error.message;
        }
      }
      return { cart: await view(userId), capped, couponRefusal };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
