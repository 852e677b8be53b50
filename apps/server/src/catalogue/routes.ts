import {
  categorySchema,
  productCardSchema,
  productDetailsSchema,
  productPageSchema,
  productQuerySchema,
  suggestQuerySchema,
  suggestionsSchema,
  type ProductDetails,
  type ProductPage,
} from '@shop/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { ok, okEnvelope } from '../http/envelope.js';
import { detailsKey, listingKey, type CatalogueService } from './service.js';

const productIdParams = z.object({ productId: z.string().max(64) });

const sendJson = (reply: FastifyReply, body: Buffer) => reply.type('application/json; charset=utf-8').send(body);

/**
 * A repeated request answered from its cached bytes as soon as it is routed (the route's onRequest hook, after
 * the app's own): `urls` remembers under which cache key each URL, exactly as sent, was last answered. Only
 * answers that passed every check are remembered, and the same URL always asks the same question, so the
 * checks and the query's validation need not run again; the answer itself may go stale, and the service's
 * cache drops it on every change notice. A URL not seen yet, or whose answer was dropped, goes the whole way.
 */
function answeredBefore(catalogue: CatalogueService) {
  const urls = new LRUCache<string, string>({ max: 20_000 });
  return {
    remember: (request: FastifyRequest, key: string) => void urls.set(request.url, key),
    onRequest: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const key = urls.get(request.url);
      const body = key === undefined ? undefined : catalogue.cachedBody(key);
      if (body) sendJson(reply, body);
      else done();
    },
  };
}

/** The public catalogue: no login needed; draft and archived products are invisible here. */
export const catalogueRoutes =
  (catalogue: CatalogueService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['catalogue'];
    // Shared caches may keep public listings briefly; the shopper's browser revalidates.
    const publicCache = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode === 200) void reply.header('cache-control', publicCache);
      done(null, payload);
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
      // Rendered once per normalised query by the route's own serializer, then sent as cached bytes.
      const serialize = serializerCompiler({ schema: listingAnswer, method: 'GET', url });
      const render = (page: ProductPage) => serialize(ok(page));
      const repeated = answeredBefore(catalogue);
      app.get(
        url,
        {
          schema: { tags, summary, querystring: productQuerySchema, response: { 200: listingAnswer } },
          onRequest: repeated.onRequest,
        },
        async (request, reply) => {
          repeated.remember(request, listingKey(request.query));
          // `as never`: the type provider types replies as the schema's object; these bytes were made by that schema.
          return sendJson(reply, await catalogue.listingBody(request.query, render)) as never;
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
      async (request) => ok(await catalogue.suggest(request.query.q)),
    );

    const detailsUrl = '/api/user/product/getProductDetails/:productId';
    const detailsAnswer = okEnvelope(z.object({ product: productDetailsSchema }));
    const serializeDetails = serializerCompiler({ schema: detailsAnswer, method: 'GET', url: detailsUrl });
    const renderDetails = (product: ProductDetails) => serializeDetails(ok({ product }));
    const repeatedDetails = answeredBefore(catalogue);
    app.get(
      detailsUrl,
      {
        schema: {
          tags,
          summary: 'One active product with variants, images and the price of every variant',
          params: productIdParams,
          response: { 200: detailsAnswer },
        },
        onRequest: repeatedDetails.onRequest,
      },
      async (request, reply) => {
        const { productId } = request.params;
        repeatedDetails.remember(request, detailsKey(productId));
        return sendJson(reply, await catalogue.detailsBody(productId, renderDetails)) as never;
      },
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
