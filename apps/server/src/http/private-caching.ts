import type { FastifyInstance } from 'fastify';

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** APIs whose answers may be personal (the shopper's, the back-office's): private unless listed public below. */
const PERSONAL_API_PREFIXES: readonly string[] = ['/api/user/', '/api/admin/'];

/** Public catalogue calls under /api/user/: the same for everybody, so they keep their own public caching. */
export const PUBLIC_USER_API_PREFIXES: readonly string[] = [
  '/api/user/product/categories',
  '/api/user/product/filter',
  '/api/user/product/search',
  '/api/user/product/suggest',
  '/api/user/product/getProductDetails/',
  '/api/user/product/related/',
];

/** Pages that show one shopper's data (account, checkout, payment): never stored by a browser or a proxy. */
export const PRIVATE_PAGE_PATHS: readonly string[] = ['/user', '/checkout', '/payment', '/paymentSuccess'];

const matchesPrefix = (path: string, prefix: string) =>
  prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);

/** True when the answer to `path` may carry one person's data and must not be stored anywhere. */
export function isPrivatePath(path: string): boolean {
  // Page routes match regardless of case and percent-encoding ('/User/%70rofile'), so compare the plain form.
  let plain = path;
  try {
    plain = decodeURIComponent(path);
  } catch {
    // not valid percent-encoding: compare as sent
  }
  plain = plain.toLowerCase();
  const lower = (prefix: string) => prefix.toLowerCase();
  const personalApi = PERSONAL_API_PREFIXES.some((prefix) => plain.startsWith(prefix));
  if (personalApi) return !PUBLIC_USER_API_PREFIXES.some((prefix) => matchesPrefix(plain, lower(prefix)));
  return PRIVATE_PAGE_PATHS.some((prefix) => matchesPrefix(plain, lower(prefix)));
}

/**
 * `Cache-Control: private, no-store` on every personal answer, errors included, set last (onSend) so no route or
 * page can forget it or override it by mistake. Decided by path, so routes added later under /api/user/ are
 * private without doing anything.
 */
export function registerPrivateCaching(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPrivatePath(request.url.split('?')[0]!)) void reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    return payload;
  });
}
