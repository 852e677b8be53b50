import { SESSION_COOKIE, type PublicUser } from '@shop/core';
import type { AppLoadContext } from 'react-router';

/** The session token from the request's cookie header, if any. */
export function sessionToken(request: Request): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** The signed-in shopper of this page request, checked in-process by the accounts service. */
export async function currentUser(request: Request, context: AppLoadContext): Promise<PublicUser | null> {
  return (await context.services.accounts.authenticate(sessionToken(request)))?.user ?? null;
}
