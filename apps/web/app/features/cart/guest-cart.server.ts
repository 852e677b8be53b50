import {
  AppError,
  COUPON_CODE_PATTERN,
  MAX_QUANTITY_PER_LINE,
  type CappedLine,
  type GuestCartLine,
  type PageServices,
  type ProductDetails,
} from '@shop/core';
import { parseCookie, stringifySetCookie } from 'cookie';
import { GUEST_CART_COOKIE, addToGuestCart, parseGuestCart, serializeGuestCart } from './guest-cart';

// The signed-out shopper's cart in the `guest_cart` cookie: read by the root loader (the header's count, the cart
// drawer), written by the cart actions (routes/cart-actions.ts), merged into the account at login or sign-up.

/** What the cookie's value may take, encoded, so that it stays well under browsers' 4 KB per cookie. */
export const GUEST_CART_MAX_BYTES = 3500;
/** A signed-out cart is kept a month. */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** 'Your cart is full' for a signed-out shopper: the cookie has no room for another line. */
export const GUEST_CART_FULL = 'Your cart is full. Log in to add more items.';

const cookieValue = (lines: readonly GuestCartLine[]) => encodeURIComponent(serializeGuestCart(lines));

/** Whether the lines fit in the cookie. */
export const fitsGuestCart = (lines: readonly GuestCartLine[]) => cookieValue(lines).length <= GUEST_CART_MAX_BYTES;

/** The lines the request's cookie carries; a missing or malformed cookie is an empty cart. */
export function readGuestCart(request: Request): GuestCartLine[] {
  const header = request.headers.get('cookie');
  return header ? parseGuestCart(parseCookie(header)[GUEST_CART_COOKIE]) : [];
}

/** Whether the request carries a guest cart cookie at all (well-formed or not). */
const hasGuestCartCookie = (request: Request) => {
  const header = request.headers.get('cookie');
  return Boolean(header && parseCookie(header)[GUEST_CART_COOKIE] !== undefined);
};

/** The Set-Cookie header value that stores the lines (an empty cart clears the cookie). */
export function guestCartHeader(lines: readonly GuestCartLine[]): string {
  if (lines.length === 0) return clearGuestCartHeader();
  return stringifySetCookie({
    name: GUEST_CART_COOKIE,
    value: serializeGuestCart(lines),
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: MAX_AGE_SECONDS,
  });
}

/** The Set-Cookie header value that clears the guest cart. */
export const clearGuestCartHeader = () =>
  stringifySetCookie({ name: GUEST_CART_COOKIE, value: '', path: '/', httpOnly: true, sameSite: 'lax', maxAge: 0 });

/** Pieces in stock of the product, or of its variant; refuses what cannot be bought as the account cart does. */
export function guestAvailable(product: ProductDetails, variantId: string | undefined): number {
  if (product.variants.length > 0 && !variantId) {
    throw new AppError('INVALID_DATA', 'Please choose a colour and size.', { variantId: 'Please choose a colour and size.' });
  }
  if (!variantId) return product.availableStock;
  const variant = product.variants.find((item) => item._id === variantId);
  if (!variant) throw new AppError('NOT_FOUND', 'This colour and size of the product was not found.', { variantId: 'not found' });
  return variant.quantity;
}

/**
 * Adds pieces to the signed-out shopper's cart within the stock, the per-line limit and the cookie's room; answers
 * the new lines, or refuses with the account cart's messages ('Only 2 left', 'Out of stock', at most 10).
 */
export async function addToGuestCartOf(
  request: Request,
  services: { catalogue: Pick<PageServices['catalogue'], 'getProductDetails'> },
  input: { productId: string; variantId?: string | undefined; quantity: number },
): Promise<GuestCartLine[]> {
  const product = await services.catalogue.getProductDetails(input.productId);
  const available = guestAvailable(product, input.variantId);
  const { lines, before, after } = addToGuestCart(readGuestCart(request), input, available);
  if (after <= before) {
    if (before >= MAX_QUANTITY_PER_LINE) {
      throw new AppError('INVALID_DATA', `You can buy at most ${MAX_QUANTITY_PER_LINE} of one item.`, {
        quantity: `At most ${MAX_QUANTITY_PER_LINE}`,
      });
    }
    throw new AppError('CONFLICT', available > 0 ? `Only ${available} left` : 'Out of stock');
  }
  if (!fitsGuestCart(lines)) throw new AppError('CONFLICT', GUEST_CART_FULL);
  return lines;
}

