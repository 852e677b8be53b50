import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from './envelope.js';

export const BAD_ADDRESS_MESSAGE = 'This address is not valid.';

/** A percent-encoded unreserved character (RFC 3986 §2.3: A–Z a–z 0–9 - . _ ~), either case of hex digit. */
const ENCODED_UNRESERVED = /%(?:3[0-9]|[46][1-9a-f]|[57][0-9a]|2[de]|5f|7e)/i;

/** `scheme://authority` at the start of a request-target in absolute form (RFC 9112 §3.2.2). */
const ABSOLUTE_FORM_ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * The request-target in origin form: `GET http://host/api/user/me` becomes `/api/user/me` (with its query). The
 * router strips the origin by itself, but every hook and the pages read `request.url`; Fastify's `rewriteUrl` puts
 * this there before anything else runs, so no check meets a second spelling of a path. The Host header (or
 * PUBLIC_URL) still gives the origin (ADR 006). Origin form and `*` are left as they are.
 */
export function originForm(url: string): string {
  if (url.startsWith('/')) return url;
  const origin = ABSOLUTE_FORM_ORIGIN.exec(url);
  if (!origin) return url;
  const rest = url.slice(origin[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The path of a request URL, without its query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * True when the path (not the query) spells an unreserved character as %XX. No browser or URL library writes
 * them (RFC 3986 §2.3: they mean the same as the plain character), but the router decodes them before matching:
 * `/%61pi/...` is `/api/...` to the router and not to a prefix check.
 */
export function hasEncodedUnreserved(url: string): boolean {
  const path = pathOf(url);
  return path.includes('%') && ENCODED_UNRESERVED.test(path);
}

/** The path percent-decoded as the router reads it; as sent when it cannot be decoded. */
export function decodedPath(url: string): string {
  const path = pathOf(url);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The path a request is answered for, as hooks must read it: never the URL as sent when that could mislead. A URL
 * sent as /api/... is routed to the API whatever follows (the `/api/*` catch-all takes every method), so it is its
 * own answer, and the busiest calls skip `routeOptions` (an object built per read, about 0.6 µs). Any other URL
 * gives the pattern of the route the router matched after decoding it ('/api/admin/user/blockUser/:userId' for
 * `/%61pi/admin/...`, '/*' for a page), or its decoded path when no route matched (the not-found handler).
 */
export function routedPath(request: FastifyRequest): string {
  if (request.url.startsWith('/api/')) return pathOf(request.url);
  return request.routeOptions.url ?? decodedPath(request.url);
}

/** True for a request to the JSON API (its documentation pages included). */
export const isApiRequest = (request: FastifyRequest) => routedPath(request).startsWith('/api/');

/**
 * Refuses (400, before any other check or handler) a path that holds a percent-encoded unreserved character: the
 * router and anything reading the URL as text would otherwise disagree about where the request goes. The hooks
 * decide by the routed path as well (defence in depth); this leaves no second spelling of a path at all.
 */
export function registerEncodedPathGuard(app: FastifyInstance): void {
  // A plain callback, not an async function: it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    if (!hasEncodedUnreserved(request.url)) return done();
    void reply.status(400).send({ success: false, error: BAD_ADDRESS_MESSAGE } satisfies ErrorEnvelope);
  });
}
