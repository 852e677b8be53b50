import { and, count, countDistinct, desc, eq, getTableColumns, getTableName, gt, inArray, lt, min, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.js';
import { statement } from '../db/statements.js';
import { authEvents } from './tables.js';

// The identity module's SQL: the auth_events counters (code sends and wrong codes in accounts/code-store.ts, password
// failures, locks and alerts in password-throttle.ts), each a row with its time so every instance sees the same
// counts; and the sessions of each kind of account (sessions.ts), in the kind's own table.

export type AuthEventKind = (typeof authEvents.kind.enumValues)[number];
type Executor = Pick<Db, 'select' | 'insert' | 'delete'>;

/** The times of one kind of event for a subject (and client, when given) since `since`, oldest first. */
export function authEventTimes(
  db: Executor,
  kind: AuthEventKind,
  subject: string,
  since: Date,
  ip?: string,
): Promise<Array<{ createdAt: Date }>> {
  return db
    .select({ createdAt: authEvents.createdAt })
    .from(authEvents)
    .where(
      and(
        eq(authEvents.kind, kind),
        eq(authEvents.subject, subject),
        ip === undefined ? undefined : eq(authEvents.ip, ip),
        gt(authEvents.createdAt, since),
      ),
    )
    .orderBy(authEvents.createdAt);
}

/** When the subject's (and client's) latest event of a kind was, or undefined. */
export async function lastAuthEventAt(db: Executor, kind: AuthEventKind, subject: string, ip: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: authEvents.createdAt })
    .from(authEvents)
    .where(and(eq(authEvents.kind, kind), eq(authEvents.subject, subject), eq(authEvents.ip, ip)))
    .orderBy(desc(authEvents.createdAt))
    .limit(1);
  return row?.createdAt;
}

/** How many events of a kind the subject (and client) had since `since`. */
export async function countAuthEvents(db: Executor, kind: AuthEventKind, subject: string, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authEvents)
    .where(and(eq(authEvents.kind, kind), eq(authEvents.subject, subject), eq(authEvents.ip, ip), gt(authEvents.createdAt, since)));
  return row?.n ?? 0;
}

/** Whether the subject had an event of a kind since `since`. */
export async function hadAuthEvent(db: Executor, kind: AuthEventKind, subject: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ id: authEvents.id })
    .from(authEvents)
    .where(and(eq(authEvents.kind, kind), eq(authEvents.subject, subject), gt(authEvents.createdAt, since)))
    .limit(1);
  return rows.length > 0;
}

/** The subject's events of a kind since `since` over all clients: how many, from how many clients, the first when. */
export async function authEventSpread(
  db: Executor,
  kind: AuthEventKind,
  subject: string,
  since: Date,
): Promise<{ events: number; clients: number; firstAt: Date | null }> {
  const [row] = await db
    .select({ events: count(), clients: countDistinct(authEvents.ip), firstAt: min(authEvents.createdAt) })
    .from(authEvents)
    .where(and(eq(authEvents.kind, kind), eq(authEvents.subject, subject), gt(authEvents.createdAt, since)));
  return { events: row?.events ?? 0, clients: row?.clients ?? 0, firstAt: row?.firstAt ?? null };
}

export async function recordAuthEvents(
  db: Executor,
  rows: Array<{ kind: AuthEventKind; subject: string; ip?: string; createdAt: Date }>,
): Promise<void> {
  await db.insert(authEvents).values(rows);
}

/** Forgets the subject's events of the given kinds (from one client, when given). */
export async function forgetAuthEvents(db: Executor, kinds: AuthEventKind[], subject: string, ip?: string): Promise<void> {
  await db
    .delete(authEvents)
    .where(and(inArray(authEvents.kind, kinds), eq(authEvents.subject, subject), ip === undefined ? undefined : eq(authEvents.ip, ip)));
}

/** Events older than `before`: no rule counts them any more. */
export async function pruneAuthEvents(db: Executor, before: Date): Promise<void> {
  await db.delete(authEvents).where(lt(authEvents.createdAt, before));
}

// ---- Sessions (sessions.ts). Each kind of account keeps them in a table of its own, named by a SessionsTable. ----

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

type SessionsExecutor = Pick<Db, 'delete'>;