/** What the shopper reads about a line that did not fit: 'Only 2 of Silk Saree could be added'. */
export function cappedMessage(line: Pick<CappedLine, 'added'>, name: string): string {
  return line.added > 0 ? `Only ${line.added} of ${name} could be added` : `Sorry, ${name} could not be added.`;
}

/** What a merge said: the cookie to clear and one message per line that did not fit. */
export interface GuestCartMerge {
  /** The Set-Cookie header value that clears the guest cart (null: there was none, or the merge failed and it stays). */
  setCookie: string | null;
  /** The Set-Cookie header value that clears her coupon code once it went to the account (null: none to clear). */
  setCouponCookie?: string | null;
  /** 'Only 2 of Silk Saree could be added', one per line capped by the stock or the limits; for the shopper. */
  notices: string[];
}

/**
 * At login or sign-up: adds the signed-out cart of the request's cookie to the account's (quantities add up, capped
 * by the stock and the limits; lines no longer for sale are skipped) and answers the header that clears the cookie
 * with a notice for every capped line. When the merge fails the cookie stays, to be merged at the next login.
 *
 *     const merged = await mergeGuestCart(request, servicesOf(context), user._id);
 *     const headers = merged.setCookie ? { 'set-cookie': merged.setCookie } : undefined;
 *     // merged.notices: tell the shopper (a flash after 'Login successful!', or toasts)
 */
export async function mergeGuestCart(
  request: Request,
  services: { cart: Pick<PageServices['cart'], 'merge'>; catalogue: Pick<PageServices['catalogue'], 'getProductDetails'> },
  userId: string,
  /** Her client, counted against wrong coupon codes as the bag counts it. */
  clientIp = '',
): Promise<GuestCartMerge> {
  const lines = readGuestCart(request);
  const code = readGuestCoupon(request);
  if (lines.length === 0) return { setCookie: hasGuestCartCookie(request) ? clearGuestCartHeader() : null, notices: [] };
  let merged: Awaited<ReturnType<PageServices['cart']['merge']>>;
  try {
    merged = code ? await services.cart.merge(userId, lines, { code, ip: clientIp }) : await services.cart.merge(userId, lines);
  } catch {
    return { setCookie: null, notices: ['Your cart could not be moved to your account. It will be at your next login.'] };
  }
  const notices = await Promise.all(
    merged.capped.map(async (line) => {
      const inCart = merged.cart.userCarts.find((item) => item.product.id === line.productId)?.product.name;
      const name = inCart ?? (await services.catalogue.getProductDetails(line.productId).catch(() => null))?.productName;
      return cappedMessage(line, name ?? 'an item from your cart');
    }),
  );
  if (code && merged.couponRefusal) notices.push(`Coupon ${code} could not be applied: ${merged.couponRefusal}`);
  return { setCookie: clearGuestCartHeader(), ...(code ? { setCouponCookie: guestCouponHeader(null) } : {}), notices };
}

// ---- The coupon code a signed-out shopper applied (issue 41): kept beside her lines, applied to her account's bag at
// login under her own rules (first order, uses), so it follows her in.

/** The cookie holding a signed-out shopper's coupon code. */
export const GUEST_COUPON_COOKIE = 'guest_coupon';

/** Her code, in capitals, or null (anything that cannot be a code is none). */
export function readGuestCoupon(request: Request): string | null {
  const header = request.headers.get('cookie');
  const value = header ? parseCookie(header)[GUEST_COUPON_COOKIE] : undefined;
  return value && COUPON_CODE_PATTERN.test(value) ? value : null;
}

/** The Set-Cookie header value that stores her code (null clears it). */
export function guestCouponHeader(code: string | null): string {
  return stringifySetCookie({
    name: GUEST_COUPON_COOKIE,
    value: code ?? '',
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: code ? MAX_AGE_SECONDS : 0,
  });
}
