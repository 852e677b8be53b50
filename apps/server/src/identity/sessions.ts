import { and, eq, getTableColumns, getTableName, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.js';
import { statement } from '../db/statements.js';
import { daysAfter, hashToken, newToken, slidExpiry } from './tokens.js';

export interface Session {
  /** The cookie value; only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
}

/** Where a kind keeps its sessions: one row per session, keyed by the SHA-256 of its token. */
export interface SessionsTable {
  table: PgTable;
  tokenHash: PgColumn;
  /** The account the session belongs to (user_id, admin_id). */
  accountId: PgColumn;
  createdAt: PgColumn;
  expiresAt: PgColumn;
}

/** The accounts a kind's sessions belong to, typed by their row. */
export interface AccountsTable<TAccount> {
  table: PgTable & { $inferSelect: TAccount };
  id: PgColumn;
  /** The accounts that may be signed in (a shopper not blocked, an admin active): any other's session reads as none. */
  allowed: SQL;
}

/** How long a session lives: `days` from its start, moved `days` ahead of each use (at most once a day). */
export interface SessionLifetime {
  days: number;
}

type Executor = Pick<Db, 'delete'>;

/** The property a column has in its table's rows: drizzle's insert and update objects are keyed by it. */
function keyOf(table: PgTable, column: PgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!found) throw new Error(`column ${column.name} is not a column of its sessions table`);
  return found[0];
}

type AuthenticateStatement = (db: Db, values: { tokenHash: string; at: Date }) => Promise<Array<{ account: unknown; expiresAt: unknown }>>;
const authenticateStatements = new Map<string, AuthenticateStatement>();

/** Every signed-in request asks for its session: the statement is built once per kind (db/statements.ts). */
function authenticateStatement(spec: { sessions: SessionsTable; accounts: AccountsTable<unknown> }): AuthenticateStatement {
  const { sessions, accounts } = spec;
  const name = `${getTableName(sessions.table)}_authenticate`;
  let found = authenticateStatements.get(name);
  if (!found) {
    found = statement(name, (db, prepared) =>
      db
        .select({ account: accounts.table, expiresAt: sessions.expiresAt })
        .from(sessions.table)
        .innerJoin(accounts.table, eq(accounts.id, sessions.accountId))
        .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('at')), accounts.allowed))
        .prepare(prepared),
    );
    authenticateStatements.set(name, found);
  }
  return found;
}

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
  const keys = {
    tokenHash: keyOf(sessions.table, sessions.tokenHash),
    accountId: keyOf(sessions.table, sessions.accountId),
    createdAt: keyOf(sessions.table, sessions.createdAt),
    expiresAt: keyOf(sessions.table, sessions.expiresAt),
  };

  const sessionOf = authenticateStatement(spec);

  return {
    /** A new session for the account. The session the browser had before (if any) ends here; so do the account's expired ones. */
    async create(accountId: string, previousToken?: string): Promise<Session> {
      if (previousToken) await db.delete(sessions.table).where(eq(sessions.tokenHash, hashToken(previousToken)));
      await db.delete(sessions.table).where(and(eq(sessions.accountId, accountId), lt(sessions.expiresAt, now())));
      const token = newToken();
      const expiresAt = daysAfter(now(), lifetime.days);
      await db.insert(sessions.table).values({
        [keys.tokenHash]: hashToken(token),
        [keys.accountId]: accountId,
        [keys.createdAt]: now(),
        [keys.expiresAt]: expiresAt,
      });
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
      if (slid)
        await db
          .update(sessions.table)
          .set({ [keys.expiresAt]: slid })
          .where(eq(sessions.tokenHash, tokenHash));
      // The select answered the row of `accounts.table`, whose type is TAccount.
      return { account: found.account as TAccount, session: { token, expiresAt: slid ?? expiresAt }, slid: slid !== null };
    },

    /** Ends the session of this token (logout); nothing happens for none or an unknown one. */
    async revoke(token: string | undefined, executor: Executor = db): Promise<void> {
      if (token) await executor.delete(sessions.table).where(eq(sessions.tokenHash, hashToken(token)));
    },

    /** Ends every session of the account but the one of `currentToken` (a password change signs out the others). */
    async revokeAllBut(accountId: string, currentToken: string, executor: Executor = db): Promise<void> {
      await executor.delete(sessions.table).where(and(eq(sessions.accountId, accountId), ne(sessions.tokenHash, hashToken(currentToken))));
    },

    /** Ends every session of the account (a password reset, a block or deactivation). */
    async revokeAll(accountId: string, executor: Executor = db): Promise<void> {
      await executor.delete(sessions.table).where(eq(sessions.accountId, accountId));
    },
  };
}

export type Sessions<TAccount> = ReturnType<typeof createSessions<TAccount>>;
