import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every change of a shelf quantity goes through inventory/ (issue 25, ADR 023), which writes its stock_movements
// row in the same transaction. The stock columns are the catalogue's, so their SQL sits in catalogue/stock-queries.ts
// (no domain writes another's tables), and only inventory/ may call it. This test reads the server's sources and
// fails when any other code writes variants.quantity, products.stock or products.available_stock, or when any
// code but inventory/ imports catalogue/stock-queries.ts: either would leave the ledger short.

const SRC = path.resolve(import.meta.dirname, '..');
/** The one module with the SQL that writes stock columns. */
const STOCK_SQL = path.join('catalogue', 'stock-queries.ts');
const TABLE_MODULES = [path.join(SRC, 'catalogue/tables.ts'), path.join(SRC, 'db/schema.ts')];
/** The stock columns of each catalogue table, as Drizzle properties and as SQL columns. */
const STOCK_COLUMNS = {
  variants: ['quantity'],
  products: ['stock', 'availableStock', 'available_stock'],
} as const;
type Table = keyof typeof STOCK_COLUMNS;

/**
 * Writes allowed outside inventory/, each with why. The benchmarks' large catalogue (hundreds of thousands of
 * made-up variants, bench:catalogue) is bulk-inserted with its quantities: it is load-test data with no history
 * to tell, and a ledger row per variant would only slow the load it measures.
 */
const ALLOWED = [{ file: path.join('dev', 'demo', 'seed.ts'), kind: 'insert' as const }];

interface StockWrite {
  at: number;
  line: number;
  kind: 'update' | 'insert';
  text: string;
}

/** The names a source file gives the catalogue tables (`variants`, `products as productsTable`). */
function tableNames(source: string, file: string): Array<{ table: Table; name: string }> {
  const names: Array<{ table: Table; name: string }> = [];
  for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const target = path.resolve(path.dirname(file), match[2]!.replace(/\.js$/, '.ts'));
    if (!TABLE_MODULES.includes(target)) continue;
    for (const binding of match[1]!.split(',')) {
      const [imported, local] = binding.trim().split(/\s+as\s+/);
      if (imported === 'variants' || imported === 'products') names.push({ table: imported, name: local ?? imported });
    }
  }
  for (const table of ['variants', 'products'] as const) {
    if (TABLE_MODULES.includes(file) && new RegExp(`export const ${table} = pgTable\\(`).test(source)) names.push({ table, name: table });
  }
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
const mentions = (text: string, table: Table) => STOCK_COLUMNS[table].some((column) => new RegExp(`\\b${column}\\b`).test(text));
/** A value Drizzle writes that the source does not spell out (`rows`, `input.values`): it may hold stock. */
const opaque = (text: string) => /^[\w$.!]+$/.test(text.trim());
/**
 * An opaque value that is a parameter declared without the table's stock columns (`values: Omit<…, 'quantity'>`,
 * the data layer's typed writes): the type checker keeps stock out of it, so it is not a stock write.
 */
function typedWithoutStock(source: string, at: number, value: string, table: Table): boolean {
  const declared = [...source.slice(0, at).matchAll(new RegExp(`\\b${escape(value.trim())}\\??:\\s*([^\\n]*)`, 'g'))].at(-1)?.[1];
  if (!declared || !declared.includes('Omit<')) return false;
  return STOCK_COLUMNS[table].filter((column) => !column.includes('_')).every((column) => declared.includes(`'${column}'`));
}

/**
 * Every place a source writes a stock column: a Drizzle update whose set names it (or is not an object literal),
 * a Drizzle insert whose values name it (or are a bare variable) or that updates it on conflict, and raw SQL
 * updates and inserts.
 */
