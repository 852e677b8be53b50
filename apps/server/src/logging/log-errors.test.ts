import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { useTestApp } from '../test/app.js';
import { causeOf, serializeError, startFailure } from './log-errors.js';

// Errors reach the log as one JSON line each, naming their real cause (issue 39): a failed query named its SQL
// and parameters (an e-mail address here) and hid the database's answer at the end of a long message.

const logLines: Record<string, unknown>[] = [];
const t = useTestApp({
  logLines,
  extraRoutes: (app) =>
    app.get('/test/broken-query', async () => {
      await t.database.db.execute(sql`select * from no_such_table where email = ${'asha.private@example.in'}`);
      return 'unreachable';
    }),
});

async function failedQuery(): Promise<unknown> {
  try {
    await t.database.db.execute(sql`select * from no_such_table where email = ${'asha.private@example.in'}`);
  } catch (error) {
    return error;
  }
  throw new Error('the query should have failed');
}

describe('a failed query in the log', () => {
  it('is serialized as the database’s error, with the SQL but without its parameters, the shop’s frames in the stack', async () => {
    const serialized = serializeError(await failedQuery()) as Record<string, string>;
    expect(serialized.message).toMatch(/no_such_table.*does not exist/);
    expect(serialized.query).toContain('select * from no_such_table');
    expect(serialized.stack).toMatch(/\nin query:\n\s+at /);
    expect(JSON.stringify(serialized)).not.toContain('asha.private');
  });

  it('a request failing on it logs one error line whose msg names the cause', async () => {
    logLines.splice(0);
    const answer = await t.app.inject({ method: 'GET', url: '/test/broken-query' });
    expect(answer.statusCode).toBe(500);
    const errors = logLines.filter((line) => Number(line.level) >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toMatch(/^request failed: relation "no_such_table" does not exist$/);
    expect((errors[0]!.err as { stack: string }).stack).toContain('\n    at ');
    expect(JSON.stringify(logLines)).not.toContain('asha.private');
  });
});

describe('the cause of a failure', () => {
  it('is the innermost error’s first line; PGlite’s plain objects give their name and code', () => {
    const wrapped = new Error('outer', { cause: new Error('connect ECONNREFUSED 127.0.0.1:5432\nmore') });
    expect(causeOf(wrapped)).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(causeOf({ name: 'ErrnoError', errno: 54 })).toBe('ErrnoError 54');
    expect(causeOf('plain text')).toBe('plain text');
  });
});

describe('a start that fails', () => {
  const parsed = (text: string) => {
    expect(text.endsWith('\n')).toBe(true);
    expect(text.trimEnd().split('\n')).toHaveLength(1);
    return JSON.parse(text) as { level: number; msg: string; err: { type: string; message: string; stack: string } };
  };

  it('a setting: one human line on a terminal, one JSON line at level fatal anywhere else', () => {
    const error = new ConfigError("PORT: must be a port number from 0 to 65535 (got 'abc')");
    expect(startFailure(error, true)).toBe("Cannot start the shop: PORT: must be a port number from 0 to 65535 (got 'abc')\n");
    const line = parsed(startFailure(error, false));
    expect(line).toMatchObject({ level: 60, msg: "Cannot start the shop: PORT: must be a port number from 0 to 65535 (got 'abc')" });
    expect(line.err).toMatchObject({ type: 'ConfigError', message: error.message });
    expect(line.err.stack).toContain('at ');
  });

  it('anything else: the msg names the innermost cause, the error and its causes’ stacks inside the one line', () => {
    const error = new Error('migrations failed', { cause: new Error('permission denied for schema public') });
    const line = parsed(startFailure(error, false));
    expect(line).toMatchObject({ level: 60, msg: 'Cannot start the shop: permission denied for schema public' });
    expect(line.err.message).toBe('migrations failed: permission denied for schema public');
    expect(line.err.stack).toContain('caused by: Error: permission denied');
    // On a terminal the stack follows the line, as Node would print it.
    expect(startFailure(error, true)).toMatch(
      /^Cannot start the shop: permission denied for schema public\nError: migrations failed\n\s+at /,
    );
  });
});
