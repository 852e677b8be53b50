import { redirect, type MiddlewareFunction } from 'react-router';
import { createContext } from 'react-router';
import { adminContext, pageOf, shopperContext, shopperOf } from '../context';
import { adminPaths, isAdminPath } from '../features/admin/admin-paths';
import { paths } from '../config/paths';
import { FLASH_COOKIE, clearFlashHeader, readFlash } from './flash.server';
import type { Flash } from './flash';

/** The message the last form left for this page (lib/flash.server.ts), read by the root middleware. */
export const flashContext = createContext<Flash | null>(null);

/**
 * Every page request: who is signed in as a shopper (looked up once, for the header and any loader; not on
 * back-office pages, which have their own session) and the message a form left for this page, cleared once read.
 */
export const rootMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const pathname = new URL(request.url).pathname;
  context.set(shopperContext, isAdminPath(pathname) ? null : await pageOf(context).identity.shopper());
  const flash = readFlash(request);
  context.set(flashContext, flash);
  const response = await next();
  // Cleared once shown, unless this answer leaves a new one (an action that redirects with its own message).
  const leavesNew = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${FLASH_COOKIE}=`));
  if (flash && !leavesNew) response.headers.append('set-cookie', clearFlashHeader());
  return response;
};

/** Spec §2.5: the shopper's own pages are for a signed-in shopper only; anyone else goes to '/'. */
export const requireShopper: MiddlewareFunction<Response> = ({ context }) => {
  if (!shopperOf(context)) throw redirect(paths.home);
};

/**
 * The back-office (and the counter and bill invoices, outside its frame): the admin of the admin session
 * cookie, looked up once; anyone else goes to /admin/login and comes back here afterwards.
 */
export const requireAdmin: MiddlewareFunction<Response> = async ({ request, context }) => {
  const admin = await pageOf(context).identity.admin();
  if (!admin) {
    const url = new URL(request.url);
    throw redirect(`${adminPaths.login}?redirectUrl=${encodeURIComponent(url.pathname + url.search)}`);
  }
  context.set(adminContext, admin);
};
