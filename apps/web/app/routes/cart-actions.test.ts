import { AppError, type Cart, type PageContext, type ProductDetails, type PublicUser } from '@shop/core';
import { parseCookie, parseSetCookie } from 'cookie';
import { describe, expect, it, vi } from 'vitest';
import { createLoadContext, shopperContext } from '../context';
import { GUEST_CART_COOKIE } from '../features/cart/guest-cart';
import { guestCartHeader } from '../features/cart/guest-cart.server';
import { FLASH_COOKIE } from '../lib/flash.server';
import { action as cartAction, loader as cartLoader } from './cart-actions';
import { action as wishlistAction } from './wishlist-actions';

const PRODUCT = '0b7e4c1e-5a51-4d39-9a53-2f3d0f0e6c11';
const VARIANT = '5f0c2b1a-3e4d-4c5b-8a6f-7e8d9c0b1a2f';
const asha = { _id: 'u1', userFirstName: 'Asha' } as PublicUser;
const emptyCart = {
  userCarts: [],
  summary: { subtotal: 0, shipping: 0, total: 0, discounts: [], discount: 0, coupon: null, offer: null, nextOfferHint: null },
  itemCount: 0,
} as Cart;
const saree = {
  _id: PRODUCT,
  productName: 'Silk Saree',
  productDescription: 'Woven silk',
  productImages: [],
  availableStock: 0,
  // Priced as the account cart is, from its parts (core's orderTotals): ₹1,250 less 20 % is ₹1,000.
  productPrice: 125_000,
  productDiscount: 20,
  price: { selling: 100_000, mrp: 125_000, saving: 25_000 },
  variants: [
    {
      _id: VARIANT,
      variantName: '',
      variantColor: 'Wine',
      variantSize: 'Free',
      variantColorPrice: 0,
      variantSizePrice: 0,
      quantity: 2,
      price: { selling: 100_000, mrp: 125_000 },
    },
  ],
} as unknown as ProductDetails;

interface Options {
  user?: PublicUser | null;
  services?: Record<string, unknown>;
  cookie?: string;
  enhanced?: boolean;
  referer?: string;
}

/** A form post to a resource route's action, with a page context of stub services. */
function post(path: string, intent: string, fields: Record<string, string>, options: Options = {}) {
  const body = new URLSearchParams(fields);
  if (options.enhanced) body.set('_enhanced', '1');
  // As a browser sends it: the form's length declared (lib/read-form.server.ts refuses a post without it).
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(Buffer.byteLength(body.toString())),
  };
  if (options.cookie) headers.cookie = options.cookie;
  headers.referer = options.referer ?? `http://localhost/product/${PRODUCT}?size=Free`;
  const request = new Request(`http://localhost${path}`, { method: 'POST', headers, body: body.toString() });
  const context = createLoadContext({ services: options.services ?? {} } as unknown as PageContext);
  context.set(shopperContext, options.user ?? null);
  return { request, context, params: { intent }, url: new URL(request.url), pattern: path };
}

const catalogue = {
  getProductDetails: vi.fn(async (id: string) => (id === PRODUCT ? saree : Promise.reject(new AppError('NOT_FOUND', 'Product not found')))),
};

/** What an action answered: a redirect (location, message, cookies) or data (status, body, cookies). */
async function answerOf(value: unknown) {
  if (value instanceof Response) {
    const cookies = value.headers.getSetCookie().map((cookie) => parseSetCookie(cookie));
    const flash = cookies.find((cookie) => cookie.name === FLASH_COOKIE)?.value;
    return {
      status: value.status,
      location: value.headers.get('location'),
      flash: flash ? (JSON.parse(flash) as unknown) : undefined,
      guestCart: cookies.find((cookie) => cookie.name === GUEST_CART_COOKIE),
    };
  }
  const result = value as { data: unknown; init: ResponseInit | null };
  const headers = new Headers(result.init?.headers);
  return {
    status: result.init?.status ?? 200,
    body: result.data,
    guestCart: headers
      .getSetCookie()
      .map((cookie) => parseSetCookie(cookie))
      .find((cookie) => cookie.name === GUEST_CART_COOKIE),
  };
}

const cookieOf = (lines: Parameters<typeof guestCartHeader>[0]) => {
  const set = parseSetCookie(guestCartHeader(lines));
  return `${set.name}=${encodeURIComponent(set.value ?? '')}`;
};

