import { and, count, countDistinct, desc, eq, gt, inArray, lt, min } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { authEvents } from './tables.js';

// The auth_events counters: code sends and wrong codes (accounts/code-store.ts) and password failures, locks and alerts
// (password-throttle.ts), each a row with its time, so every instance sees the same counts.

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