/** The property a column has in its table's rows: drizzle's insert and update objects are keyed by it. */
function keyOf(table: PgTable, column: PgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!found) throw new Error(`column ${column.name} is not a column of its sessions table`);
  return found[0];
}

export type SessionOfStatement = (
  db: Db,
  values: { tokenHash: string; at: Date },
) => Promise<Array<{ account: unknown; expiresAt: unknown }>>;
const sessionOfStatements = new Map<string, SessionOfStatement>();

/**
 * The account and expiry of an unexpired session by its token's hash, if the account may sign in. Every signed-in
 * request asks it: the statement is built once per kind (db/statements.ts).
 */
export function sessionOfStatement(spec: { sessions: SessionsTable; accounts: AccountsTable<unknown> }): SessionOfStatement {
  const { sessions, accounts } = spec;
  const name = `${getTableName(sessions.table)}_authenticate`;
  let found = sessionOfStatements.get(name);
  if (!found) {
    found = statement(name, (db, prepared) =>
      db
        .select({ account: accounts.table, expiresAt: sessions.expiresAt })
        .from(sessions.table)
        .innerJoin(accounts.table, eq(accounts.id, sessions.accountId))
        .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('at')), accounts.allowed))
        .prepare(prepared),
    );
    sessionOfStatements.set(name, found);
  }
  return found;
}

/** A new session row. */
export async function insertSession(
  db: Db,
  sessions: SessionsTable,
  values: { tokenHash: string; accountId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions.table).values({
    [keyOf(sessions.table, sessions.tokenHash)]: values.tokenHash,
    [keyOf(sessions.table, sessions.accountId)]: values.accountId,
    [keyOf(sessions.table, sessions.createdAt)]: values.createdAt,
    [keyOf(sessions.table, sessions.expiresAt)]: values.expiresAt,
  });
}

/** Moves a session's expiry. */
export async function setSessionExpiry(db: Db, sessions: SessionsTable, tokenHash: string, expiresAt: Date): Promise<void> {
  await db
    .update(sessions.table)
    .set({ [keyOf(sessions.table, sessions.expiresAt)]: expiresAt })
    .where(eq(sessions.tokenHash, tokenHash));
}

/** Ends the session of a token's hash. */
export async function deleteSession(db: SessionsExecutor, sessions: SessionsTable, tokenHash: string): Promise<void> {
  await db.delete(sessions.table).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends the account's sessions that expired before `at`. */
export async function deleteExpiredSessions(db: SessionsExecutor, sessions: SessionsTable, accountId: string, at: Date): Promise<void> {
  await db.delete(sessions.table).where(and(eq(sessions.accountId, accountId), lt(sessions.expiresAt, at)));
}

/** Ends every session of the account, or every one but that of `keptTokenHash`. */
export async function deleteSessionsOf(
  db: SessionsExecutor,
  sessions: SessionsTable,
  accountId: string,
  keptTokenHash?: string,
): Promise<void> {
  const ofAccount = eq(sessions.accountId, accountId);
  await db.delete(sessions.table).where(keptTokenHash === undefined ? ofAccount : and(ofAccount, ne(sessions.tokenHash, keptTokenHash)));
}

/**
 * Ends every session of the kind, or of one account (`npm run sessions:end`); answers how many of them were still
 * unexpired at `at`, that is how many browsers were signed out.
 */
export async function deleteSessions(db: SessionsExecutor, sessions: SessionsTable, at: Date, accountId?: string): Promise<number> {
  const ended = await db
    .delete(sessions.table)
    .where(accountId === undefined ? undefined : eq(sessions.accountId, accountId))
    .returning({ expiresAt: sessions.expiresAt });
  return ended.filter((row) => (row.expiresAt as Date) > at).length;
}

/** The id of the account with this e-mail address, whether or not it may sign in. */
export async function accountIdByEmail(
  db: Pick<Db, 'select'>,
  accounts: { table: PgTable; id: PgColumn; email: PgColumn },
  email: string,
): Promise<string | undefined> {
  const [found] = await db.select({ id: accounts.id }).from(accounts.table).where(eq(accounts.email, email));
  return found?.id as string | undefined;
}
