import { AppError } from '@shop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from './envelope.js';
import { isApiRequest } from './request-path.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * API paths called by other servers, not by browsers: they carry their own signature, no Origin and no
 * Sec-Fetch-* headers, so the browser checks below do not apply to them. Keep this list short.
 */
export const SERVER_TO_SERVER_PATHS: readonly string[] = ['/api/payment/razorpay/webhook', '/api/shipping/tracking'];

/** Body types a state-changing call may send; a browser cannot send either cross-site without CORS. */
const ACCEPTED_BODY_TYPES = ['application/json', 'multipart/form-data'];

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed.';
export const CONTENT_TYPE_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';

/**
 * The origin this request was made to: its Host and protocol, or X-Forwarded-Host/-Proto when the peer is a
 * proxy that TRUST_PROXY trusts (Fastify applies the setting). A forged X-Forwarded-Host from anyone else is
 * ignored. The origin check and the server-rendered pages' request URL both use this.
 */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const mediaType = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * State-changing API calls must come from our own pages:
 * - a request whose Origin is present and is neither PUBLIC_URL's origin nor the request's own is refused (403);
 * - so is one marked `Sec-Fetch-Site: cross-site`, even without Origin;
 * - the body must be JSON or multipart (415 otherwise), body-less calls included (they send `{}`): a plain
 *   cross-site form or `text/plain` fetch can send neither without a CORS preflight, which we never grant.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    // Decided on the route the router matched (it decodes the path): `/%61pi/...` is an API call too.
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
    if (SERVER_TO_SERVER_PATHS.includes(request.routeOptions.url ?? '')) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicOrigin && origin !== requestOrigin(request)) {
      throw new AppError('NOT_ALLOWED', CROSS_SITE_MESSAGE);
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('NOT_ALLOWED', CROSS_SITE_MESSAGE);
    if (!ACCEPTED_BODY_TYPES.includes(mediaType(request.headers['content-type']))) {
      return reply.status(415).send({ success: false, error: CONTENT_TYPE_MESSAGE } satisfies ErrorEnvelope);
    }
  });
}
