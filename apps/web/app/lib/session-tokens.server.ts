import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from '@shop/core';
import { parseCookie } from 'cookie';

// The session tokens a request's cookies carry, for the actions that rotate, end or keep them (a login, a logout,
// a password change or reset). Who a token belongs to is the page context's business (the root and admin
// middleware); these are only the tokens.

const cookieOf = (request: Request, name: string): string | undefined => {
  const header = request.headers.get('cookie');
  return (header ? parseCookie(header)[name] : undefined) || undefined;
};

/** The shopper's session token (the `sid` cookie), or undefined. */
export const sessionTokenOf = (request: Request): string | undefined => cookieOf(request, SESSION_COOKIE);

/** The admin's session token (the `asid` cookie), or undefined. */
export const adminSessionToken = (request: Request): string | undefined => cookieOf(request, ADMIN_SESSION_COOKIE);
