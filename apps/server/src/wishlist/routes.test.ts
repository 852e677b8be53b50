import type { LightMyRequestResponse } from 'fastify';
import type { Cart, WishlistEntry } from '@shop/core';
import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { useTestApp } from '../test/app.js';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';
import { sellableProduct } from '../test/shop-fixture.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

const cartOf = (response: LightMyRequestResponse) => response.json<{ data: Cart }>().data;
const errorOf = (response: LightMyRequestResponse) => response.json<ErrorEnvelope>();
const wishlistOf = async (sid: string) =>
  (await jsonCall(t.app, 'GET', '/api/user/profile/getMyWishlist', { sid })).json<{ data: { wishlist: WishlistEntry[] } }>().data.wishlist;

describe('moving between the wishlist and the bag', () => {
  it('Move to bag puts one piece of the chosen size in the bag and takes the product off the wishlist', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const kurti = await sellableProduct(t, { stock: 4 });
    await jsonCall(t.app, 'POST', '/api/user/profile/addToWishlist', { sid, body: { productId: kurti.productId } });
    const moved = await jsonCall(t.app, 'POST', '/api/user/profile/moveWishlistToCart', { sid, body: kurti });
    expect(moved.statusCode).toBe(200);
    expect(cartOf(moved).userCarts).toMatchObject([{ quantity: 1, available: 4, product: { id: kurti.productId } }]);
    expect(await wishlistOf(sid)).toEqual([]);
  });

  it('Move to bag leaves the wishlist as it was when the bag refuses (no size, sold out)', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const kurti = await sellableProduct(t, { stock: 1 });
    await jsonCall(t.app, 'POST', '/api/user/profile/addToWishlist', { sid, body: { productId: kurti.productId } });
    const noSize = await jsonCall(t.app, 'POST', '/api/user/profile/moveWishlistToCart', { sid, body: { productId: kurti.productId } });
    expect(noSize.statusCode).toBe(400);
    expect(errorOf(noSize).fields).toEqual({ variantId: 'Please choose a colour and size.' });
    // The last piece is already in her bag: a second one is refused with the stock.
    await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { ...kurti, quantity: 1 } });
    const soldOut = await jsonCall(t.app, 'POST', '/api/user/profile/moveWishlistToCart', { sid, body: kurti });
    expect(soldOut.statusCode).toBe(409);
    expect(errorOf(soldOut).error).toBe('Only 1 left');
    expect((await wishlistOf(sid)).map((entry) => entry.productId)).toEqual([kurti.productId]);
  });

  it('Move to wishlist takes the line out of the bag and saves the product; a line not in the bag is 404 (and saved)', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const kurti = await sellableProduct(t, { stock: 4 });
    const dress = await sellableProduct(t, { stock: 4 });
    await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { ...kurti, quantity: 2 } });
    await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { ...dress, quantity: 1 } });
    const moved = await jsonCall(t.app, 'POST', '/api/user/product/moveCartToWishlist', { sid, body: kurti });
    expect(moved.statusCode).toBe(200);
    expect(cartOf(moved).userCarts.map((line) => line.product.id)).toEqual([dress.productId]);
    expect((await wishlistOf(sid)).map((entry) => entry.productId)).toEqual([kurti.productId]);

    const again = await jsonCall(t.app, 'POST', '/api/user/product/moveCartToWishlist', { sid, body: kurti });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).error).toBe('This item is not in your cart.');
    const unknown = await jsonCall(t.app, 'POST', '/api/user/product/moveCartToWishlist', {
      sid,
      body: { productId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).error).toBe('Product not found');
  });

  it('needs a signed-in shopper', async () => {
    const kurti = await sellableProduct(t);
    expect((await jsonCall(t.app, 'POST', '/api/user/profile/moveWishlistToCart', { body: kurti })).statusCode).toBe(401);
    expect((await jsonCall(t.app, 'POST', '/api/user/product/moveCartToWishlist', { body: kurti })).statusCode).toBe(401);
  });
});
