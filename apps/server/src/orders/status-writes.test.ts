import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every change of an order's status goes through `move` in orders/service.ts, which asks @shop/core's state
// machine first (issue 4: the late-payment path used to set pending_payment in memory around it). Its SQL is
// setOrderStatus in orders/queries.ts (issue 25: SQL lives in queries.ts). This test reads the server's sources
// and fails when any other code writes orders.status, or when anything but move() calls setOrderStatus.

const SRC = path.resolve(import.meta.dirname, '..');
const ORDERS_TABLE_MODULES = [path.join(SRC, 'orders/tables.ts'), path.join(SRC, 'db/schema.ts')];

interface StatusWrite {
  /** Offset in the source of the write. */
  at: number;
  line: number;
  text: string;
}

/** The names a source file gives the orders table (`orders`, `orders as ordersTable`). */
function ordersTableNames(source: string, file: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const target = path.resolve(path.dirname(file), match[2]!.replace(/\.js$/, '.ts'));
    if (!ORDERS_TABLE_MODULES.includes(target)) continue;
    for (const binding of match[1]!.split(',')) {
      const [imported, local] = binding.trim().split(/\s+as\s+/);
      if (imported === 'orders') names.push(local ?? imported);
    }
  }
  // The module that declares the table.
  if (ORDERS_TABLE_MODULES.includes(file) && /export const orders = pgTable\(/.test(source)) names.push('orders');
  return names;
}

/** The text of the call's argument list that opens at `open` (the index of its `(`). */
function argumentsAt(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
}

const lineOf = (source: string, at: number) => source.slice(0, at).split('\n').length;
const escape = (name: string) => name.replace(/[$]/g, '\\$');

/**
 * Every place a source writes the status of orders: a Drizzle update whose set names `status` (or is not an object
 * literal, so it might), an insert into orders that updates on conflict, raw SQL updates, and an order row's
 * status assigned in memory.
 */
function statusWrites(source: string, file: string): StatusWrite[] {
  const writes: StatusWrite[] = [];
  const names = ordersTableNames(source, file);
  for (const name of names) {
    for (const update of source.matchAll(new RegExp(`\\.update\\(\\s*${escape(name)}\\s*\\)`, 'g'))) {
      const statementEnd = source.indexOf(';', update.index);
      const statement = source.slice(update.index, statementEnd === -1 ? undefined : statementEnd);
      const set = statement.indexOf('.set(');
      if (set === -1) continue;
      const values = argumentsAt(statement, set + '.set'.length).trim();
      if (!values.startsWith('{') || /\bstatus\b/.test(values)) {
        writes.push({ at: update.index, line: lineOf(source, update.index), text: statement.split('\n')[0]!.trim() });
      }
    }
    for (const insert of source.matchAll(new RegExp(`\\.insert\\(\\s*${escape(name)}\\s*\\)`, 'g'))) {
      const statementEnd = source.indexOf(';', insert.index);
      const statement = source.slice(insert.index, statementEnd === -1 ? undefined : statementEnd);
      if (/onConflictDoUpdate/.test(statement) && /\bstatus\b/.test(statement)) {
        writes.push({ at: insert.index, line: lineOf(source, insert.index), text: statement.split('\n')[0]!.trim() });
      }
    }
  }
  const table = ['"?orders"?', ...names.map((name) => `\\$\\{\\s*${escape(name)}\\s*\\}`)].join('|');
  for (const raw of source.matchAll(new RegExp(`update\\s+(?:${table})(?:\\s+(?:as\\s+)?\\w+)?\\s+set\\b[^;\`]*?\\bstatus\\s*=`, 'gi'))) {
    writes.push({ at: raw.index, line: lineOf(source, raw.index), text: raw[0].split('\n')[0]!.trim() });
  }
  // An order row changed in memory, as the late-payment path once set pending_payment around the state machine.
  if (names.length > 0) {
    for (const assignment of source.matchAll(/\b\w*[oO]rder\w*\.status\s*=(?!=)/g)) {
      writes.push({ at: assignment.index, line: lineOf(source, assignment.index), text: assignment[0] });
    }
  }
  return writes;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Where a function starts and ends in its source: `move` in orders/service.ts (it applies transitions), `setOrderStatus` in orders/queries.ts (its SQL). */
function functionAt(source: string, opening: string, closing: string): { start: number; end: number } {
  const start = source.indexOf(opening);
  return { start, end: start === -1 ? -1 : source.indexOf(closing, start) };
}
const within = (at: number, span: { start: number; end: number }) => span.start !== -1 && at > span.start && at < span.end;

describe('writes of an order’s status', () => {
  it('happen only in setOrderStatus, the SQL of move(), the one function that applies the state machine', () => {
    const found = sourceFiles(SRC).flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return statusWrites(source, file).map((write) => ({ file: path.relative(SRC, file), ...write, source }));
    });
    const queries = path.join('orders', 'queries.ts');
    const outside = found.filter(
      (write) => write.file !== queries || !within(write.at, functionAt(write.source, 'export async function setOrderStatus(', '\n}\n')),
    );
    expect(outside.map((write) => `${write.file}:${write.line} ${write.text}`)).toEqual([]);
    expect(found.map((write) => write.file)).toEqual([queries]);
  });

  it('are asked for by move() alone: nothing else calls setOrderStatus', () => {
    const calls = sourceFiles(SRC).flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return [...source.matchAll(/(?<!function\s+)\bsetOrderStatus\s*\(/g)].map((call) => ({
        file: path.relative(SRC, file),
        at: call.index,
        source,
      }));
    });
    const service = path.join('orders', 'service.ts');
    const stray = calls.filter(
      (call) => call.file !== service || !within(call.at, functionAt(call.source, 'async function move(', '\n  }\n')),
    );
    expect(stray.map((call) => `${call.file}:${call.source.slice(0, call.at).split('\n').length}`)).toEqual([]);
    expect(calls.map((call) => call.file)).toEqual([service]);
  });

  it('are found however they are written (the guard above is not blind)', () => {
    const file = path.join(SRC, 'somewhere/service.ts');
    const drizzle = `import { orders as ordersTable, orderItems } from '../orders/tables.js';
      await tx.update(ordersTable).set({ status: 'paid', updatedAt: at }).where(eq(ordersTable.id, id));
      await tx.update(ordersTable).set({ courier }).where(eq(ordersTable.id, id));
      await tx.update(orderItems).set({ status: 'x' });
      await tx.update(ordersTable).set(patch);`;
    expect(statusWrites(drizzle, file).map((write) => write.line)).toEqual([2, 5]);
    const viaSchema = `import { orders } from '../db/schema.js';\nawait db.insert(orders).values(row).onConflictDoUpdate({ target: orders.id, set: { status } });`;
    expect(statusWrites(viaSchema, file)).toHaveLength(1);
    const raw = `import { orders } from '../orders/tables.js';
      await db.execute(sql\`update \${orders} set status = 'paid' where id = \${id}\`);
      await db.execute(sql\`UPDATE orders o SET updated_at = now(), status = 'x'\`);
      await db.execute(sql\`update orders set courier = 'x'\`);`;
    expect(statusWrites(raw, file).map((write) => write.line)).toEqual([2, 3]);
    const inMemory = `import { orders } from './tables.js';\nlet late = true;\norder.status = 'pending_payment';\nif (order.status === 'paid') late = false;`;
    expect(statusWrites(inMemory, path.join(SRC, 'orders/service.ts')).map((write) => write.line)).toEqual([3]);
    expect(statusWrites(`import { orders } from './elsewhere.js';\nawait tx.update(orders).set({ status: 'x' });`, file)).toEqual([]);
  });
});
