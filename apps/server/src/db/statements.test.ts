import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/tables.js';
import { webhookEvents } from '../payments/tables.js';
import { createTestDatabase } from '../test/database.js';
import type { Database } from './database.js';
import { insertRowsStatement, sqlStatement, statement } from './statements.js';

// Statements built once run on the connection of the handle they are given: the pool, or a transaction's own
// connection (PGlite and, with TEST_DATABASE_URL, PostgreSQL).

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const eventOf = statement('test_statements_event_of', (db, name) =>
  db
    .select({ event: webhookEvents.event, receivedAt: webhookEvents.receivedAt })
    .from(webhookEvents)
    .where(eq(webhookEvents.eventId, sql.placeholder('eventId')))
    .prepare(name),
);
const record = statement('test_statements_record', (db, name) =>
  db
    .insert(webhookEvents)
    .values({ eventId: sql.placeholder('eventId'), event: sql.placeholder('event'), receivedAt: sql.placeholder('at') })
    .prepare(name),
);

const eventsIn = sqlStatement<{ event_id: string; event: string }, { ids: string }>(
  'test_statements_events_in',
  sql`select event_id, event from ${webhookEvents} where event_id = any(${sql.placeholder('ids')}::text[]) order by event_id`,
);

describe('a statement built once', () => {
  it('answers what the query builder answers, with the columns mapped (a timestamp comes back a Date)', async () => {
    const at = new Date('2026-11-27T06:00:00.000Z');
    await record(database.db, { eventId: 'evt_outside', event: 'payment.captured', at });
    expect(await eventOf(database.db, { eventId: 'evt_outside' })).toEqual([{ event: 'payment.captured', receivedAt: at }]);
    expect(await eventOf(database.db, { eventId: 'evt_none' })).toEqual([]);
  });

  it('runs inside a transaction on its connection: it sees the transaction’s own writes, and a rollback takes them back', async () => {
    for (const round of [1, 2, 3]) {
      const eventId = `evt_in_tx_${round}`;
      await database.db
        .transaction(async (tx) => {
          await record(tx, { eventId, event: 'order.paid', at: new Date() });
          expect(await eventOf(tx, { eventId })).toHaveLength(1);
          // Another connection does not see it before the commit (PGlite has one connection: nothing to ask there).
          if (database.kind === 'postgres') expect(await eventOf(database.db, { eventId })).toEqual([]);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error && error.message === 'Rollback')) throw error;
        });
      expect(await eventOf(database.db, { eventId })).toEqual([]);
    }
  });

  it('refuses a second statement under a name already taken', () => {
    expect(() => statement('test_statements_event_of', (db, name) => db.select().from(webhookEvents).prepare(name))).toThrow(
      'two statements are named test_statements_event_of',
    );
  });

  it('written in SQL, answers rows as PostgreSQL names their columns, on the pool and in a transaction', async () => {
    await record(database.db, { eventId: 'evt_sql_a', event: 'order.paid', at: new Date() });
    expect(await eventsIn(database.db, { ids: '{evt_sql_a,evt_sql_none}' })).toEqual([{ event_id: 'evt_sql_a', event: 'order.paid' }]);
    await database.db.transaction(async (tx) => {
      await record(tx, { eventId: 'evt_sql_b', event: 'payment.captured', at: new Date() });
      expect(await eventsIn(tx, { ids: '{evt_sql_a,evt_sql_b}' })).toEqual([
        { event_id: 'evt_sql_a', event: 'order.paid' },
        { event_id: 'evt_sql_b', event: 'payment.captured' },
      ]);
    });
  });
});

const auditRows = insertRowsStatement('test_statements_audit_rows', auditLog, [
  'actorId',
  'actorLabel',
  'action',
  'entity',
  'entityId',
  'before',
  'after',
  'createdAt',
]);
const auditRowsNow = insertRowsStatement('test_statements_audit_rows_now', auditLog, ['actorLabel', 'action', 'entity', 'entityId'], {
  createdAt: sql`clock_timestamp()`,
});
const auditOf = (db: Database['db'], entity: string) =>
  db
    .select({
      actorId: auditLog.actorId,
      actorLabel: auditLog.actorLabel,
      action: auditLog.action,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(eq(auditLog.entity, entity))
    .orderBy(asc(auditLog.id));

describe('rows inserted with one statement built once', () => {
  it('writes one row or several as the query builder would: nulls, timestamps, JSON with quotes and non-ASCII text', async () => {
    const at = new Date('2026-11-27T06:30:00.123Z');
    const rows = [
      {
        actorId: null,
        actorLabel: 'Priya "owner" <priya@example.in>',
        action: 'product.update',
        entity: 'test_rows',
        entityId: 'p1',
        before: { name: 'Kurta', tags: ['a', 'b'] },
        after: { name: 'साड़ी \\ "silk"', price: 1_29_900, on: true },
        createdAt: at,
      },
      {
        actorId: null,
        actorLabel: 'system',
        action: 'product.archive',
        entity: 'test_rows',
        entityId: 'p2',
        before: null,
        after: null,
        createdAt: at,
      },
    ];
    await auditRows(database.db, rows.slice(0, 1));
    await database.db.transaction(async (tx) => {
      await auditRows(tx, rows.slice(1));
      await auditRows(tx, []);
    });
    expect(await auditOf(database.db, 'test_rows')).toEqual(rows.map(({ entity: _entity, ...row }) => row));
  });

  it('evaluates a computed column for each row, in the order given', async () => {
    const rows = ['first', 'second', 'third'].map((entityId) => ({
      actorLabel: 'system',
      action: 'test',
      entity: 'test_rows_now',
      entityId,
    }));
    await auditRowsNow(database.db, rows);
    const written = await auditOf(database.db, 'test_rows_now');
    expect(written.map((row) => row.entityId)).toEqual(['first', 'second', 'third']);
    const times = written.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
