import { SESSION_COOKIE } from '@shop/core';
import type { FastifyReply } from 'fastify';
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
