import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { pgArray, type Db } from '../db/database.js';
import { statement } from '../db/statements.js';
import { mailOutbox } from './tables.js';

// The mail outbox's SQL (queue.ts has the rules: leases, retries, validity).

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Mails one claim takes at most. */
export const CLAIM_BATCH = 10;

// Every order queues and sends a mail: these are built once (db/statements.ts).
const enqueueStatement = statement('mail_outbox_enqueue', (db, name) =>
  db
    .insert(mailOutbox)
    .values({
      kind: sql.placeholder('kind'),
      to: sql.placeholder('to'),
      subject: sql.placeholder('subject'),
      html: sql.placeholder('html'),
      text: sql.placeholder('text'),
      replyTo: sql.placeholder('replyTo'),
      dedupeKey: sql.placeholder('dedupeKey'),
      sensitive: sql.placeholder('sensitive'),
      createdAt: sql.placeholder('createdAt'),
      validUntil: sql.placeholder('validUntil'),
      nextAttemptAt: sql.placeholder('nextAttemptAt'),
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id })
    .prepare(name),
);
const markSentStatement = statement('mail_outbox_sent', (db, name) =>
  db
    .update(mailOutbox)
    .set({ sentAt: sql`${sql.placeholder('at')}`, claimedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, sql.placeholder('id')))
    .prepare(name),
);

// Every mail is claimed (by the worker's round, or at once by the request that queued it): built once
// (db/statements.ts). The rows picked are locked (SKIP LOCKED) until their lease is set, in the same statement.
const claimStatement = (name: string, onlyIds: boolean) =>
  statement(name, (db, prepared) => {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.droppedAt),
          lte(mailOutbox.nextAttemptAt, sql`${sql.placeholder('at')}`),
          or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`${sql.placeholder('at')}`)),
          onlyIds ? sql`${mailOutbox.id} = any(${sql.placeholder('ids')}::uuid[])` : undefined,
        ),
      )
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ claimedUntil: sql`${sql.placeholder('until')}`, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning()
      .prepare(prepared);
  });
const claimDueStatement = claimStatement('mail_outbox_claim_due', false);
const claimOfIdsStatement = claimStatement('mail_outbox_claim_ids', true);

/** A mail in the outbox, due at once; answers its id, or null when a mail with its dedupe key is there already. */
export async function insertMail(
  db: Db,
  values: Pick<
    typeof mailOutbox.$inferInsert,
    'kind' | 'to' | 'subject' | 'html' | 'text' | 'replyTo' | 'dedupeKey' | 'sensitive' | 'createdAt' | 'validUntil' | 'nextAttemptAt'
  >,
): Promise<string | null> {
  const [row] = await enqueueStatement(db, values);
  return row?.id ?? null;
}

/**
 * Leases due, unclaimed mail (only `ids` when given) until `until`, counting an attempt; other workers skip the
 * rows it holds. One statement, atomic on its own.
 */
export function claimMail(db: Db, at: Date, until: Date, ids?: readonly string[]): Promise<OutboxRow[]> {
  return ids ? claimOfIdsStatement(db, { at, until, ids: pgArray(ids) }) : claimDueStatement(db, { at, until });
}

export async function markMailSent(db: Db, id: string, at: Date): Promise<void> {
  await markSentStatement(db, { id, at });
}

/** A failed attempt: the lease ends, the next try is at `nextAttemptAt`. */
export async function scheduleMailRetry(db: Db, id: string, nextAttemptAt: Date, lastError: string): Promise<void> {
  await db.update(mailOutbox).set({ claimedUntil: null, nextAttemptAt, lastError }).where(eq(mailOutbox.id, id));
}

export async function markMailDropped(db: Db, id: string, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ droppedAt: at, claimedUntil: null }).where(eq(mailOutbox.id, id));
}

export async function deleteMail(db: Db, id: string): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.id, id));
}

/** Unsent mail whose validity ran out by `at` and that no worker holds, at most `limit`. */
export function expiredUnsentMail(db: Db, at: Date, limit: number): Promise<Array<Pick<OutboxRow, 'id' | 'kind' | 'sensitive'>>> {
  return db
    .select({ id: mailOutbox.id, kind: mailOutbox.kind, sensitive: mailOutbox.sensitive })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.droppedAt),
        lte(mailOutbox.validUntil, at),
        or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, at)),
      ),
    )
    .limit(limit);
}

/** Forgets mail sent or dropped before `before`. */
export async function deleteMailDoneBefore(db: Db, before: Date): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(
      or(
        and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, before)),
        and(isNotNull(mailOutbox.droppedAt), lt(mailOutbox.droppedAt, before)),
      ),
    );
}

/** Mails neither sent nor dropped. */
export async function pendingMailCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.droppedAt)));
  return row?.count ?? 0;
}
