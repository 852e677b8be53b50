import {
  addToCartSchema,
  applyCouponSchema,
  cappedLineSchema,
  cartSchema,
  mergeCartSchema,
  removeFromCartSchema,
  updateCartQuantitySchema,
} from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopperOf } from '../auth/plugin.js';
import { errorEnvelope, ok, okEnvelope } from '../http/envelope.js';
import type { CartService } from './service.js';

const tags = ['cart'];
const cartAnswer = { 200: okEnvelope(cartSchema) };

/** The signed-in shopper's cart (spec §2.6, §3); registered in the shopper scope. Amounts in paise. */
export const cartRoutes =
  (cart: CartService): FastifyPluginAsyncZod =>
  async (app) => {
    const userOf = async (request: Parameters<typeof shopperOf>[0]) => (await shopperOf(request)).user._id;

    app.get(
      '/api/user/product/fetchUserCarts',
      { schema: { tags, summary: 'My cart: lines with the server’s prices, and subtotal, shipping and total', response: cartAnswer } },
      async (request) => ok(await cart.get(await userOf(request))),
    );

    app.post(
      '/api/user/product/addToCart',
      {
        schema: {
          tags,
          summary: 'Add pieces of a product (and variant); adds to the line already there. 409 beyond the stock',
          body: addToCartSchema,
          response: cartAnswer,
        },
      },
      async (request) => ok(await cart.add(await userOf(request), request.body)),
    );

    app.put(
      '/api/user/product/updateCartQuantity',
      {
        schema: {
          tags,
          summary: 'Set the quantity of a line (1–10, within the stock)',
          body: updateCartQuantitySchema,
          response: cartAnswer,
        },
      },
      async (request) => ok(await cart.updateQuantity(await userOf(request), request.body)),
    );

    app.delete(
      '/api/user/product/removeFromCart',
      { schema: { tags, summary: 'Remove a line', body: removeFromCartSchema, response: cartAnswer } },
      async (request) => ok(await cart.remove(await userOf(request), request.body)),
    );

    app.post(
      '/api/user/product/mergeCart',
      {
        schema: {
          tags,
          summary: 'Add the cart kept in the browser while signed out; answers the lines that were capped by the stock',
          body: mergeCartSchema,
          description:
            'With `couponCode` (the code she applied while signed out), the code is applied to her bag under the rules of applyCoupon; a refusal is answered in `couponRefusal` and the merge still happens.',
          response: {
            200: okEnvelope(cartSchema.extend({ capped: z.array(cappedLineSchema), couponRefusal: z.string().nullable() })),
          },
        },
      },
      async (request) => {
        const { lines, couponCode } = request.body;
        const merged = await cart.merge(await userOf(request), lines, couponCode ? { code: couponCode, ip: request.ip } : undefined);
        return ok({ ...merged.cart, capped: merged.capped, couponRefusal: merged.couponRefusal });
      },
    );

    app.post(
      '/api/user/cart/applyCoupon',
      {
        schema: {
          tags,
          summary: 'Apply a coupon code to my bag: answers the bag with each discount as a line; one code at a time',
          description:
            'Refusals are 400 with a field error on `code`, in words: unknown code, expired on a date, not started, "Add ₹X more to use CODE", first order only, used up, not for these items. Codes that do not exist are counted per shopper and per client: the tenth within ten minutes answers 429.',
          body: applyCouponSchema,
          response: {
            ...cartAnswer,
            429: errorEnvelope.describe('Too many wrong coupon codes from this shopper or this client in ten minutes.'),
          },
        },
      },
      async (request) => ok(await cart.applyCoupon(await userOf(request), request.body.code, request.ip)),
    );

    app.post(
      '/api/user/cart/removeCoupon',
      { schema: { tags, summary: 'Take the coupon code off my bag', response: cartAnswer } },
      async (request) => ok(await cart.removeCoupon(await userOf(request))),
    );
  };
