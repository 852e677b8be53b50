import { ADMIN_SESSION_COOKIE } from '@shop/core';
import { parseCookie } from 'cookie';

/** The admin session token the request carries (the `asid` cookie), for a login to rotate and a logout to end. */
export function adminSessionToken(request: Request): string | undefined {
  const header = request.headers.get('cookie');
  return header ? parseCookie(header)[ADMIN_SESSION_COOKIE] || undefined : undefined;
}
