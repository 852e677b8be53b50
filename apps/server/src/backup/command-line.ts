import path from 'node:path';
import { BackupError } from './archive.js';

/**
 * The --file argument as an absolute path. npm runs scripts in the project's folder; a relative name means the
 * folder the command was typed in (INIT_CWD), as it would for any other command.
 */
export function fileArgument(file: string | undefined, usage: string): string {
  if (!file?.trim()) throw new BackupError(`--file is required (${usage})`);
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

export const isParseArgsError = (error: unknown): error is TypeError =>
  error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');

/** 'the PostgreSQL database (15 migrations) and 24 photos' */
export function describeArchive(summary: { kind: 'pglite' | 'postgres'; migrations: number; mediaFiles: number }): string {
  const database = summary.kind === 'postgres' ? 'the PostgreSQL database' : 'the embedded database';
  return `${database} (${summary.migrations} migrations) and ${summary.mediaFiles} photo file${summary.mediaFiles === 1 ? '' : 's'}`;
}
