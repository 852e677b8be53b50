import { AppError } from '@shop/core';
import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing API calls must come from our own pages: a request whose Origin header is present and is
 * neither PUBLIC_URL's origin nor the request's own host is refused (403). Browsers always send Origin on
 * cross-site POST/PUT/DELETE; the JSON content type already stops plain cross-site form posts.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (origin === publicOrigin || origin === `${request.protocol}://${request.host}`) return;
    throw new AppError('NOT_ALLOWED', 'Cross-site requests are not allowed.');
  });
}
