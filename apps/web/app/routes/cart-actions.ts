import { AppError, MAX_QUANTITY_PER_LINE, applyCouponSchema, isUuid, type PageServices, type PublicUser } from '@shop/core';
import { data, redirect } from 'react-router';
import { loginThenReturnTo, paths } from '../config/paths';
import { pageOf, servicesOf, shopperOf } from '../context';
import { addToGuestCartOf, guestCartHeader, guestCouponHeader, readGuestCart, readGuestCoupon } from '../features/cart/guest-cart.server';
import { ADDED_TO_CART } from '../features/cart/add-to-cart-button';
import { hasGuestLine, removeFromGuestCart, setGuestQuantity } from '../features/cart/guest-cart';
import { priceGuestCart } from '../features/cart/price-guest-cart';
import { ENHANCED_FIELD, type Flash } from '../lib/flash';
import { backTo, redirectWithFlash } from '../lib/flash.server';
import type { Route } from './+types/cart-actions';
import { postedForm } from '../lib/read-form.server';

// The cart's changes, posted from every page (Add to Cart on the product page, the cart page's steppers and
// Remove and Move to wishlist, the signed-out cart's drawer): /cart/add, /cart/update, /cart/remove and
// /cart/move-to-wishlist (signed out, she is asked to log in first). Signed in, the account's cart
// (PageServices.cart); signed out, the `guest_cart` cookie, which the login and sign-up actions merge into the
// account (guest-cart.server.ts mergeGuestCart). GET /cart/guest answers the signed-out cart priced, for the drawer.

type Line = { productId: string; variantId?: string };

/** The line a form names: productId and, for a product with variants, variantId. */
function lineOf(form: FormData): Line {
  const productId = form.get('productId');
  const variantId = form.get('variantId');
  if (typeof productId !== 'string' || !isUuid(productId)) throw new AppError('NOT_FOUND', 'Product not found');
  if (typeof variantId === 'string' && variantId !== '') {
    if (!isUuid(variantId)) throw new AppError('NOT_FOUND', 'This colour and size of the product was not found.');
    return { productId, variantId };
  }
  return { productId };
}

/** The form's quantity, a whole number from 1 to the per-line limit. */
function quantityOf(form: FormData, fallback?: number): number {
  const raw = form.get('quantity');
  const quantity = raw === null || raw === '' ? fallback : Number(raw);
  if (quantity === undefined || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY_PER_LINE) {
    throw new AppError('INVALID_DATA', `quantity must be from 1 to ${MAX_QUANTITY_PER_LINE}`, {
      quantity: `From 1 to ${MAX_QUANTITY_PER_LINE}`,
    });
  }
  return quantity;
}

const enhanced = (form: FormData) => form.get(ENHANCED_FIELD) === '1';

/**
 * The answer to a cart form: with scripts the page stays and the fetcher gets `{ ok, toast }`; a plain HTML post goes
 * back to the page it came from, with the message. `setCookie` stores a changed signed-out cart.
 */
function answer(form: FormData, back: string, flash: Flash | null, setCookie: string | null) {
  const headers = new Headers();
  if (setCookie) headers.append('set-cookie', setCookie);
  if (enhanced(form)) return data({ ok: true as const, ...(flash ? { toast: flash } : {}) }, { headers });
  if (flash) return redirectWithFlash(back, flash, { headers });
  headers.set('location', back);
  return new Response(null, { status: 302, headers });
}

/**
 * A refusal (AppError): with scripts, the failure for the fetcher (its status, toasted by the button); a plain
 * HTML post goes back with the message, as a button-only form has no room for it.
 */
function refusal(form: FormData, back: string, error: AppError) {
  if (enhanced(form)) return data({ ok: false as const, error: error.message, fields: error.fields ?? {} }, { status: error.status });
  return redirectWithFlash(back, { kind: 'error', message: error.message });
}