describe('the cart’s actions', () => {
  it('adds to a signed-out cart’s cookie and, posted without scripts, goes back to the page with the message', async () => {
    const answer = await answerOf(
      await cartAction(post('/cart/add', 'add', { productId: PRODUCT, variantId: VARIANT, quantity: '1' }, { services: { catalogue } })),
    );
    expect(answer).toMatchObject({
      status: 302,
      location: `/product/${PRODUCT}?size=Free`,
      flash: { kind: 'success', message: 'Added to your cart.' },
    });
    expect(JSON.parse(answer.guestCart?.value ?? '')).toEqual([{ productId: PRODUCT, variantId: VARIANT, quantity: 1 }]);
  });

  it('answers an enhanced post with the toast, and a refusal with its message (a plain post goes back with it)', async () => {
    const services = { catalogue };
    const added = await answerOf(
      await cartAction(post('/cart/add', 'add', { productId: PRODUCT, variantId: VARIANT }, { services, enhanced: true })),
    );
    expect(added).toMatchObject({ status: 200, body: { ok: true, toast: { kind: 'success', message: 'Added to your cart.' } } });

    const full = cookieOf([{ productId: PRODUCT, variantId: VARIANT, quantity: 2 }]);
    const refused = await answerOf(
      await cartAction(post('/cart/add', 'add', { productId: PRODUCT, variantId: VARIANT }, { services, cookie: full, enhanced: true })),
    );
    expect(refused).toMatchObject({ status: 409, body: { ok: false, error: 'Only 2 left' } });
    expect(refused.guestCart).toBeUndefined();

    const noSize = await answerOf(await cartAction(post('/cart/add', 'add', { productId: PRODUCT }, { services })));
    expect(noSize).toMatchObject({ status: 302, flash: { kind: 'error', message: 'Please choose a colour and size.' } });
  });

  it('adds to the account’s cart when signed in', async () => {
    const add = vi.fn(async () => emptyCart);
    const answer = await answerOf(
      await cartAction(
        post('/cart/add', 'add', { productId: PRODUCT, variantId: VARIANT, quantity: '2' }, { user: asha, services: { cart: { add } } }),
      ),
    );
    expect(add).toHaveBeenCalledWith('u1', { productId: PRODUCT, variantId: VARIANT, quantity: 2 });
    expect(answer).toMatchObject({ status: 302, flash: { message: 'Added to your cart.' } });
    expect(answer.guestCart).toBeUndefined();
  });

  it('changes and removes the lines of a signed-out cart, and of the account’s', async () => {
    const cookie = cookieOf([{ productId: PRODUCT, variantId: VARIANT, quantity: 1 }]);
    const stepped = await answerOf(
      await cartAction(
        post('/cart/update', 'update', { productId: PRODUCT, variantId: VARIANT, quantity: '3' }, { cookie, referer: 'http://localhost/' }),
      ),
    );
    expect(stepped).toMatchObject({ status: 302, location: '/' });
    expect(JSON.parse(stepped.guestCart?.value ?? '')).toEqual([{ productId: PRODUCT, variantId: VARIANT, quantity: 3 }]);
    const removed = await answerOf(
      await cartAction(post('/cart/remove', 'remove', { productId: PRODUCT, variantId: VARIANT }, { cookie, services: { catalogue } })),
    );
    expect(removed).toMatchObject({ flash: { message: 'Silk Saree removed from your cart.' } });
    expect(removed.guestCart).toMatchObject({ value: '', maxAge: 0 });

    const updateQuantity = vi.fn(async () => emptyCart);
    const remove = vi.fn(async () => emptyCart);
    const get = vi.fn(async () => ({ ...emptyCart, userCarts: [{ product: { id: PRODUCT, name: 'Silk Saree' } }] }) as unknown as Cart);
    const services = { cart: { updateQuantity, remove, get }, catalogue };
    await cartAction(post('/cart/update', 'update', { productId: PRODUCT, quantity: '2' }, { user: asha, services }));
    expect(updateQuantity).toHaveBeenCalledWith('u1', { productId: PRODUCT, quantity: 2 });
    const gone = await answerOf(
      await cartAction(post('/cart/remove', 'remove', { productId: PRODUCT }, { user: asha, services, enhanced: true })),
    );
    expect(remove).toHaveBeenCalledWith('u1', { productId: PRODUCT });
    expect(gone.body).toMatchObject({ ok: true, toast: { message: 'Silk Saree removed from your cart.' } });
  });

  it('refuses a quantity outside 1..10 and an item not in the signed-out cart', async () => {
    const zero = await answerOf(
      await cartAction(post('/cart/update', 'update', { productId: PRODUCT, quantity: '0' }, { enhanced: true })),
    );
    expect(zero).toMatchObject({ status: 400, body: { ok: false, fields: { quantity: 'From 1 to 10' } } });
    const missing = await answerOf(
      await cartAction(post('/cart/update', 'update', { productId: PRODUCT, quantity: '2' }, { enhanced: true })),
    );
    expect(missing).toMatchObject({ status: 404, body: { error: 'This item is not in your cart.' } });
  });

  it('moves a line to the wishlist in one call, and asks a signed-out shopper to log in first', async () => {
    const moveFromCart = vi.fn(async () => emptyCart);
    const get = vi.fn(async () => ({ ...emptyCart, userCarts: [{ product: { id: PRODUCT, name: 'Silk Saree' } }] }) as unknown as Cart);
    const services = { cart: { get }, wishlist: { moveFromCart }, catalogue };
    const moved = await answerOf(
      await cartAction(
        post(
          '/cart/move-to-wishlist',
          'move-to-wishlist',
          { productId: PRODUCT, variantId: VARIANT },
          { user: asha, services, enhanced: true },
        ),
      ),
    );
    expect(moveFromCart).toHaveBeenCalledWith('u1', { productId: PRODUCT, variantId: VARIANT });
    expect(moved.body).toMatchObject({ ok: true, toast: { kind: 'success', message: 'Silk Saree moved to your wishlist.' } });
    const plain = await answerOf(
      await cartAction(
        post(
          '/cart/move-to-wishlist',
          'move-to-wishlist',
          { productId: PRODUCT },
          { user: asha, services, referer: 'http://localhost/user/cart' },
        ),
      ),
    );
    expect(plain).toMatchObject({ status: 302, location: '/user/cart', flash: { message: 'Silk Saree moved to your wishlist.' } });

    const thrown: unknown = await cartAction(
      post('/cart/move-to-wishlist', 'move-to-wishlist', { productId: PRODUCT, variantId: VARIANT }, { services, cookie: cookieOf([]) }),
    ).catch((error: unknown) => error);
    expect((thrown as Response).headers.get('location')).toBe(
      `/login?redirectUrl=${encodeURIComponent(`/product/${PRODUCT}?size=Free`)}&saveToWishlist=${PRODUCT}&fromBag=${VARIANT}`,
    );
    expect(moveFromCart).toHaveBeenCalledTimes(2);
  });

  it('issue 38: a signed-out Move to wishlist sends her to log in with the line, and keeps it in her bag meanwhile', async () => {
    const cookie = cookieOf([{ productId: PRODUCT, variantId: VARIANT, quantity: 1 }]);
    const moveFromCart = vi.fn(async () => emptyCart);
    const services = { wishlist: { moveFromCart }, catalogue };
    for (const enhanced of [false, true]) {
      const thrown: unknown = await cartAction(
        post('/cart/move-to-wishlist', 'move-to-wishlist', { productId: PRODUCT, variantId: VARIANT }, { services, cookie, enhanced }),
      ).catch((error: unknown) => error);
      const location = new URL((thrown as Response).headers.get('location')!, 'http://localhost');
      expect(location.pathname).toBe('/login');
      expect(Object.fromEntries(location.searchParams)).toEqual({
        redirectUrl: `/product/${PRODUCT}?size=Free`,
        saveToWishlist: PRODUCT,
        fromBag: VARIANT,
      });
      // The bag is not touched: no cookie is set.
      expect((thrown as Response).headers.getSetCookie()).toEqual([]);
    }
    // A product without variants: an empty fromBag.
    const plain: unknown = await cartAction(
      post('/cart/move-to-wishlist', 'move-to-wishlist', { productId: PRODUCT }, { services, cookie }),
    ).catch((error: unknown) => error);
    expect((plain as Response).headers.get('location')).toMatch(new RegExp(`&saveToWishlist=${PRODUCT}&fromBag=$`));
    expect(moveFromCart).not.toHaveBeenCalled();
  });

  it('knows no other change', async () => {
    const thrown: unknown = await cartAction(post('/cart/merge', 'merge', {}, { enhanced: true })).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });

  it('prices the signed-out cart for the drawer, listing what is gone', async () => {
    const GONE = '1c8f5d2f-6b62-4e4a-8b64-3a4e1f1f7d22';
    const cookie = cookieOf([
      { productId: PRODUCT, variantId: VARIANT, quantity: 2 },
      { productId: GONE, quantity: 1 },
    ]);
    const request = new Request('http://localhost/cart/guest', { headers: { cookie } });
    // The server's summary (offers and her code, issue 41) comes with it.
    const priceGuest = vi.fn(async () => ({ ...emptyCart, summary: { ...emptyCart.summary, total: 1 } }));
    const context = createLoadContext({ services: { catalogue, cart: { priceGuest } } } as unknown as PageContext);
    const priced = await cartLoader({ request, context, params: { intent: 'guest' }, url: new URL(request.url), pattern: '/cart/:intent' });
    expect(priced.summary.total).toBe(1);
    expect(priceGuest).toHaveBeenCalledWith(expect.any(Array), null);
    expect(priced.lines).toMatchObject([{ name: 'Silk Saree', quantity: 2, lineTotal: 200_000, available: 2 }]);
    expect(priced.gone).toEqual([{ productId: GONE, quantity: 1 }]);
    expect(priced.subtotal).toBe(200_000);
    expect(parseCookie(cookie)[GUEST_CART_COOKIE]).toBeDefined();
  });
});

