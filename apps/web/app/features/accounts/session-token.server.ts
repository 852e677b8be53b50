import { SESSION_COOKIE } from '@shop/core';
import { parseCookie } from 'cookie';

/**
 * The shopper's session token as the request's `sid` cookie carries it (or undefined): a login rotates it, a
 * logout ends it, a password change keeps only it. The page context resolves who it belongs to; this is the token.
 */
export function sessionTokenOf(request: Request): string | undefined {
  const header = request.headers.get('cookie');
  return header ? parseCookie(header)[SESSION_COOKIE] : undefined;
}
