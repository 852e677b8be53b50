import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino, { type LoggerOptions } from 'pino';
import { ConfigError } from '../config.js';

// How errors reach the log: one JSON line each (pino), the real cause named first, its stack inside the line.
// Under systemd the process's output is the journal (docs/deploy.md, Logs).

const { err: standardError } = pino.stdSerializers;

/** A failed query's own error is the driver's (connection refused, a constraint): drizzle wraps it. */
const isQueryError = (error: unknown): error is DrizzleQueryError & { cause: Error } =>
  error instanceof DrizzleQueryError && error.cause instanceof Error;

/** The stack's frames without its first line(s): a query error's message holds the SQL and its parameters. */
const framesOf = (stack: string | undefined): string =>
  (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/**
 * pino's `err` serializer, but a failed query names what went wrong (drizzle's message is the SQL, then its
 * parameters: an address, a session's hash…): the driver's error is serialized in its place, the shop's own frames
 * after its stack. The SQL stays as `query`; parameters never reach the log (PGlite's error carries them too).
 */
export function serializeError(error: unknown): unknown {
  const query = isQueryError(error);
  const serialized = standardError((query ? error.cause : error) as Error) as ReturnType<typeof standardError> & Record<string, unknown>;
  // Not error-like (a plain object): pino hands it back as it is, and it is not ours to change.
  if (serialized === (error as object) || typeof serialized !== 'object' || serialized === null) return serialized;
  if (query) {
    serialized.stack = `${serialized.stack}\nin query:\n${framesOf(error.stack)}`;
    serialized.query = error.query;
  }
  delete serialized.params;
  delete serialized.queryOptions;
  return serialized;
}

/** What a thrown value says about itself: an Error's message; for anything else (PGlite throws plain objects) its name and codes. */
function describe(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  if (value === null || typeof value !== 'object') return String(value);
  const { message, name, code, errno } = value as Record<string, unknown>;
  if (typeof message === 'string' && message) return message;
  const parts = [name, code, errno].filter((part) => typeof part === 'string' || typeof part === 'number');
  if (parts.length > 0) return parts.join(' ');
  try {
    return JSON.stringify(value);
  } catch {
    return 'an object that cannot be shown';
  }
}

/** The cause of a failure in one short line, for a log line's msg: the innermost error's first line. */
export function causeOf(error: unknown): string {
  let inner: unknown = error;
  for (let depth = 0; depth < 10 && inner instanceof Error && inner.cause instanceof Error; depth++) inner = inner.cause;
  const line = (describe(inner).split('\n')[0] ?? '').trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** The app logger's options (Fastify's `logger`): the level, secrets redacted, errors as above. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    serializers: { err: serializeError },
  };
}

/** One pino line, as the app's logger writes them, for what is said before (or outside) the app's logger. */
function pinoLine(level: 'warn' | 'fatal', details: object, msg: string): string {
  let line = '';
  const logger = pino({ serializers: { err: serializeError } }, { write: (chunk: string) => void (line += chunk) });
  logger[level](details, msg);
  return line;
}

/** `msg` and `error` as one pino line at level fatal (60), the error and its stack inside it. */
export const fatalLine = (msg: string, error: unknown): string => pinoLine('fatal', { err: error }, msg);

/** A Node.js warning (a deprecation, a library's own) as one pino line at level warn (40): Node prints several plain lines. */
export const warningLine = (warning: Error & { code?: string }): string =>
  pinoLine('warn', { warning: { name: warning.name, code: warning.code } }, warning.message.replace(/\s*\n\s*/g, ' ').trim());

/**
 * What the process says when it cannot start. On a terminal: one human line (`Cannot start the shop: PORT: …`,
 * the stack too for an unexpected error). Anywhere else (the journal, a pipe): the same words as one pino line at
 * level fatal with the error inside it, as every other line the shop writes there.
 */
export function startFailure(error: unknown, terminal: boolean): string {
  const msg = `Cannot start the shop: ${error instanceof ConfigError ? error.message : causeOf(error)}`;
  if (!terminal) return fatalLine(msg, error);
  return error instanceof ConfigError || !(error instanceof Error) ? `${msg}\n` : `${msg}\n${error.stack}\n`;
}
