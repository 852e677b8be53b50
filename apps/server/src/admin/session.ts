import { ADMIN_SESSION_COOKIE } from '@shop/core';
import { eq } from 'drizzle-orm';
import { sessionCookie } from '../identity/cookies.js';
import type { IdentityKind } from '../identity/identity.js';
import { adminSessions, admins } from './tables.js';

export const ADMIN_SESSION_DAYS = 7;
export const WRONG_ADMIN_LOGIN = 'Invalid email or password.';

type AdminRow = typeof admins.$inferSelect;

/** Admins as a kind of identity, apart from shoppers: their own table, the `asid` cookie, 7-day sessions, no code login. */
export const adminKind: IdentityKind<AdminRow> = {
  sessions: {
    table: adminSessions,
    tokenHash: adminSessions.tokenHash,
    accountId: adminSessions.adminId,
    createdAt: adminSessions.createdAt,
    expiresAt: adminSessions.expiresAt,
  },
  accounts: { table: admins, id: admins.id, email: admins.email, allowed: eq(admins.active, true) },
  lifetime: { days: ADMIN_SESSION_DAYS },
  // SameSite=Strict: the back-office is never entered from a link on another site with its session, so no
  // request another site starts can carry it, not even a top-level navigation.
  cookie: { name: ADMIN_SESSION_COOKIE, sameSite: 'strict' },
  password: {
    // Counted like shoppers', under their own account key so the two never mix.
    throttleKey: (email) => `admin:${email}`,
    otpLogin: false,
    wrongLogin: WRONG_ADMIN_LOGIN,
    // A deactivated account answers like a wrong password: nobody learns it exists.
    refuseNotAllowed: 'as-wrong-password',
  },
};

export const adminCookie = sessionCookie(adminKind.cookie);
export const setAdminSessionCookie = adminCookie.set;
export const clearAdminSessionCookie = adminCookie.clear;
