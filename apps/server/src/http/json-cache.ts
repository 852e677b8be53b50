import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';

/**
 * Finished JSON bodies of public, cacheable answers, keyed by the caller (usually a data version plus the
 * URL). A hit skips the service, the response check and JSON.stringify: most of the cost of a catalogue
 * read once its data is cached. The schema still checks every body before it is stored.
 */
export function createJsonCache(options: { max: number; ttlMs: number }) {
  const bodies = new LRUCache<string, string>({ max: options.max, ttl: options.ttlMs });
  return {
    async send<T>(reply: FastifyReply, key: string, schema: z.ZodType<T>, compute: () => Promise<T>): Promise<FastifyReply> {
      let body = bodies.get(key);
      if (body === undefined) {
        body = JSON.stringify(schema.parse(await compute()));
        bodies.set(key, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  };
}
