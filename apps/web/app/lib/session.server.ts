import { SESSION_COOKIE, type PublicUser } from '@shop/core';
import { parseCookie } from 'cookie';
import type { AppLoadContext } from 'react-router';

/**
 * The session token from the request's cookie header, if any: read by the parser @fastify/cookie uses for the API,
 * so a page and the API always see the same token. A value that is not valid percent-encoding is taken as sent.
 */
export function sessionToken(request: Request): string | undefined {
  const header = request.headers.get('cookie');
  return header ? parseCookie(header)[SESSION_COOKIE] : undefined;
}

/** The signed-in shopper of this page request, checked in-process by the accounts service. */
export async function currentUser(request: Request, context: AppLoadContext): Promise<PublicUser | null> {
  return (await context.services.accounts.authenticate(sessionToken(request)))?.user ?? null;
}
