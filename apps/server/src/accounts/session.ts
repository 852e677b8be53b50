import { SESSION_COOKIE, type PublicUser } from '@shop/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { Services } from '../services.js';
import type { Session } from './service.js';

export interface CookiePolicy {
  /** Secure cookies when the shop is served over https (PUBLIC_URL). */
  secure: boolean;
}

export const cookiePolicyFor = (publicUrl: string): CookiePolicy => ({ secure: publicUrl.startsWith('https:') });

export function setSessionCookie(reply: FastifyReply, session: Session, policy: CookiePolicy): void {
  void reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: policy.secure,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, policy: CookiePolicy): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: policy.secure });
}

/** The signed-in user of this request, or a 401 'Please log in.' */
export async function requireUser(services: Services, request: FastifyRequest): Promise<{ user: PublicUser; session: Session }> {
  const found = await services.accounts.authenticate(request.cookies[SESSION_COOKIE]);
  if (!found) throw new AppError('UNAUTHENTICATED', 'Please log in.');
  return found;
}
