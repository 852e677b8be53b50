import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.js';

/** What drizzle's `.prepare(name)` answers: a statement built once, run with its placeholders filled in. */
export interface Prepared<TValues, TResult> {
  execute(values: TValues): Promise<TResult>;
}

const names = new Set<string>();

/**
 * A statement built once per connection and then only run, by name. Drizzle's query builder costs about 0.2 ms of
 * CPU per call (bench:checkout's profile: a fifth of the shop's busy time, more than PostgreSQL needs to answer a
 * key lookup), and every paid order runs the same few dozen statements; built once, PostgreSQL parses each of them
 * once per connection too. `build` passes every value as `sql.placeholder(name)` and ends with `.prepare(name)`.
 *
 * The same statement serves the database and a transaction: drizzle binds a prepared statement to the connection
 * of the handle that built it, so one is kept per connection: the pool for `db`, each pooled connection that
 * transactions run on. (PGlite gives every transaction a handle of its own: there it is built per transaction.)
 */
export function statement<TValues extends Record<string, unknown>, TResult>(
  name: string,
  build: (db: Db, name: string) => Prepared<TValues, TResult>,
): (db: Db, values: TValues) => Promise<TResult> {
  // PostgreSQL refuses a second text under a name a connection already prepared.
  if (names.has(name)) throw new Error(`two statements are named ${name}`);
  names.add(name);
  const built = new WeakMap<object, Prepared<TValues, TResult>>();
  return (db, values) => {
    const connection = connectionOf(db);
    let prepared = built.get(connection);
    if (!prepared) {
      prepared = build(db, name);
      built.set(connection, prepared);
    }
    return prepared.execute(values);
  };
}

/**
 * The driver's client under a drizzle handle (node-postgres: the pool, or a transaction's pooled connection), which
 * a prepared statement is bound to; the handle itself when drizzle does not show it.
 */
function connectionOf(db: Db): object {
  const session = db._.session as unknown as { client?: unknown };
  return typeof session.client === 'object' && session.client !== null ? session.client : db;
}

const dialect = new PgDialect();

/**
 * The same for a statement written in SQL (`sql` with `sql.placeholder(name)` for its values): built into text once,
 * run by name; answers its rows as PostgreSQL names their columns, as selectRows does.
 */
export function sqlStatement<TRow, TValues extends Record<string, unknown>>(
  name: string,
  query: SQL,
): (db: Db, values: TValues) => Promise<TRow[]> {
  const text = dialect.sqlToQuery(query);
  // What db.execute() does each time (drizzle's session.prepareQuery without fields answers the driver's result),
  // once per connection and under a name.
  const run = statement(
    name,
    (db, prepared) => db._.session.prepareQuery(text, undefined, prepared, false) as Prepared<TValues, { rows: TRow[] }>,
  );
  return async (db, values) => (await run(db, values)).rows;
}

const advisoryLockStatement = sqlStatement<unknown, { key: string }>(
  'advisory_xact_lock',
  sql`select pg_advisory_xact_lock(hashtext(${sql.placeholder('key')}))`,
);

/**
 * Holds the lock named `key` until the caller's transaction ends (PostgreSQL's transaction-level advisory lock on
 * the key's hash): writers of the same thing (a shopper's cart, her checkout, one e-mail's codes) take turns.
 */
export async function advisoryLock(tx: Db, key: string): Promise<void> {
  await advisoryLockStatement(tx, { key });
}
