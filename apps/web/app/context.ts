import type { PageContext, PageServices, PublicAdmin, PublicUser } from '@shop/core';
import { createContext, RouterContextProvider } from 'react-router';

// The load context of every loader, action and middleware (React Router's middleware, ADR 026): the server's
// page context (apps/server/src/web/ssr.ts) and who is signed in, each resolved once per request.

/** The server's domain services in process, typed by the contract in packages/core, never by the server's modules. */
export const pageContext = createContext<PageContext>();
/** The signed-in shopper (or null), set by the root middleware for every page. */
export const shopperContext = createContext<PublicUser | null>(null);
/** The signed-in admin, set by the back-office layout's middleware, which sends anyone else to /admin/login. */
export const adminContext = createContext<PublicAdmin>();

type Context = Readonly<RouterContextProvider>;

/** The page context: services, nonce, public URL, client address, identity. */
export const pageOf = (context: Context): PageContext => context.get(pageContext);
/** The domain services. */
export const servicesOf = (context: Context): PageServices => context.get(pageContext).services;
/** The signed-in shopper, or null. */
export const shopperOf = (context: Context): PublicUser | null => context.get(shopperContext);
/**
 * The signed-in shopper, for loaders and actions under a layout whose middleware admits shoppers only
 * (routes/user.tsx): that middleware has already decided, so this is never null there.
 */
export function signedInShopper(context: Context): PublicUser {
  const user = context.get(shopperContext);
  if (!user) throw new Error('signedInShopper() outside a layout that requires a shopper');
  return user;
}
/** The signed-in admin (only under the back-office layout, whose middleware has decided). */
export const adminOf = (context: Context): PublicAdmin => context.get(adminContext);

/** Called by the server for each page request (entry.server.tsx exports it): the page context, wrapped. */
export function createLoadContext(page: PageContext): RouterContextProvider {
  return new RouterContextProvider(new Map([[pageContext, page]]));
}
