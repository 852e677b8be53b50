import { stringifySetCookie } from 'cookie';
import type { FastifyReply } from 'fastify';
import type { Session } from './sessions.js';

export interface CookiePolicy {
  /** Secure cookies when the shop is served over https (PUBLIC_URL). */
  secure: boolean;
}

export const cookiePolicyFor = (publicUrl: string): CookiePolicy => ({ secure: publicUrl.startsWith('https:') });

/** A kind's session cookie: its name and SameSite rule. Always HttpOnly on path /, expiring with the session. */
export interface SessionCookieSpec {
  name: string;
  sameSite: 'lax' | 'strict';
}

export interface SessionCookie {
  readonly name: string;
  /** Sets the cookie of `session` on a Fastify answer. */
  readonly set: (reply: FastifyReply, session: Session, policy: CookiePolicy) => void;
  readonly clear: (reply: FastifyReply, policy: CookiePolicy) => void;
  /** The Set-Cookie header `set` sends, for answers Fastify does not make (a page loader's). */
  readonly header: (session: Session, policy: CookiePolicy) => string;
}

/** The one way a session cookie is written and cleared, for any kind of account. */
export function sessionCookie(spec: SessionCookieSpec): SessionCookie {
  const options = (policy: CookiePolicy) => ({ path: '/', httpOnly: true, sameSite: spec.sameSite, secure: policy.secure });
  return {
    name: spec.name,
    set: (reply, session, policy) => {
      void reply.setCookie(spec.name, session.token, { ...options(policy), expires: session.expiresAt });
    },
    clear: (reply, policy) => {
      void reply.clearCookie(spec.name, options(policy));
    },
    // @fastify/cookie writes its header with the same function of the same library.
    header: (session, policy) =>
      stringifySetCookie({ name: spec.name, value: session.token, ...options(policy), expires: session.expiresAt }),
  };
}
