import {
  addReviewSchema,
  adminReviewPageSchema,
  adminReviewQuerySchema,
  hideReviewSchema,
  productReviewsQuerySchema,
  productReviewsSchema,
  replyReviewSchema,
  reviewSchema,
} from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.js';
import { adminOf, shopperOf } from '../auth/plugin.js';
import { emptyAnswer, ok, okEnvelope } from '../http/envelope.js';
import type { ReviewsService } from './service.js';

const tags = ['reviews'];
const reviewParams = z.object({ reviewId: z.string().max(64) });

/** A product's reviews and stars, for anyone. */
export const publicReviewRoutes =
  (reviews: ReviewsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/review/getProductReviews/:productId',
      {
        schema: {
          tags,
          summary: "A page of a product's reviews (recent or most helpful first) and its stars: average, count, how many of each",
          params: z.object({ productId: z.string().max(64) }),
          querystring: productReviewsQuerySchema,
          response: { 200: okEnvelope(productReviewsSchema) },
        },
      },
      async (request) => ok(await reviews.forProduct(request.params.productId, request.query)),
    );
  };

/** Writing reviews and tapping 'Helpful'; registered in the shopper scope. */
export const shopperReviewRoutes =
  (reviews: ReviewsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user/review/addReview',
      {
        schema: {
          tags,
          summary:
            "Review a product she received (403 'You can review products you have received.' otherwise): 201 for a new review, 200 for her edit of it",
          body: addReviewSchema,
          response: { 200: okEnvelope(z.object({ review: reviewSchema })), 201: okEnvelope(z.object({ review: reviewSchema })) },
        },
      },
      async (request, reply) => {
        const { review, created } = await reviews.add((await shopperOf(request)).user._id, request.body);
        return reply.code(created ? 201 : 200).send(ok({ review }));
      },
    );

    app.post(
      '/api/user/review/markHelpful/:reviewId',
      {
        schema: {
          tags,
          summary: "A tap on 'Helpful' (once per shopper, not on her own review)",
          params: reviewParams,
          response: { 200: okEnvelope(z.object({ helpfulCount: z.number().int() })) },
        },
      },
      async (request) => ok({ helpfulCount: await reviews.markHelpful((await shopperOf(request)).user._id, request.params.reviewId) }),
    );
  };

/** The back-office's reviews: any admin lists them; hiding and replying are the owner's (registered in the owner scope). */
export const adminReviewRoutes =
  (reviews: ReviewsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/review/getAllReviews',
      {
        schema: {
          summary: 'Reviews newest first (all, visible or hidden), 50 a page, with the product and the shopper',
          querystring: adminReviewQuerySchema,
          response: { 200: okEnvelope(adminReviewPageSchema) },
        },
      },
      async (request) => ok(await reviews.list(request.query)),
    );
  };

export const ownerReviewRoutes =
  (reviews: ReviewsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/admin/review/hideReview/:reviewId',
      {
        schema: {
          summary: 'Take a review off the product page with a reason; the shopper is told why; audited',
          params: reviewParams,
          body: hideReviewSchema,
          response: emptyAnswer,
        },
      },
      async (request) => {
        await reviews.hide(actorOf((await adminOf(request)).admin), request.params.reviewId, request.body.reason);
        return ok({});
      },
    );

    app.post(
      '/api/admin/review/replyReview/:reviewId',
      {
        schema: {
          summary: "The shop's public answer under a review ('' takes it down); audited",
          params: reviewParams,
          body: replyReviewSchema,
          response: emptyAnswer,
        },
      },
      async (request) => {
        await reviews.reply(actorOf((await adminOf(request)).admin), request.params.reviewId, request.body.reply);
        return ok({});
      },
    );
  };
