import type { Db } from '../db/database.js';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOf,
  insertSession,
  sessionOfStatement,
  setSessionExpiry,
  type AccountsTable,
  type SessionsTable,
} from './queries.js';
import { daysAfter, hashToken, newToken, slidExpiry } from './tokens.js';

export type { AccountsTable, SessionsTable };

export interface Session {
  /** The cookie value; only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
}

/** How long a session lives: `days` from its start, moved `days` ahead of each use (at most once a day). */
export interface SessionLifetime {
  days: number;
}

type Executor = Pick<Db, 'delete'>;

/**
 * Server-side sessions of one kind of account: the browser holds a random token, the table only its hash.
 * A session is started on login (ending the one the browser had: rotation), slides forward as it is used,
 * and is ended one at a time (logout), all but the current one (a password change) or all (a reset, a block).
 */
export function createSessions<TAccount>(
  db: Db,
  spec: { sessions: SessionsTable; accounts: AccountsTable<TAccount>; lifetime: SessionLifetime },
  options: { now: () => Date },
) {
  const { now } = options;
  const { sessions, lifetime } = spec;
  const sessionOf = sessionOfStatement(spec);

  return {
    /** A new session for the account. The session the browser had before (if any) ends here; so do the account's expired ones. */
    async create(accountId: string, previousToken?: string): Promise<Session> {
      if (previousToken) await deleteSession(db, sessions, hashToken(previousToken));
      await deleteExpiredSessions(db, sessions, accountId, now());
      const token = newToken();
      const expiresAt = daysAfter(now(), lifetime.days);
      await insertSession(db, sessions, { tokenHash: hashToken(token), accountId, createdAt: now(), expiresAt });
      return { token, expiresAt };
    },

    /**
     * The account behind a token, or null (no such session, expired, or the account may not sign in). The
     * session slides: `slid` says its expiry moved, so the cookie must be sent again with the new one.
     */
    async authenticate(token: string | undefined): Promise<{ account: TAccount; session: Session; slid: boolean } | null> {
      if (!token) return null;
      const tokenHash = hashToken(token);
      const at = now();
      const [found] = await sessionOf(db, { tokenHash, at });
      if (!found) return null;
      const expiresAt = found.expiresAt as Date;
      const slid = slidExpiry(expiresAt, at, lifetime.days);
      if (slid) await setSessionExpiry(db, sessions, tokenHash, slid);
      // The select answered the row of `accounts.table`, whose type is TAccount.
      return { account: found.account as TAccount, session: { token, expiresAt: slid ?? expiresAt }, slid: slid !== null };
    },

    /** Ends the session of this token (logout); nothing happens for none or an unknown one. */
    async revoke(token: string | undefined, executor: Executor = db): Promise<void> {
      if (token) await deleteSession(executor, sessions, hashToken(token));
    },

    /** Ends every session of the account but the one of `currentToken` (a password change signs out the others). */
    async revokeAllBut(accountId: string, currentToken: string, executor: Executor = db): Promise<void> {
      await deleteSessionsOf(executor, sessions, accountId, hashToken(currentToken));
    },

    /** Ends every session of the account (a password reset, a block or deactivation). */
    async revokeAll(accountId: string, executor: Executor = db): Promise<void> {
      await deleteSessionsOf(executor, sessions, accountId);
    },
  };
}

export type Sessions<TAccount> = ReturnType<typeof createSessions<TAccount>>;
