import type { LightMyRequestResponse } from 'fastify';
import type { Cart, CappedLine } from '@shop/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { variants } from '../catalogue/tables.js';
import type { ErrorEnvelope } from '../http/envelope.js';
import { useTestApp } from '../test/app.js';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';
import { sellableProduct } from '../test/shop-fixture.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

const cartOf = (response: LightMyRequestResponse) => response.json<{ data: Cart }>().data;
const errorOf = (response: LightMyRequestResponse) => response.json<ErrorEnvelope>();

describe('cart', () => {
  it('adds to the same line, prices on the server and sums shipping below ₹999', async () => {
    const { sid } = await signedInUser(t.app, mail);
    // ₹499.50 MRP with 10% off → ₹449.55 → ₹450 a piece (whole rupees, half up).
    const kurti = await sellableProduct(t, { pricePaise: 49_950, discountPercent: 10, stock: 6 });
    await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { ...kurti, quantity: 1 } });
    const response = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { ...kurti, quantity: 1 } });
    expect(response.statusCode).toBe(200);
    const cart = cartOf(response);
    expect(cart.userCarts).toHaveLength(1);
    expect(cart.userCarts[0]).toMatchObject({ quantity: 2, unitPrice: 45_000, unitMrp: 49_950, lineTotal: 90_000, available: 6 });
    expect(cart.userCarts[0]!.product).toMatchObject({ id: kurti.productId, productPrice: 49_950, productDiscount: 10 });
    expect(cart.userCarts[0]!.product.variant).toMatchObject({ _id: kurti.variantId, variantColor: 'Blue', variantSize: 'M' });
    expect(cart.summary).toEqual({
      subtotal: 90_000,
      shipping: 5_000,
      total: 95_000,
      discounts: [],
      discount: 0,
      coupon: null,
      offer: null,
      nextOfferHint: null,
    });
    expect(cart.itemCount).toBe(2);

    // From ₹999 shipping is free.
    const more = cartOf(await jsonCall(t.app, 'PUT', '/api/user/product/updateCartQuantity', { sid, body: { ...kurti, quantity: 3 } }));
    expect(more.summary).toEqual({
      subtotal: 1_35_000,
      shipping: 0,
      total: 1_35_000,
      discounts: [],
      discount: 0,
      coupon: null,
      offer: null,
      nextOfferHint: null,
    });
    expect(cartOf(await jsonCall(t.app, 'GET', '/api/user/product/fetchUserCarts', { sid }))).toEqual(more);
  });

  it('refuses more than the stock with "Only N left", and more than 10 per line', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const scarce = await sellableProduct(t, { stock: 3 });
    const tooMany = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { ...scarce, quantity: 4 } });
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany).error).toBe('Only 3 left');
    const plenty = await sellableProduct(t, { stock: 50 });
    const eleven = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { ...plenty, quantity: 11 } });
    expect(eleven.statusCode).toBe(400);
    expect(errorOf(eleven).error).toBe('quantity: quantity must be at most 10');
    await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { ...plenty, quantity: 8 } });
    const overTen = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { ...plenty, quantity: 3 } });
    expect(overTen.statusCode).toBe(400);
    expect(errorOf(overTen).error).toBe('quantity: You can buy at most 10 of one item.');
    const soldOut = await sellableProduct(t, { stock: 0 });
    const none = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { ...soldOut, quantity: 1 } });
    expect(none.statusCode).toBe(409);
    expect(errorOf(none).error).toBe('Sorry, this item is out of stock.');
  });

  it('needs a variant for a product with variants, and answers 404 for unknown or archived products', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const kurti = await sellableProduct(t);
    const noVariant = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', {
      sid,
      body: { productId: kurti.productId, quantity: 1 },
    });
    expect(noVariant.statusCode).toBe(400);
    expect(errorOf(noVariant)).toMatchObject({
      error: 'variantId: Please choose a colour and size.',
      fields: { variantId: 'Please choose a colour and size.' },
    });
    const unknown = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', {
      sid,
      body: { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    const archivedId = await t.services.catalogueAdmin.createProduct({
      name: 'Old Kurti',
      slug: 'old-kurti-cart',
      description: '',
      categoryId: null,
      pricePaise: 10_000,
      status: 'archived',
      stock: 4,
    });
    const archived = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { productId: archivedId, quantity: 1 } });
    expect(archived.statusCode).toBe(404);
    const badId = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { productId: 'abc', quantity: 1 } });
    expect(errorOf(badId).error).toBe('productId: productId must be a product id');
  });

  it('sells a product without variants by its own stock, and removes lines', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const dupatta = await sellableProduct(t, { variants: false, stock: 2, pricePaise: 1_20_000 });
    const added = cartOf(
      await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { productId: dupatta.productId, quantity: 2 } }),
    );
    expect(added.userCarts[0]).toMatchObject({ quantity: 2, available: 2, lineTotal: 2_40_000 });
    expect(added.userCarts[0]!.product.variant).toBeNull();
    expect(added.summary.shipping).toBe(0);
    const removed = await jsonCall(t.app, 'DELETE', '/api/user/product/removeFromCart', { sid, body: { productId: dupatta.productId } });
    expect(cartOf(removed)).toEqual({
      userCarts: [],
      summary: { subtotal: 0, shipping: 0, total: 0, discounts: [], discount: 0, coupon: null, offer: null, nextOfferHint: null },
      itemCount: 0,
    });
    const again = await jsonCall(t.app, 'DELETE', '/api/user/product/removeFromCart', { sid, body: { productId: dupatta.productId } });
    expect(again.statusCode).toBe(404);
  });

  it('reads a bag of lines with and without variants in order, and leaves out a line whose variant was archived', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const first = await sellableProduct(t, { stock: 4 });
    const plain = await sellableProduct(t, { variants: false, stock: 2 });
    const last = await sellableProduct(t, { stock: 4 });
    for (const line of [first, plain, last]) {
      await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { ...line, quantity: 1 } });
    }
    const bag = cartOf(await jsonCall(t.app, 'GET', '/api/user/product/fetchUserCarts', { sid }));
    expect(bag.userCarts.map((line) => [line.product.id, line.product.variant?._id ?? null])).toEqual([
      [first.productId, first.variantId],
      [plain.productId, null],
      [last.productId, last.variantId],
    ]);

    // The owner retires the first line's colour and size: it is no longer for sale, the rest of the bag is.
    await t.database.db.update(variants).set({ archivedAt: new Date() }).where(eq(variants.id, first.variantId!));
    const after = cartOf(await jsonCall(t.app, 'GET', '/api/user/product/fetchUserCarts', { sid }));
    expect(after.userCarts.map((line) => line.product.id)).toEqual([plain.productId, last.productId]);
    expect(after.itemCount).toBe(2);
  });

  it('keeps each shopper’s cart to herself', async () => {
    const asha = await signedInUser(t.app, mail);
    const meera = await signedInUser(t.app, mail);
    const kurti = await sellableProduct(t);
    await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid: asha.sid, body: { ...kurti, quantity: 1 } });
    expect(cartOf(await jsonCall(t.app, 'GET', '/api/user/product/fetchUserCarts', { sid: meera.sid })).userCarts).toEqual([]);
    const update = await jsonCall(t.app, 'PUT', '/api/user/product/updateCartQuantity', {
      sid: meera.sid,
      body: { ...kurti, quantity: 2 },
    });
    expect(update.statusCode).toBe(404);
  });

  it('merges the browser cart at login: quantities add up, capped by stock, and the shopper is told', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const kurti = await sellableProduct(t, { stock: 4 });
    const saree = await sellableProduct(t, { stock: 9 });
    await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid, body: { ...kurti, quantity: 2 } });
    const response = await jsonCall(t.app, 'POST', '/api/user/product/mergeCart', {
      sid,
      body: {
        lines: [
          { ...kurti, quantity: 3 },
          { ...saree, quantity: 2 },
          { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const { userCarts, capped } = response.json<{ data: Cart & { capped: CappedLine[] } }>().data;
    expect(userCarts.map((line) => [line.product.id, line.quantity])).toEqual([
      [kurti.productId, 4],
      [saree.productId, 2],
    ]);
    expect(capped).toEqual([
      { productId: kurti.productId, variantId: kurti.variantId, requested: 3, added: 2 },
      { productId: '00000000-0000-4000-8000-000000000000', variantId: null, requested: 1, added: 0 },
    ]);
  });
});
