import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openPglite } from '../db/database.js';
import { runCli } from '../test/cli.js';
import { PASSWORD_ON_COMMAND_LINE, adminPassword, type PasswordSources, type TerminalInput } from './command-line-password.js';
import { adminByEmail } from './queries.js';

const piped = (text: string) => Readable.from(text === '' ? [] : [Buffer.from(text)]) as unknown as PasswordSources['input'];
const sink = () => {
  const written: string[] = [];
  return { written, write: (text: string) => written.push(text) };
};

/** A terminal whose keys arrive as `keys`, one chunk each, once the prompt turned raw mode on. */
function terminal(keys: string[]) {
  const input = new EventEmitter() as EventEmitter & TerminalInput & { raw: boolean[] };
  input.isTTY = true;
  input.raw = [];
  input.setRawMode = (raw: boolean) => {
    input.raw.push(raw);
    if (raw) setImmediate(() => input.emit('data', keys.shift()));
    return input;
  };
  input.resume = input.pause = input.setEncoding = () => input;
  return input as unknown as PasswordSources['input'] & { raw: boolean[] };
}

describe('the password of admin:create', () => {
  it('refuses --password, saying that ps shows it', async () => {
    const sources = { argument: 'visible to all', env: {}, input: piped(''), output: sink() };
    await expect(adminPassword(sources)).rejects.toThrow(PASSWORD_ON_COMMAND_LINE);
    expect(PASSWORD_ON_COMMAND_LINE).toContain('`ps`');
  });

  it('takes ADMIN_PASSWORD, else the first line piped in', async () => {
    expect(
      await adminPassword({ argument: undefined, env: { ADMIN_PASSWORD: 'from the env 1' }, input: piped('ignored\n'), output: sink() }),
    ).toEqual({
      password: 'from the env 1',
      from: 'ADMIN_PASSWORD',
    });
    expect(await adminPassword({ argument: undefined, env: {}, input: piped('piped in pass 2\nsecond line\n'), output: sink() })).toEqual({
      password: 'piped in pass 2',
      from: 'the password piped in',
    });
    await expect(adminPassword({ argument: undefined, env: {}, input: piped(''), output: sink() })).rejects.toThrow(/^no password: /);
  });

  it('on a terminal asks twice with the echo off, and refuses two different passwords', async () => {
    const output = sink();
    const input = terminal(['typed pass 3\r', 'typed pasX\u007fs 3\r']);
    expect(await adminPassword({ argument: undefined, env: {}, input, output })).toEqual({
      password: 'typed pass 3',
      from: 'the password typed',
    });
    expect(input.raw).toEqual([true, false, true, false]);
    expect(output.written.join('')).toBe('New password: \nThe same password again: \n');

    const differ = terminal(['one password\r', 'another one\r']);
    await expect(adminPassword({ argument: undefined, env: {}, input: differ, output: sink() })).rejects.toThrow(
      'the two passwords typed differ; nothing was changed',
    );
    expect(differ.raw.at(-1)).toBe(false);
  });
});

describe('npm run admin:create', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-admin-create-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, ADMIN_PASSWORD: undefined, SEED_DEMO: '0', NODE_ENV: undefined };
  beforeAll(async () => {
    // The migrated template the API tests start from, when there is one: the command then finds nothing to migrate.
    const template = inject('pgliteTemplate');
    if (template) await (await openPglite(dataDir, new Blob([readFileSync(template)]))).close();
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses --password with one line and exit code 1, and takes a piped password or ADMIN_PASSWORD', async () => {
    const args = ['--email', 'meera.owner@example.in', '--name', 'Meera Kapoor'];
    expect(await runCli('admin-create', [...args, '--password', 'in ps 2026'], env)).toEqual({
      code: 1,
      stdout: '',
      stderr: `Cannot create the admin: ${PASSWORD_ON_COMMAND_LINE}\n`,
    });
    const created = await runCli('admin-create', args, env, 'piped in pass 2026\n');
    expect(created.stderr).toBe('');
    expect(created.stdout).toMatch(/^Created the owner Meera Kapoor <meera\.owner@example\.in>\./);
    const reset = await runCli('admin-create', args, { ...env, ADMIN_PASSWORD: 'from the env 2026' }, 'not this one 2026\n');
    expect(reset.stdout).toMatch(/^Set a new password for Meera Kapoor <meera\.owner@example\.in> \(owner\)/);

    const database = await openPglite(dataDir);
    try {
      const owner = await adminByEmail(database.db, 'meera.owner@example.in');
      expect(await verify(owner!.passwordHash, 'from the env 2026')).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);
});
