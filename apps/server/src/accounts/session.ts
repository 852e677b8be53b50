import { AppError, SESSION_COOKIE } from '@shop/core';
import { isNull } from 'drizzle-orm';
import { sessionCookie } from '../identity/cookies.js';
import type { IdentityKind } from '../identity/identity.js';
import { userSessions, users } from './tables.js';

export { cookiePolicyFor, type CookiePolicy } from '../identity/cookies.js';

export const SESSION_DAYS = 30;
export const WRONG_LOGIN_MESSAGE = 'Invalid email or password.';
export const BLOCKED_MESSAGE = 'This account is blocked. Please contact the shop.';

type UserRow = typeof users.$inferSelect;

/** Shoppers as a kind of identity: the `sid` cookie (SameSite=Lax), 30-day sessions, code login to fall back on. */
export const shopperKind: IdentityKind<UserRow> = {
  sessions: {
    table: userSessions,
    tokenHash: userSessions.tokenHash,
    accountId: userSessions.userId,
    createdAt: userSessions.createdAt,
    expiresAt: userSessions.expiresAt,
  },
  // A blocked shopper's sessions ended when she was blocked, and a session of hers reads as none.
  accounts: { table: users, id: users.id, email: users.email, allowed: isNull(users.blockedAt) },
  lifetime: { days: SESSION_DAYS },
  cookie: { name: SESSION_COOKIE, sameSite: 'lax' },
  password: {
    throttleKey: (email) => email,
    otpLogin: true,
    wrongLogin: WRONG_LOGIN_MESSAGE,
    // A blocked shopper learns it only after proving who she is (right password or code), never a stranger.
    refuseNotAllowed: () => new AppError('NOT_ALLOWED', BLOCKED_MESSAGE),
  },
};

export const shopperCookie = sessionCookie(shopperKind.cookie);
export const setSessionCookie = shopperCookie.set;
export const clearSessionCookie = shopperCookie.clear;
