import { AppError, type Cart, type PageServices, type ProductDetails } from '@shop/core';
import { parseSetCookie } from 'cookie';
import { describe, expect, it, vi } from 'vitest';
import {
  GUEST_CART_FULL,
  addToGuestCartOf,
  clearGuestCartHeader,
  guestCartHeader,
  mergeGuestCart,
  GUEST_COUPON_COOKIE,
  guestCouponHeader,
  readGuestCart,
} from './guest-cart.server';
import { GUEST_CART_COOKIE } from './guest-cart';

const PRODUCT = '0b7e4c1e-5a51-4d39-9a53-2f3d0f0e6c11';
const PLAIN = '1c8f5d2f-6b62-4e4a-8b64-3a4e1f1f7d22';
const VARIANT = '5f0c2b1a-3e4d-4c5b-8a6f-7e8d9c0b1a2f';
const id = (index: number) => `0b7e4c1e-5a51-4d39-9a53-${String(index).padStart(12, '0')}`;

/** A request carrying the cookie a Set-Cookie header value stores. */
function requestWith(setCookie: string | null): Request {
  const cookie = setCookie ? parseSetCookie(setCookie) : null;
  return new Request('http://shop.test/product/x', {
    headers: cookie ? { cookie: `${cookie.name}=${encodeURIComponent(cookie.value ?? '')}` } : {},
  });
}

const details = (productId: string, name: string, variants: Array<{ _id: string; quantity: number }>, stock = 0) =>
  ({ _id: productId, productName: name, availableStock: stock, variants }) as unknown as ProductDetails;

const catalogue = (products: ProductDetails[]) => ({
  getProductDetails: vi.fn(async (productId: string) => {
    const found = products.find((product) => product._id === productId);
    if (!found) throw new AppError('NOT_FOUND', 'Product not found');
    return found;
  }),
});

describe('the guest cart cookie', () => {
  it('round-trips its lines through Set-Cookie and Cookie, and a malformed cookie is an empty cart', () => {
    const lines = [{ productId: PRODUCT, variantId: VARIANT, quantity: 2 }];
    const header = guestCartHeader(lines);
    expect(header).toMatch(new RegExp(`^${GUEST_CART_COOKIE}=`));
    expect(header).toContain('HttpOnly');
    expect(readGuestCart(requestWith(header))).toEqual(lines);
    expect(readGuestCart(new Request('http://shop.test/', { headers: { cookie: `${GUEST_CART_COOKIE}=%7Bbroken` } }))).toEqual([]);
    expect(guestCartHeader([])).toBe(clearGuestCartHeader());
    expect(clearGuestCartHeader()).toContain('Max-Age=0');
  });

  it('adds within the stock with the account cart’s messages', async () => {
    const services = {
      catalogue: catalogue([details(PRODUCT, 'Silk Saree', [{ _id: VARIANT, quantity: 2 }]), details(PLAIN, 'Jhumkas', [], 0)]),
    };
    const first = await addToGuestCartOf(requestWith(null), services, { productId: PRODUCT, variantId: VARIANT, quantity: 2 });
    expect(first).toEqual([{ productId: PRODUCT, variantId: VARIANT, quantity: 2 }]);
    await expect(
      addToGuestCartOf(requestWith(guestCartHeader(first)), services, { productId: PRODUCT, variantId: VARIANT, quantity: 1 }),
    ).rejects.toThrow('Only 2 left');
    await expect(addToGuestCartOf(requestWith(null), services, { productId: PRODUCT, quantity: 1 })).rejects.toThrow(
      'Please choose a colour and size.',
    );
    await expect(addToGuestCartOf(requestWith(null), services, { productId: PLAIN, quantity: 1 })).rejects.toThrow('Out of stock');
    await expect(addToGuestCartOf(requestWith(null), services, { productId: PRODUCT, variantId: PLAIN, quantity: 1 })).rejects.toThrow(
      'not found',
    );
  });

  it('refuses a line that would not fit in the cookie (some 20 lines do)', async () => {
    const products = [details(PRODUCT, 'Silk Saree', [{ _id: VARIANT, quantity: 5 }])];
    let lines: Array<{ productId: string; variantId: string; quantity: number }> = [];
    for (let index = 0; ; index += 1) {
      const next = [...lines, { productId: id(index), variantId: VARIANT, quantity: 10 }];
      if (encodeURIComponent(JSON.stringify(next)).length > 3500) break;
      lines = next;
    }
    expect(lines.length).toBeGreaterThanOrEqual(20);
    const request = requestWith(guestCartHeader(lines));
    expect(readGuestCart(request)).toEqual(lines);
    await expect(
      addToGuestCartOf(request, { catalogue: catalogue(products) }, { productId: PRODUCT, variantId: VARIANT, quantity: 1 }),
    ).rejects.toThrow(GUEST_CART_FULL);
  });
});

