import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Each domain folder owns its tables (its tables.ts); another domain reads or writes them only by calling that
// domain's service or queries (issue 25, ADR 010). This test reads the server's sources and fails when a domain
// imports another domain's tables.ts, the list of all tables (db/schema.ts), or names another domain's table in
// its SQL text.
//
// Not checked, on purpose:
// - db/schema.ts, the list of all tables drizzle-kit and the connection read, and db/database.ts, which opens the
//   connection with it and runs the migrations (migrations tooling);
// - tests (*.test.ts) and their fixtures in src/test/: they set up and inspect rows of any domain directly;
// - dev/ (the Razorpay emulator and the demo data): development tools that fill any table in bulk;
// - a tables.ts that imports another domain's table only for a foreign key (`.references(() => users.id)`):
//   the key is part of the schema, drizzle can declare it only with the other table's column, and the import may
//   serve nothing else (checked below).

const SRC = path.resolve(import.meta.dirname, '..');

// backup/photos.ts reads every domain's photo columns after a restore, as pg_dump reads every table (ADR 010).
const EXEMPT = [/\.test\.ts$/, /^test\//, /^dev\//, /^db\/schema\.ts$/, /^db\/database\.ts$/, /^backup\/photos\.ts$/];

interface Crossing {
  file: string;
  line: number;
  what: string;
}

/** The domain a source file belongs to: its first folder under src ('' for app.ts, services.ts, main.ts). */
const domainOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '');
const lineOf = (source: string, at: number) => source.slice(0, at).split('\n').length;
/** Comments out, lengths kept: prose may say 'from orders' without being SQL. */
const withoutComments = (source: string) =>
  source.replace(
    /\/\*[\s\S]*?\*\/|(^|[^:'"`\\])\/\/[^\n]*/g,
    (comment, lead: string | undefined) => (lead ?? '') + comment.slice((lead ?? '').length).replace(/[^\n]/g, ' '),
  );

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

/** SQL table name → the domain whose tables.ts defines it. */
function tableOwners(files: readonly string[], read: (file: string) => string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files.filter((name) => name.endsWith('/tables.ts'))) {
    for (const match of read(file).matchAll(/(?:pgTable|\.table)\(\s*'([a-z_]+)'/g)) owners.set(match[1]!, domainOf(file));
  }
  return owners;
}

/** Whether every use of `name` in a tables.ts is a foreign key (`references(() => name.column` or `foreignColumns: [name.`). */
function onlyForeignKeys(source: string, name: string): boolean {
  const uses = [...source.matchAll(new RegExp(`(?<![\\w$.])${name}\\b`, 'g'))].length;
  const keys = [
    ...source.matchAll(new RegExp(`references\\(\\s*\\(\\)\\s*(?::[^=]*)?=>\\s*${name}\\.|foreignColumns:\\s*\\[\\s*${name}\\.`, 'g')),
  ].length;
  return uses === keys;
}

/** The places `file` (path under src, '/'-separated) reaches into another domain's tables. */
export function crossings(file: string, source: string, owners: ReadonlyMap<string, string>): Crossing[] {
  const domain = domainOf(file);
  const found: Crossing[] = [];
  const code = withoutComments(source);
  const imports = /(?:import|export)\s+(type\s+)?([^'"]*?)\s*from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;
  for (const match of code.matchAll(imports)) {
    const specifier = match[3] ?? match[4]!;
    if (!specifier.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.replace(/\.js$/, '.ts')));
    const schema = target === 'db/schema.ts';
    const tables = target.endsWith('/tables.ts') || target === 'tables.ts';
    if (!schema && !(tables && domainOf(target) !== domain)) continue;
    if (tables && file.endsWith('/tables.ts')) {
      const names = (match[2] ?? '')
        .replace(/^\{|\}$/g, '')
        .split(',')
        .map((binding) =>
          binding
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
        )
        .filter(Boolean);
      const body = code.slice(0, match.index) + code.slice(match.index + match[0].length);
      if (names.length > 0 && names.every((name) => /^\w+$/.test(name) && onlyForeignKeys(body, name))) continue;
    }
    found.push({ file, line: lineOf(source, match.index), what: `imports ${target}` });
  }
  const spelled = /\b(from|join|update|into|references)\s+"?([a-z_]+)"?/gi;
  for (const match of code.matchAll(spelled)) {
    const owner = owners.get(match[2]!);
    if (owner !== undefined && owner !== domain)
      found.push({ file, line: lineOf(source, match.index), what: `SQL names ${match[2]} of ${owner}/` });
  }
  return found;
}

describe('domain boundaries', () => {
  const files = sourceFiles(SRC);
  const read = (file: string) => readFileSync(path.join(SRC, file), 'utf8');
  const owners = tableOwners(files, read);

  it('no domain imports or names another domain’s tables: it calls that domain’s service or queries', () => {
    const found = files
      .filter((file) => !EXEMPT.some((pattern) => pattern.test(file)))
      .flatMap((file) => crossings(file, read(file), owners));
    expect(found.map((crossing) => `${crossing.file}:${crossing.line} ${crossing.what}`)).toEqual([]);
  });

  it('knows the tables of every domain', () => {
    expect(owners.get('users')).toBe('accounts');
    expect(owners.get('products')).toBe('catalogue');
    expect(owners.get('orders')).toBe('orders');
    expect(owners.get('stock_movements')).toBe('inventory');
    expect(owners.size).toBeGreaterThanOrEqual(30);
  });

  it('finds a crossing however it is written (the guard above is not blind)', () => {
    const source = [
      "import { users } from '../accounts/tables.js';", // 1
      "import type { OrderRow } from '../orders/tables.js';", // 2
      "import { cartLines } from './tables.js';", // 3: its own
      "export { payments } from '../payments/tables.js';", // 4
      "import * as schema from '../db/schema.js';", // 5
      "const late = await import('../billing/tables.js');", // 6
      '// a comment may say: select from orders', // 7
      'await db.execute(sql`select * from cart_lines c join products p on p.id = c.product_id`);', // 8
      'await db.execute(sql`UPDATE "orders" set status = 1`);', // 9
      "import { orderItems } from '../orders/queries.js';", // 10: another domain's queries are fine
    ].join('\n');
    expect(crossings('cart/service.ts', source, new Map([...owners, ['cart_lines', 'cart']])).map((crossing) => crossing.line)).toEqual([
      1, 2, 4, 5, 6, 8, 9,
    ]);
  });

  it('lets a tables.ts import another domain’s table for its foreign keys, and for nothing else', () => {
    const keys = [
      "import { users } from '../accounts/tables.js';",
      "import { products as catalogueProducts, variants } from '../catalogue/tables.js';",
      "export const cartLines = pgTable('cart_lines', {",
      '  userId: uuid().notNull().references(() => users.id, { onDelete: "cascade" }),',
      '  productId: uuid().references((): AnyPgColumn => catalogueProducts.id),',
      '  variantId: uuid(),',
      '}, (t) => [foreignKey({ columns: [t.variantId], foreignColumns: [variants.id] })]);',
    ].join('\n');
    expect(crossings('cart/tables.ts', keys, owners)).toEqual([]);
    const more = `${keys}\nexport const lineUsers = users;`;
    expect(crossings('cart/tables.ts', more, owners).map((crossing) => crossing.line)).toEqual([1]);
    expect(crossings('cart/queries.ts', keys, owners).map((crossing) => crossing.line)).toEqual([1, 2]);
  });
});
