import { productQuerySchema, suggestQuerySchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okEnvelope } from '../http/envelope.js';
import { createJsonCache } from '../http/json-cache.js';
import type { Services } from '../services.js';
import { DETAILS_TTL_MS, LIST_TTL_MS } from './service.js';
import { categorySchema, productCardSchema, productDetailsSchema, productPageSchema, suggestionsSchema } from './schemas.js';

const productIdParams = z.object({ productId: z.string().max(64) });

/** The public catalogue: no login needed; draft and archived products are invisible here. */
export const catalogueRoutes =
  ({ catalogue }: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['catalogue'];
    // Shared caches may keep public listings briefly; the shopper's browser revalidates.
    const publicCache = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';

    app.get(
      '/api/user/product/categories',
      {
        schema: {
          tags,
          summary: 'All categories with their active product counts',
          response: { 200: okEnvelope(z.object({ categories: z.array(categorySchema) })) },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', publicCache);
        return ok({ categories: await catalogue.listCategories() });
      },
    );

    // Filter and search answer the same query with the same shape; search ranks by relevance to `q`.
    const listings = [
      [
        '/api/user/product/filter',
        'Active products by category, style, size, colour, price (rupees), discount and stock, with facet counts',
      ],
      ['/api/user/product/search', 'Full-text search with typo tolerance; same filters and answer as /filter, ranked by relevance'],
    ] as const;
    // Repeated listing reads (the same URL while the catalogue is unchanged) are served from finished JSON.
    const listingBodies = createJsonCache({ max: 1_000, ttlMs: LIST_TTL_MS });
    const listingAnswer = okEnvelope(productPageSchema);
    // Details carry stock counts ('Only 2 left'): kept for less time.
    const detailBodies = createJsonCache({ max: 2_000, ttlMs: DETAILS_TTL_MS });
    const detailsAnswer = okEnvelope(z.object({ product: productDetailsSchema }));
    for (const [url, summary] of listings) {
      app.get(
        url,
        { schema: { tags, summary, querystring: productQuerySchema, response: { 200: listingAnswer } } },
        async (request, reply) => {
          void reply.header('cache-control', publicCache);
          return listingBodies.send(reply, `${catalogue.version()}:${request.url}`, listingAnswer, async () =>
            ok(await catalogue.findProducts(request.query)),
          );
        },
      );
    }

    app.get(
      '/api/user/product/suggest',
      {
        schema: {
          tags,
          summary: 'Suggestions for the search box as the shopper types',
          querystring: suggestQuerySchema,
          response: { 200: okEnvelope(suggestionsSchema) },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', publicCache);
        return ok(await catalogue.suggest(request.query.q));
      },
    );

    app.get(
      '/api/user/product/getProductDetails/:productId',
      {
        schema: {
          tags,
          summary: 'One active product with variants, images and the price of every variant',
          params: productIdParams,
          response: { 200: detailsAnswer },
        },
      },
      async (request, reply) =>
        detailBodies.send(reply, `${catalogue.version()}:${request.params.productId}`, detailsAnswer, async () =>
          ok({ product: await catalogue.getProductDetails(request.params.productId) }),
        ),
    );

    app.get(
      '/api/user/product/related/:productId',
      {
        schema: {
          tags,
          summary: 'Products like this one: same category first, then nearest in price',
          params: productIdParams,
          response: { 200: okEnvelope(z.object({ products: z.array(productCardSchema) })) },
        },
      },
      async (request) => ok({ products: await catalogue.relatedProducts(request.params.productId) }),
    );
  };