function stockWrites(source: string, file: string): StockWrite[] {
  const writes: StockWrite[] = [];
  const push = (at: number, kind: StockWrite['kind'], text: string) =>
    writes.push({ at, line: lineOf(source, at), kind, text: text.split('\n')[0]!.trim() });
  const names = tableNames(source, file);
  for (const { table, name } of names) {
    for (const update of source.matchAll(new RegExp(`\\.update\\(\\s*${escape(name)}\\s*\\)`, 'g'))) {
      const end = source.indexOf(';', update.index);
      const statement = source.slice(update.index, end === -1 ? undefined : end);
      const set = statement.indexOf('.set(');
      if (set === -1) continue;
      const values = argumentsAt(statement, set + '.set'.length).trim();
      if (opaque(values) && typedWithoutStock(source, update.index, values, table)) continue;
      if (!values.startsWith('{') || mentions(values, table)) push(update.index, 'update', statement);
    }
    for (const insert of source.matchAll(new RegExp(`\\.insert\\(\\s*${escape(name)}\\s*\\)`, 'g'))) {
      const end = source.indexOf(';', insert.index);
      const statement = source.slice(insert.index, end === -1 ? undefined : end);
      const valuesAt = statement.indexOf('.values(');
      const values = valuesAt === -1 ? '' : argumentsAt(statement, valuesAt + '.values'.length);
      const conflictAt = statement.indexOf('.onConflictDoUpdate(');
      const conflict = conflictAt === -1 ? '' : argumentsAt(statement, conflictAt + '.onConflictDoUpdate'.length);
      const untyped = opaque(values) && !typedWithoutStock(source, insert.index, values, table);
      if (mentions(values, table) || untyped || mentions(conflict, table)) push(insert.index, 'insert', statement);
    }
  }
  for (const table of ['variants', 'products'] as const) {
    const own = names.filter((entry) => entry.table === table).map((entry) => `\\$\\{\\s*${escape(entry.name)}\\s*\\}`);
    const spelled = [`"?${table}"?`, ...own].join('|');
    const columns = STOCK_COLUMNS[table].join('|');
    const update = new RegExp(`update\\s+(?:${spelled})(?:\\s+(?:as\\s+)?\\w+)?\\s+set\\b[^;\`]*?\\b(?:${columns})\\s*=`, 'gi');
    for (const raw of source.matchAll(update)) push(raw.index, 'update', raw[0]);
    const insert = new RegExp(`insert\\s+into\\s+(?:${spelled})\\s*\\(([^)]*)\\)`, 'gi');
    for (const raw of source.matchAll(insert)) if (mentions(raw[1]!, table)) push(raw.index, 'insert', raw[0]);
  }
  return writes.sort((a, b) => a.at - b.at);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('writes of a stock column', () => {
  it('happen only through inventory/, which writes the ledger row with each (and in the allowed bulk demo load)', () => {
    const found = sourceFiles(SRC).flatMap((file) =>
      stockWrites(readFileSync(file, 'utf8'), file).map((write) => ({ file: path.relative(SRC, file), ...write })),
    );
    const outside = found.filter(
      (write) => write.file !== STOCK_SQL && !ALLOWED.some((allowed) => allowed.file === write.file && allowed.kind === write.kind),
    );
    expect(outside.map((write) => `${write.file}:${write.line} ${write.text}`)).toEqual([]);
    // The guard sees the writes that are there: the stock SQL's conditional takes, put-backs and absolute writes.
    expect(found.filter((write) => write.file === STOCK_SQL).length).toBeGreaterThanOrEqual(6);
  });

  it('are called only by inventory/: nothing else imports catalogue/stock-queries.ts', () => {
    const callers = sourceFiles(SRC)
      .filter((file) =>
        /from\s*'[./]*(?:catalogue\/)?stock-queries\.js'|import\(\s*'[./]*(?:catalogue\/)?stock-queries\.js'\s*\)/.test(
          readFileSync(file, 'utf8'),
        ),
      )
      .map((file) => path.relative(SRC, file));
    expect(callers.filter((file) => !file.startsWith(`inventory${path.sep}`))).toEqual([]);
    expect(callers).toContain(path.join('inventory', 'service.ts'));
  });

  it('are found however they are written (the guard above is not blind)', () => {
    const file = path.join(SRC, 'somewhere/service.ts');
    const drizzle = `import { variants as v, products, categories } from '../catalogue/tables.js';
      await tx.update(v).set({ quantity: 0, archivedAt: at }).where(eq(v.id, id));
      await tx.update(v).set({ archivedAt: at }).where(eq(v.id, id));
      await tx.update(products).set({ ...values, stock: 4 });
      await tx.update(products).set(patch);
      await tx.update(categories).set({ stock: 1 });
      await tx.insert(v).values({ productId, quantity: 5, sku });
      await tx.insert(v).values(rows);
      await tx.insert(products).values({ name, slug });
      await tx.insert(products).values({ name }).onConflictDoUpdate({ target: products.id, set: { stock: 2 } });`;
    expect(stockWrites(drizzle, file).map((write) => write.line)).toEqual([2, 4, 5, 7, 8, 10]);
    const raw = `import { variants, products } from '../db/schema.js';
      await db.execute(sql\`update \${variants} set quantity = quantity - 1 where id = \${id}\`);
      await db.execute(sql\`UPDATE products p SET updated_at = now(), stock = 3\`);
      await db.execute(sql\`update products set available_stock = 3\`);
      await db.execute(sql\`update \${variants} set archived_at = now()\`);
      await db.execute(sql\`insert into variants (product_id, sku, quantity) values (1, 2, 3)\`);
      await db.execute(sql\`update cart_lines set quantity = 2\`);`;
    expect(stockWrites(raw, file).map((write) => write.line)).toEqual([2, 3, 4, 6]);
    expect(stockWrites(`import { variants } from './elsewhere.js';\nawait tx.update(variants).set({ quantity: 1 });`, file)).toEqual([]);
    // A parameter typed without the stock columns is not a stock write; one typed with them all, or only some, is.
    const typed = `import { variants, products } from '../catalogue/tables.js';
      function a(values: Omit<typeof variants.$inferInsert, 'id' | 'quantity'>) { return tx.insert(variants).values(values); }
      function b(values: Partial<Omit<typeof products.$inferInsert, 'stock' | 'availableStock'>>) { return tx.update(products).set(values); }
      function c(values: typeof variants.$inferInsert) { return tx.insert(variants).values(values); }
      function d(values: Partial<Omit<typeof products.$inferInsert, 'stock'>>) { return tx.update(products).set(values); }`;
    expect(stockWrites(typed, file).map((write) => write.line)).toEqual([4, 5]);
  });
});