describe('the wishlist’s actions', () => {
  it('sends a signed-out visitor to log in and back to the page', async () => {
    const thrown: unknown = await wishlistAction(post('/wishlist/add', 'add', { productId: PRODUCT })).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('location')).toBe(
      `/login?redirectUrl=${encodeURIComponent(`/product/${PRODUCT}?size=Free`)}&saveToWishlist=${PRODUCT}`,
    );
    // Only a product id is carried: anything else is not.
    const odd: unknown = await wishlistAction(post('/wishlist/add', 'add', { productId: '//evil.example' })).catch(
      (error: unknown) => error,
    );
    expect((odd as Response).headers.get('location')).toBe(`/login?redirectUrl=${encodeURIComponent(`/product/${PRODUCT}?size=Free`)}`);
  });

  it('saves and removes a product with the spec’s toasts', async () => {
    const add = vi.fn(async () => {});
    const remove = vi.fn(async () => {});
    const services = { wishlist: { add, remove } };
    const saved = await answerOf(
      await wishlistAction(post('/wishlist/add', 'add', { productId: PRODUCT }, { user: asha, services, enhanced: true })),
    );
    expect(add).toHaveBeenCalledWith('u1', PRODUCT);
    expect(saved.body).toMatchObject({ ok: true, saved: true, toast: { message: 'Added to your wishlist.' } });
    const removed = await answerOf(
      await wishlistAction(post('/wishlist/remove', 'remove', { productId: PRODUCT }, { user: asha, services })),
    );
    expect(remove).toHaveBeenCalledWith('u1', PRODUCT);
    expect(removed).toMatchObject({ status: 302, flash: { message: 'Removed from your wishlist.' } });
  });

  it('keeps a signed-out shopper’s coupon code in its cookie once the server took it, and applies a signed-in one’s to her bag', async () => {
    const checkGuestCoupon = vi.fn(async (_lines: unknown, code: string) => {
      if (code !== 'FESTIVE10')
        throw new AppError('INVALID_DATA', `code: ${code} is not a valid coupon code.`, { code: `${code} is not a valid coupon code.` });
      return emptyCart;
    });
    const services = { catalogue, cart: { checkGuestCoupon } };
    const lines = cookieOf([{ productId: PRODUCT, variantId: VARIANT, quantity: 1 }]);
    const couponCookie = (value: unknown) => {
      const result = value as { init: ResponseInit | null };
      return new Headers(result.init?.headers)
        .getSetCookie()
        .map((cookie) => parseSetCookie(cookie))
        .find((cookie) => cookie.name === 'guest_coupon');
    };
    const applied = await cartAction(
      post('/cart/apply-coupon', 'apply-coupon', { code: ' festive10' }, { services, cookie: lines, enhanced: true }),
    );
    expect(await answerOf(applied)).toMatchObject({ status: 200, body: { ok: true, toast: { message: 'Coupon FESTIVE10 applied.' } } });
    expect(couponCookie(applied)).toMatchObject({ value: 'FESTIVE10', httpOnly: true });
    expect(checkGuestCoupon).toHaveBeenCalledWith([{ productId: PRODUCT, variantId: VARIANT, quantity: 1 }], 'FESTIVE10', undefined);

    const refused = await cartAction(
      post('/cart/apply-coupon', 'apply-coupon', { code: 'GUESS1' }, { services, cookie: lines, enhanced: true }),
    );
    expect(await answerOf(refused)).toMatchObject({
      status: 400,
      body: { ok: false, fields: { code: 'GUESS1 is not a valid coupon code.' } },
    });
    expect(couponCookie(refused)).toBeUndefined();
    const malformed = await answerOf(
      await cartAction(post('/cart/apply-coupon', 'apply-coupon', { code: 'a-b' }, { services, enhanced: true })),
    );
    expect(malformed).toMatchObject({ status: 400, body: { fields: { code: 'A coupon code has 3 to 20 letters and digits.' } } });

    const removed = await cartAction(post('/cart/remove-coupon', 'remove-coupon', {}, { services, enhanced: true }));
    expect(couponCookie(removed)).toMatchObject({ value: '', maxAge: 0 });

    const applyCoupon = vi.fn(async () => emptyCart);
    await cartAction(
      post(
        '/cart/apply-coupon',
        'apply-coupon',
        { code: 'festive10' },
        { user: asha, services: { cart: { applyCoupon } }, enhanced: true },
      ),
    );
    expect(applyCoupon).toHaveBeenCalledWith('u1', 'FESTIVE10', undefined);
  });
});
