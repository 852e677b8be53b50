import type { FastifyInstance } from 'fastify';
import { decodedPath, pathOf } from './request-path.js';

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

/** The back-office pages (shoppers' names, phones and addresses; the in-store checkout), and all below them. */
export const BACK_OFFICE_PAGE_PATHS: readonly string[] = ['/admin', '/adminCheckout'];

/** Pages that show one person's data (account, checkout, payment, the back-office): never stored by a browser or a proxy. */
export const PRIVATE_PAGE_PATHS: readonly string[] = ['/user', '/checkout', '/payment', '/paymentSuccess', ...BACK_OFFICE_PAGE_PATHS];

const matchesPrefix = (path: string, prefix: string) =>
  prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);

const PUBLIC_USER_API_LOWER = PUBLIC_USER_API_PREFIXES.map((prefix) => prefix.toLowerCase());
const PRIVATE_PAGE_LOWER = PRIVATE_PAGE_PATHS.map((prefix) => prefix.toLowerCase());
const BACK_OFFICE_LOWER = BACK_OFFICE_PAGE_PATHS.map((prefix) => prefix.toLowerCase());

/** Page routes match regardless of case and percent-encoding ('/User/%70rofile'), so pages compare this plain form. */
const plainPath = (path: string) => decodedPath(path).toLowerCase();

/** True for a back-office page ('/admin', '/ADMIN/orders', '/adminCheckout'). */
export function isBackOfficePage(path: string): boolean {
  const plain = plainPath(path);
  return BACK_OFFICE_LOWER.some((prefix) => matchesPrefix(plain, prefix));
}

/** True when the answer to `path` may carry one person's data and must not be stored anywhere. */
export function isPrivatePath(path: string): boolean {
  // The public catalogue calls as the pages send them (the busiest answers), decided without decoding: a path
  // that starts with one of these prefixes (none holds a '%') still starts with it decoded and lower-cased.
  if (PUBLIC_USER_API_PREFIXES.some((prefix) => matchesPrefix(path, prefix))) return false;
  const plain = plainPath(path);
  const personalApi = PERSONAL_API_PREFIXES.some((prefix) => plain.startsWith(prefix));
  if (personalApi) return !PUBLIC_USER_API_LOWER.some((prefix) => matchesPrefix(plain, prefix));
  return PRIVATE_PAGE_LOWER.some((prefix) => matchesPrefix(plain, prefix));
}

/**
 * `Cache-Control: private, no-store` on every personal answer, errors included, set last (onSend) so no route or
 * page can forget it or override it by mistake. Decided by path, so routes added later under /api/user/ are
 * private without doing anything.
 */
export function registerPrivateCaching(app: FastifyInstance): void {
  // A plain callback, not an async function: it runs on every answer, and a promise each time shows in profiles.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isPrivatePath(pathOf(request.url))) void reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    done(null, payload);
  });
}
