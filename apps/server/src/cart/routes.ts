import { addToCartSchema, cappedLineSchema, cartSchema, mergeCartSchema, removeFromCartSchema, updateCartQuantitySchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopperOf } from '../auth/plugin.js';
import { ok, okEnvelope } from '../http/envelope.js';
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
          response: { 200: okEnvelope(cartSchema.extend({ capped: z.array(cappedLineSchema) })) },
        },
      },
      async (request) => {
        const { cart: merged, capped } = await cart.merge(await userOf(request), request.body.lines);
        return ok({ ...merged, capped });
      },
    );
  };
