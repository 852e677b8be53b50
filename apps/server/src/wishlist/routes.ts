import { addToWishlistSchema, cartSchema, moveBetweenCartAndWishlistSchema, wishlistEntrySchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopperOf } from '../auth/plugin.js';
import { emptyAnswer, ok, okEnvelope } from '../http/envelope.js';
import type { WishlistService } from './service.js';

const tags = ['customer profile'];
const cartAnswer = { 200: okEnvelope(cartSchema) };

/** The shopper's wishlist; registered in the shopper scope (auth/plugin.ts). */
export const wishlistRoutes =
  (wishlist: WishlistService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/profile/getMyWishlist',
      {
        schema: {
          tags,
          summary: 'My wishlist, newest first',
          response: { 200: okEnvelope(z.object({ wishlist: z.array(wishlistEntrySchema) })) },
        },
      },
      async (request) => ok({ wishlist: await wishlist.list((await shopperOf(request)).user._id) }),
    );

    app.post(
      '/api/user/profile/addToWishlist',
      { schema: { tags, summary: 'Add a product to my wishlist', body: addToWishlistSchema, response: emptyAnswer } },
      async (request) => {
        await wishlist.add((await shopperOf(request)).user._id, request.body.productId);
        return ok({});
      },
    );

    app.delete(
      '/api/user/profile/removeFromWishlist/:productId',
      {
        schema: {
          tags,
          summary: 'Remove a product from my wishlist',
          params: z.object({ productId: z.uuid('This product is not in your wishlist.') }),
          response: emptyAnswer,
        },
      },
      async (request) => {
        await wishlist.remove((await shopperOf(request)).user._id, request.params.productId);
        return ok({});
      },
    );

    app.post(
      '/api/user/profile/moveWishlistToCart',
      {
        schema: {
          tags,
          summary: 'Move to bag: one piece of the product (and variant) into my cart, then off my wishlist. 409 beyond the stock',
          body: moveBetweenCartAndWishlistSchema,
          response: cartAnswer,
        },
      },
      async (request) => ok(await wishlist.moveToCart((await shopperOf(request)).user._id, request.body)),
    );

    app.post(
      '/api/user/product/moveCartToWishlist',
      {
        schema: {
          tags: ['cart'],
          summary: 'Move to wishlist: the product onto my wishlist, then the line out of my cart',
          body: moveBetweenCartAndWishlistSchema,
          response: cartAnswer,
        },
      },
      async (request) => ok(await wishlist.moveFromCart((await shopperOf(request)).user._id, request.body)),
    );
  };
