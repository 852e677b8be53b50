import multipart from '@fastify/multipart';
import {
  AppError,
  MAX_PHOTO_BYTES,
  MAX_REVIEW_PHOTOS,
  REMOVE_PHOTOS_FIELD,
  REVIEW_PHOTOS_FIELD,
  TOO_MANY_REVIEW_PHOTOS,
  addReviewSchema,
  adminReviewPageSchema,
  adminReviewQuerySchema,
  hideReviewSchema,
  productReviewsQuerySchema,
  productReviewsSchema,
  replyReviewSchema,
  reviewSchema,
} from '@shop/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.js';
import { adminOf, shopperOf } from '../auth/plugin.js';
import { emptyAnswer, ok, okEnvelope } from '../http/envelope.js';
import { PHOTO_TOO_LARGE_MESSAGE } from '../media/store.js';
import type { ReviewsService } from './service.js';

const tags = ['reviews'];
const reviewParams = z.object({ reviewId: z.string().max(64) });

/** The photos of a multipart review, read before validation; its fields become the body the schema checks. */
const uploadedPhotos = new WeakMap<FastifyRequest, Buffer[]>();

const photosRefused = (message: string) =>
  new AppError('INVALID_DATA', `${REVIEW_PHOTOS_FIELD}: ${message}`, { [REVIEW_PHOTOS_FIELD]: message });

/**
 * A review posted as multipart (with photos): its text fields as the body (removePhotos repeated), the files of the
 * field `photos` held for the handler, within MAX_REVIEW_PHOTOS files of MAX_PHOTO_BYTES each.
 */
async function readMultipartReview(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, string | string[]> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A file input left empty still sends a part with no bytes.
        if (part.fieldname === REVIEW_PHOTOS_FIELD && bytes.length > 0) files.push(bytes);
      } else if (part.fieldname === REMOVE_PHOTOS_FIELD) {
        const removed = fields[REMOVE_PHOTOS_FIELD];
        fields[REMOVE_PHOTOS_FIELD] = [...(Array.isArray(removed) ? removed : []), String(part.value)];
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw photosRefused(TOO_MANY_REVIEW_PHOTOS);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw photosRefused(PHOTO_TOO_LARGE_MESSAGE);
    throw error;
  }
  request.body = fields;
  uploadedPhotos.set(request, files);
}

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
    // Photos on reviews: multipart only for these routes, each file held to the photo limits while it streams in.
    await app.register(multipart, {
      limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_REVIEW_PHOTOS, fields: 10, parts: MAX_REVIEW_PHOTOS + 10 },
    });

    app.post(
      '/api/user/review/addReview',
      {
        schema: {
          tags,
          summary:
            "Review a product she received (403 'You can review products you have received.' otherwise): 201 for a new review, 200 for her edit of it. " +
            `JSON, or multipart with photos (repeated file field photos: JPEG, PNG, WebP or AVIF by content, ≤ 10 MB each; ` +
            `${MAX_REVIEW_PHOTOS} in all with those kept; repeated field removePhotos takes hers off)`,
          consumes: ['application/json', 'multipart/form-data'],
          body: addReviewSchema,
          response: { 200: okEnvelope(z.object({ review: reviewSchema })), 201: okEnvelope(z.object({ review: reviewSchema })) },
        },
        preValidation: readMultipartReview,
      },
      async (request, reply) => {
        const { review, created } = await reviews.add((await shopperOf(request)).user._id, request.body, uploadedPhotos.get(request) ?? []);
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
      '/api/admin/review/unhideReview/:reviewId',
      {
        schema: {
          summary: 'Show a hidden review again (back on the product page and in its stars); audited',
          params: reviewParams,
          response: emptyAnswer,
        },
      },
      async (request) => {
        await reviews.unhide(actorOf((await adminOf(request)).admin), request.params.reviewId);
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
