import { ADMIN_SESSION_COOKIE } from '@shop/core';
import type { FastifyReply } from 'fastify';
import type { CookiePolicy } from '../accounts/session.js';
import type { AdminSession } from './service.js';

// SameSite=Strict: the back-office is never entered from a link on another site with its session, so no
// request another site starts can carry it, not even a top-level navigation.
const options = (policy: CookiePolicy) => ({ path: '/', httpOnly: true, sameSite: 'strict' as const, secure: policy.secure });

export function setAdminSessionCookie(reply: FastifyReply, session: AdminSession, policy: CookiePolicy): void {
  void reply.setCookie(ADMIN_SESSION_COOKIE, session.token, { ...options(policy), expires: session.expiresAt });
}

export function clearAdminSessionCookie(reply: FastifyReply, policy: CookiePolicy): void {
  void reply.clearCookie(ADMIN_SESSION_COOKIE, options(policy));
}
