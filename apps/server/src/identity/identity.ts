import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { AppError } from '@shop/core';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.js';
import { cookiePolicyFor, sessionCookie, type SessionCookieSpec } from './cookies.js';
import { createPasswordThrottle, type PasswordFailureAlert } from './password-throttle.js';
import { createSessions, type AccountsTable, type Session, type SessionLifetime, type SessionsTable } from './sessions.js';

export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.';

// Argon2id (a const enum, which isolated modules cannot import as a value).
const ARGON2ID: Algorithm.Argon2id = 2;
export const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** How password login treats a kind of account (ADR 018). */
export interface PasswordRules {
  /** The throttle's key for an address: each kind its own, so that the counts of two kinds never mix. */
  throttleKey(email: string): string;
  /** Whether a client held back is told it may log in with an e-mailed code instead. */
  otpLogin: boolean;
  /** The answer to an unknown address or a wrong password. */
  wrongLogin: string;
  /**
   * An account that may not sign in (see `AccountsTable.allowed`): 'as-wrong-password' answers exactly like a wrong
   * password, so nobody learns it exists; a function gives the error thrown once the right password proved who asks.
   */
  refuseNotAllowed: 'as-wrong-password' | (() => AppError);
}

/** Everything that makes one kind of account (shoppers, admins) differ: its tables, cookie, session lifetime and password rules. */
export interface IdentityKind<TAccount extends { id: string; passwordHash: string }> {
  sessions: SessionsTable;
  accounts: AccountsTable<TAccount> & { email: PgColumn };
  lifetime: SessionLifetime;
  cookie: SessionCookieSpec;
  password: PasswordRules;
}

export interface IdentityOptions<TAccount> {
  now: () => Date;
  /** Where the shop is served: https makes the cookies Secure. */
  publicUrl: string;
  /** Tells the owner (and whoever the kind says) that the account saw many failed logins; must not make the answer wait for mail. */
  onFailureAlert?: (account: TAccount, alert: PasswordFailureAlert) => Promise<void> | void;
}

/** A signed-in account with its session; `setCookie` is the cookie to send again when the session slid forward. */
export interface Authenticated<TAccount> {
  account: TAccount;
  session: Session;
  setCookie?: string;
}

/**
 * Sign-in for one kind of account, written once for all: sessions (rotation on login, sliding expiry, ending
 * one, all but the current, or all), password login with its throttles and lock-out (ADR 018), logout, and
 * the session cookie.
 */
export function createIdentity<TAccount extends { id: string; email: string; passwordHash: string }>(
  db: Db,
  kind: IdentityKind<TAccount>,
  options: IdentityOptions<TAccount>,
) {
  const { now } = options;
  const sessions = createSessions(db, kind, { now });
  const throttle = createPasswordThrottle(db, { now });
  const cookie = sessionCookie(kind.cookie);
  const policy = cookiePolicyFor(options.publicUrl);
  const rules = kind.password;
  // Checked when the address is unknown, so a wrong address costs as long as a wrong password.
  const dummyHash = hash('not-a-real-password', ARGON2);

  async function findByEmail(email: string): Promise<{ account: TAccount; allowed: boolean } | undefined> {
    const [found] = await db
      .select({ account: kind.accounts.table, allowed: sql<boolean>`${kind.accounts.allowed}` })
      .from(kind.accounts.table)
      .where(eq(kind.accounts.email, email));
    // The select answered the row of `accounts.table`, whose type is TAccount.
    return found && { account: found.account as TAccount, allowed: found.allowed };
  }

  return {
    sessions,
    cookie,

    /**
     * Logs in with e-mail and password and starts a session (ending `previousToken`'s). Only a client that keeps
     * failing is held back, per account and over all accounts; the right password from any other client still
     * works, so a stranger who knows the address cannot keep its owner out. Many failures alert the owner.
     */
    async loginWithPassword(
      email: string,
      password: string,
      ip: string,
      previousToken?: string,
    ): Promise<{ account: TAccount; session: Session }> {
      const key = rules.throttleKey(email);
      await throttle.assertAllowed(key, ip, { otpLogin: rules.otpLogin });
      const found = await findByEmail(email);
      const matches = await verify(found?.account.passwordHash ?? (await dummyHash), password);
      const hidden = found !== undefined && !found.allowed && rules.refuseNotAllowed === 'as-wrong-password';
      if (!found || !matches || hidden) {
        const alert = await throttle.recordFailure(key, ip);
        // Unknown addresses and accounts that may not sign in alert nobody.
        if (alert && found?.allowed) await options.onFailureAlert?.(found.account, alert);
        throw new AppError('UNAUTHENTICATED', rules.wrongLogin);
      }
      await throttle.clearFailuresFrom(key, ip);
      if (!found.allowed && rules.refuseNotAllowed !== 'as-wrong-password') throw rules.refuseNotAllowed();
      return { account: found.account, session: await sessions.create(found.account.id, previousToken) };
    },

    /** The account behind a session cookie, or null; the session slides forward, and `setCookie` then carries the new cookie. */
    async authenticate(token: string | undefined): Promise<Authenticated<TAccount> | null> {
      const found = await sessions.authenticate(token);
      if (!found) return null;
      const { account, session, slid } = found;
      return slid ? { account, session, setCookie: cookie.header(session, policy) } : { account, session };
    },

    /** Ends the session of this cookie, if any. */
    async logout(token: string | undefined): Promise<void> {
      await sessions.revoke(token);
    },

    /**
     * Refuses a change that the account's current password does not back (a password change asks for it, so that
     * a session left open on a shared computer cannot take the account over). Each try counts like a login from
     * `ip`: the same throttles before argon2, the same failures, the same alert to the owner (ADR 018).
     */
    async assertCurrentPassword(account: TAccount, password: string, ip: string): Promise<void> {
      const key = rules.throttleKey(account.email);
      await throttle.assertAllowed(key, ip, { otpLogin: false, attempt: 'password-change' });
      if (!(await verify(account.passwordHash, password))) {
        const alert = await throttle.recordFailure(key, ip);
        if (alert) await options.onFailureAlert?.(account, alert);
        throw new AppError('INVALID_DATA', CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
      }
      await throttle.clearFailuresFrom(key, ip);
    },

    /** Forgets every failed password and lock of the account: its owner proved who she is another way (a code, a reset). */
    async forgetFailedLogins(email: string): Promise<void> {
      await throttle.clearFailures(rules.throttleKey(email));
    },
  };
}

export type Identity<TAccount extends { id: string; email: string; passwordHash: string }> = ReturnType<typeof createIdentity<TAccount>>;
