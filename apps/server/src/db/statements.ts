import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
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

/**
 * Rows of `table` sent as one JSON parameter that PostgreSQL spreads into the table's own row type
 * (json_populate_recordset), so one row or ten run the same prepared statement. `columns` are the fields every row
 * gives (the others take their defaults); `computed` columns take an SQL expression instead, evaluated for each row
 * (`clock_timestamp()`). `insert(placeholder, from)` is the insert of the rows in placeholder `placeholder`
 * (`from`: more of the select's from list, which computed expressions may read); `encode` makes its value.
 */
export function jsonRows<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  table: T,
  columns: readonly K[],
  computed: Partial<Record<keyof T['$inferInsert'] & string, SQL>> = {},
): { insert: (placeholder: string, from?: SQL) => SQL; encode: (rows: ReadonlyArray<Pick<T['$inferInsert'], K>>) => string } {
  const tableColumns = getTableColumns(table) as Record<string, PgColumn>;
  const given = columns.map((key) => tableColumns[key]!);
  const extra = Object.entries(computed).map(([key, expression]) => [tableColumns[key]!, expression as SQL] as const);
  const target = [...given, ...extra.map(([column]) => column)].map((column) => sql.identifier(column.name));
  const values = [...given.map((column) => sql`r.${sql.identifier(column.name)}`), ...extra.map(([, expression]) => expression)];
  // Each value as the column would send it (a Date as its ISO text); json columns keep theirs as JSON.
  const encodeValue = (column: PgColumn, value: unknown) =>
    value === null || value === undefined ? null : column.dataType === 'json' ? value : column.mapToDriverValue(value);
  return {
    insert: (placeholder, from) =>
      sql`insert into ${table} (${sql.join(target, sql`, `)})
        select ${sql.join(values, sql`, `)}
        from json_populate_recordset(null::${table}, ${sql.placeholder(placeholder)}::json) as r${from ? sql`, ${from}` : sql``}`,
    encode: (rows) =>
      JSON.stringify(
        rows.map((row) =>
          Object.fromEntries(
            given.map((column, index) => [column.name, encodeValue(column, (row as Record<string, unknown>)[columns[index]!])]),
          ),
        ),
      ),
  };
}

/** Inserts any number of rows of `table` with one statement built once (jsonRows). */
export function insertRowsStatement<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  name: string,
  table: T,
  columns: readonly K[],
  computed: Partial<Record<keyof T['$inferInsert'] & string, SQL>> = {},
): (db: Db, rows: ReadonlyArray<Pick<T['$inferInsert'], K>>) => Promise<void> {
  const rows = jsonRows(table, columns, computed);
  const run = sqlStatement<unknown, { rows: string }>(name, rows.insert('rows'));
  return async (db, given) => {
    if (given.length === 0) return;
    await run(db, { rows: rows.encode(given) });
  };
}

/**
 * A row of `table` as PostgreSQL answers it to an SQL statement (columns under their SQL names, values as the driver
 * gives them), in drizzle's shape: what `.returning()` would have answered.
 */
export function tableRow<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}