describe('mergeGuestCart', () => {
  const cart = (names: Array<[string, string]>): Cart =>
    ({ userCarts: names.map(([productId, name]) => ({ product: { id: productId, name } })), summary: {}, itemCount: 0 }) as unknown as Cart;

  it('merges the cookie’s lines, explains every capped line by name and clears the cookie', async () => {
    const lines = [
      { productId: PRODUCT, variantId: VARIANT, quantity: 4 },
      { productId: PLAIN, quantity: 1 },
    ];
    const merge = vi.fn(async () => ({
      cart: cart([[PRODUCT, 'Chiffon Leheriya Dupatta']]),
      capped: [
        { productId: PRODUCT, variantId: VARIANT, requested: 4, added: 3 },
        { productId: PLAIN, variantId: null, requested: 1, added: 0 },
      ],
    }));
    const services = {
      cart: { merge } as unknown as PageServices['cart'],
      catalogue: catalogue([details(PLAIN, 'Meenakari Jhumkas', [])]),
    };
    const merged = await mergeGuestCart(requestWith(guestCartHeader(lines)), services, 'user-1');
    expect(merge).toHaveBeenCalledWith('user-1', lines);
    expect(merged).toEqual({
      setCookie: clearGuestCartHeader(),
      notices: ['Only 3 of Chiffon Leheriya Dupatta could be added', 'Sorry, Meenakari Jhumkas could not be added.'],
    });
  });

  it('does nothing without a cart, clears a malformed cookie, and keeps the cookie when the merge fails', async () => {
    const merge = vi.fn(async () => {
      throw new Error('database down');
    });
    const services = { cart: { merge } as unknown as PageServices['cart'], catalogue: catalogue([]) };
    expect(await mergeGuestCart(requestWith(null), services, 'user-1')).toEqual({ setCookie: null, notices: [] });
    const malformed = new Request('http://shop.test/', { headers: { cookie: `${GUEST_CART_COOKIE}=nonsense` } });
    expect(await mergeGuestCart(malformed, services, 'user-1')).toEqual({ setCookie: clearGuestCartHeader(), notices: [] });
    expect(merge).not.toHaveBeenCalled();
    const failed = await mergeGuestCart(requestWith(guestCartHeader([{ productId: PRODUCT, quantity: 1 }])), services, 'user-1');
    expect(failed.setCookie).toBeNull();
    expect(failed.notices).toHaveLength(1);
  });

  it('takes the coupon code she applied signed out to her account’s bag, tells her when it is refused, and clears its cookie', async () => {
    const lines = [{ productId: PRODUCT, variantId: VARIANT, quantity: 1 }];
    const merge = vi.fn(async () => ({
      cart: cart([[PRODUCT, 'Chiffon Leheriya Dupatta']]),
      capped: [],
      couponRefusal: 'This code is for your first order only.',
    }));
    const services = { cart: { merge } as unknown as PageServices['cart'], catalogue: catalogue([]) };
    const request = new Request('http://shop.test/', {
      headers: { cookie: `${GUEST_CART_COOKIE}=${encodeURIComponent(JSON.stringify(lines))}; ${GUEST_COUPON_COOKIE}=WELCOME` },
    });
    const merged = await mergeGuestCart(request, services, 'user-1', '203.0.113.9');
    expect(merge).toHaveBeenCalledWith('user-1', lines, { code: 'WELCOME', ip: '203.0.113.9' });
    expect(merged).toEqual({
      setCookie: clearGuestCartHeader(),
      setCouponCookie: guestCouponHeader(null),
      notices: ['Coupon WELCOME could not be applied: This code is for your first order only.'],
    });
  });
});
