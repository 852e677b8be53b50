import { IMAGE_WIDTHS } from '@shop/core';
import type { FastifyPluginAsync } from 'fastify';
import { MEDIA_CACHE_CONTROL } from './backend.js';
import type { S3Backend } from './s3-backend.js';

/** The only names /media serves: `<folder>/<hash>-<width>.<format>`, as the store writes them. */
const RENDITION = new RegExp(`^[a-z0-9-]+/[a-f0-9]+-(?:${IMAGE_WIDTHS.join('|')})\\.(?:webp|avif)$`);

/**
 * GET and HEAD /media/* streamed from the S3 bucket, with the headers @fastify/static sends for local files:
 * a year's immutable caching (names are content hashes), the type, the length, the ETag and 304 on a match.
 */
export const s3MediaRoutes =
  (read: S3Backend['read']): FastifyPluginAsync =>
  async (app) => {
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: '/media/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const name = request.params['*'];
        const missing = () => reply.status(404).type('text/plain; charset=utf-8').send('Not found');
        // Anything else is not a photo of ours: never ask the bucket for it.
        if (!RENDITION.test(name)) return missing();
        const ifNoneMatch = request.headers['if-none-match'];
        const object = await read(name, { head: request.method === 'HEAD', ifNoneMatch });
        if (object.status === 'missing') return missing();
        void reply.header('cache-control', MEDIA_CACHE_CONTROL);
        if (object.status === 'not-modified') {
          if (object.etag) void reply.header('etag', object.etag);
          return reply.status(304).send();
        }
        void reply.type(object.contentType);
        if (object.etag) void reply.header('etag', object.etag);
        if (object.lastModified) void reply.header('last-modified', object.lastModified.toUTCString());
        if (object.contentLength !== undefined) void reply.header('content-length', object.contentLength);
        return object.body ? reply.send(object.body) : reply.send();
      },
    });
  };