/** The name of a line for a message, from the account's cart or the catalogue. */
async function nameOf(services: PageServices, user: PublicUser | null, line: Line): Promise<string> {
  if (user) {
    const cart = await services.cart.get(user._id);
    const found = cart.userCarts.find((item) => item.product.id === line.productId);
    if (found) return found.product.name;
  }
  const product = await services.catalogue.getProductDetails(line.productId).catch(() => null);
  return product?.productName ?? 'The item';
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const services = servicesOf(context);
  const user = shopperOf(context);
  const back = backTo(request, form, user ? paths.cart : paths.home);
  try {
    switch (params.intent) {
      case 'add': {
        const line = lineOf(form);
        const quantity = quantityOf(form, 1);
        const flash: Flash = { kind: 'success', message: ADDED_TO_CART };
        if (user) {
          await services.cart.add(user._id, { ...line, quantity });
          return answer(form, back, flash, null);
        }
        return answer(form, back, flash, guestCartHeader(await addToGuestCartOf(request, services, { ...line, quantity })));
      }
      case 'update': {
        const line = lineOf(form);
        const quantity = quantityOf(form);
        if (user) {
          await services.cart.updateQuantity(user._id, { ...line, quantity });
          return answer(form, back, null, null);
        }
        const lines = readGuestCart(request);
        if (!hasGuestLine(lines, line.productId, line.variantId)) throw new AppError('NOT_FOUND', 'This item is not in your cart.');
        return answer(form, back, null, guestCartHeader(setGuestQuantity(lines, line.productId, line.variantId, quantity)));
      }
      case 'remove': {
        const line = lineOf(form);
        const flash: Flash = { kind: 'success', message: `${await nameOf(services, user, line)} removed from your cart.` };
        if (user) {
          await services.cart.remove(user._id, line);
          return answer(form, back, flash, null);
        }
        return answer(form, back, flash, guestCartHeader(removeFromGuestCart(readGuestCart(request), line.productId, line.variantId)));
      }
      // The signed-out drawer's coupon form (issue 41): checked against her lines on the server, kept in a cookie
      // and applied to her account's bag when she logs in. Signed in, the bag's own code.
      case 'apply-coupon': {
        const checked = applyCouponSchema.safeParse({ code: form.get('code') ?? '' });
        if (!checked.success) {
          const message = checked.error.issues[0]?.message ?? 'Please enter a coupon code.';
          throw new AppError('INVALID_DATA', `code: ${message}`, { code: message });
        }
        const { code } = checked.data;
        const flash: Flash = { kind: 'success', message: `Coupon ${code} applied.` };
        if (user) {
          await services.cart.applyCoupon(user._id, code, pageOf(context).clientIp);
          return answer(form, back, flash, null);
        }
        await services.cart.checkGuestCoupon(readGuestCart(request), code, pageOf(context).clientIp);
        return answer(form, back, flash, guestCouponHeader(code));
      }
      case 'remove-coupon': {
        const flash: Flash = { kind: 'success', message: 'Coupon removed.' };
        if (user) {
          await services.cart.removeCoupon(user._id);
          return answer(form, back, flash, null);
        }
        return answer(form, back, flash, guestCouponHeader(null));
      }
      case 'move-to-wishlist': {
        // A wishlist is an account's: a signed-out shopper logs in first, the line going with her, and comes back to
        // the page with it moved (the login action); until then it stays in her bag.
        const line = lineOf(form);
        if (!user) throw redirect(loginThenReturnTo(back, line));
        const name = await nameOf(services, user, line);
        await services.wishlist.moveFromCart(user._id, line);
        return answer(form, back, { kind: 'success', message: `${name} moved to your wishlist.` }, null);
      }
      default:
        throw data(null, { status: 404 });
    }
  } catch (error) {
    if (error instanceof AppError) return refusal(form, back, error);
    throw error;
  }
}

/** A product no longer for sale (NOT_FOUND) is null; anything else goes on. */
function goneAsNull(error: unknown): null {
  if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
  throw error;
}

/** GET /cart/guest: the signed-out cart, priced from the catalogue (a product that is gone is listed as such). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.intent !== 'guest') throw data(null, { status: 404 });
  const { catalogue, cart } = servicesOf(context);
  const lines = readGuestCart(request);
  const products = new Map(
    await Promise.all(
      [...new Set(lines.map((line) => line.productId))].map(
        async (productId) => [productId, await catalogue.getProductDetails(productId).catch(goneAsNull)] as const,
      ),
    ),
  );
  // The server's summary beside it: today's offers and her code, priced as her account's bag will be.
  return { ...priceGuestCart(lines, products), summary: (await cart.priceGuest(lines, readGuestCoupon(request))).summary };
}
