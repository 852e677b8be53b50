import { spawn } from 'node:child_process';
import { libpqConnection } from '../db/database-url.js';
import { BackupError } from './archive.js';

// pg_dump and pg_restore are PostgreSQL's own client programs (Debian: postgresql-client-NN). They are run with
// the connection DATABASE_URL names, as keyword/value pairs read by libpq's rules as the shop reads them (any form
// libpq accepts); its password goes in PGPASSWORD, never on the command line where `ps` shows it.

type Tool = 'pg_dump' | 'pg_restore';

/** The major version of a version string such as '15.20 (Debian 15.20-0+deb12u1)' or '16beta2'. */
export const majorOf = (version: string): number => Number(/^\D*(\d+)/.exec(version)?.[1] ?? Number.NaN);

function run(tool: Tool, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install the PostgreSQL client tools (Debian and Ubuntu: apt-get install postgresql-client)`,
            )
          : error,
      );
    });
    child.once('close', (code) => {
      if (code === 0) return resolve(Buffer.concat(stdout).toString('utf8'));
      const lines = Buffer.concat(stderr).toString('utf8').split('\n');
      // With --exit-on-error the first 'error:' line is the cause; the rest is the statement that failed.
      const cause = lines.find((line) => line.includes('error:')) ?? lines.find((line) => line.trim() !== '') ?? `exit code ${code}`;
      reject(new BackupError(`${tool} failed: ${cause.trim()}`));
    });
  });
}

/** The version of an installed client program, e.g. '15.20'. */
export async function toolVersion(tool: Tool): Promise<string> {
  const answer = await run(tool, ['--version']);
  // "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)"
  return /\(PostgreSQL\)\s+(\S+)/.exec(answer)?.[1] ?? answer.trim();
}

/**
 * Writes the database `url` names to `file` in pg_dump's custom format; answers the pg_dump version. pg_dump
 * refuses a server newer than itself, so that is checked first and said in words.
 */
export async function dumpPostgres(url: string, file: string, serverVersion: string): Promise<string> {
  const version = await toolVersion('pg_dump');
  const server = majorOf(serverVersion);
  if (majorOf(version) < server) {
    throw new BackupError(
      `pg_dump ${version} cannot back up PostgreSQL ${serverVersion} (DATABASE_URL): install the PostgreSQL ${server} client tools (Debian and Ubuntu: apt-get install postgresql-client-${server})`,
    );
  }
  const { conninfo, env } = libpqConnection(url);
  await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${conninfo}`], env);
  return version;
}

/**
 * Restores a pg_dump custom-format `file` into the database `url` names, in one transaction (all or nothing).
 * Owners and grants are left out: the new server's roles may not be the old one's, and the user DATABASE_URL
 * names owns what it creates.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const { conninfo, env } = libpqConnection(url);
  await run('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${conninfo}`, file], env);
}

/** pg_restore reads archives of its own major version and older ones only. */
export async function checkRestoreTool(pgDumpVersion: string): Promise<void> {
  const version = await toolVersion('pg_restore');
  const needed = majorOf(pgDumpVersion);
  if (majorOf(version) < needed) {
    throw new BackupError(
      `pg_restore ${version} cannot read this backup, written by pg_dump ${pgDumpVersion}: install the PostgreSQL ${needed} client tools (Debian and Ubuntu: apt-get install postgresql-client-${needed})`,
    );
  }
}
