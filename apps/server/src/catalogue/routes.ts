import {
  categorySchema,
  productCardSchema,
  productDetailsSchema,
  productPageSchema,
  productQuerySchema,
  suggestQuerySchema,
  suggestionsSchema,
  type ProductPage,
} from '@shop/core';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okEnvelope } from '../http/envelope.js';
import type { CatalogueService } from './service.js';

const productIdParams = z.object({ productId: z.string().max(64) });

/** The public catalogue: no login needed; draft and archived products are invisible here. */
export const catalogueRoutes =
  (catalogue: CatalogueService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['catalogue'];
    // Shared caches may keep public listings briefly; the shopper's browser revalidates.
    const publicCache = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';
    app.addHook('onSend', async (_request, reply) => {
      if (reply.statusCode === 200) void reply.header('cache-control', publicCache);
    });

    app.get(
      '/api/user/product/categories',
      {
        schema: {
          tags,
          summary: 'All categories with their active product counts',
          response: { 200: okEnvelope(z.object({ categories: z.array(categorySchema) })) },
        },
      },
      async () => ok({ categories: await catalogue.listCategories() }),
    );

    // Filter and search answer the same query with the same shape; search ranks by relevance to `q`.
    const listings = [
      [
        '/api/user/product/filter',
        'Active products by category, style, size, colour, price (paise), discount and stock, with facet counts',
      ],
      ['/api/user/product/search', 'Full-text search with typo tolerance; same filters and answer as /filter, ranked by relevance'],
    ] as const;
    const listingAnswer = okEnvelope(productPageSchema);
    for (const [url, summary] of listings) {
      // Rendered once per normalised query by the route's own serializer, then sent as cached text.
      const serialize = serializerCompiler({ schema: listingAnswer, method: 'GET', url });
      const render = (page: ProductPage) => serialize(ok(page));
      app.get(
        url,
        { schema: { tags, summary, querystring: productQuerySchema, response: { 200: listingAnswer } } },
        // `as never`: the type provider types replies as the schema's object; this text was made by that schema.
        async (request, reply) =>
          reply.type('application/json; charset=utf-8').send((await catalogue.listingBody(request.query, render)) as never),
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
      async (request) => ok(await catalogue.suggest(request.query.q)),
    );

    app.get(
      '/api/user/product/getProductDetails/:productId',
      {
        schema: {
          tags,
          summary: 'One active product with variants, images and the price of every variant',
          params: productIdParams,
          response: { 200: okEnvelope(z.object({ product: productDetailsSchema })) },
        },
      },
      async (request) => ok({ product: await catalogue.getProductDetails(request.params.productId) }),
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
