import fastifyStatic from '@fastify/static';
import { IMAGE_WIDTHS } from '@shop/core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import path from 'node:path';
import { cacheControlOf } from './backend.js';
import type { S3Backend } from './s3-backend.js';

/** The only names /media serves: `<folder>/<hash>-<width>.<format>`, as the store writes them. */
const RENDITION = new RegExp(`^[a-z0-9-]+/[a-f0-9]+-(?:${IMAGE_WIDTHS.join('|')})\\.(?:webp|avif)$`);

const missing = (reply: FastifyReply) => reply.status(404).type('text/plain; charset=utf-8').send('Not found');

/**
 * GET and HEAD of the files under `root` (DATA_DIR/media); register with the prefix /media. Content-hashed names,
 * so browsers and CDNs may keep them for a year (review photos five minutes: backend.ts). A file that is not there
 * is a 404 of its own: the app's not-found handler, with the pages served, refuses the request as an unrouted method (405).
 */
export const localMediaRoutes =
  (root: string): FastifyPluginAsync =>
  async (app) => {
    app.setNotFoundHandler((_request, reply) => missing(reply));
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      decorateReply: false,
      index: false,
      maxAge: '365d',
      immutable: true,
      setHeaders(reply, file) {
        void reply.header('cache-control', cacheControlOf(path.relative(root, file)));
      },
    });
  };

/**
 * GET and HEAD of the photos in the S3 bucket, streamed, with the headers @fastify/static sends for local files:
 * a year's immutable caching (names are content hashes; review photos five minutes), the type, the length, the ETag and 304 on a match.
 * Register with the prefix /media.
 */
export const s3MediaRoutes =
  (read: S3Backend['read']): FastifyPluginAsync =>
  async (app) => {
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const name = request.params['*'];
        // Anything else is not a photo of ours: never ask the bucket for it.
        if (!RENDITION.test(name)) return missing(reply);
        const ifNoneMatch = request.headers['if-none-match'];
        const object = await read(name, { head: request.method === 'HEAD', ifNoneMatch });
        if (object.status === 'missing') return missing(reply);
        void reply.header('cache-control', cacheControlOf(name));
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
