import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// The guide's backup unit (docs/deploy/shop-backup.service) as systemd would run it: its ExecStart, with systemd's
// escapes undone, in the release folder, against the built shop. Runs in the 'server' project, after the build.

const ROOT = path.resolve(import.meta.dirname, '..');
const UNIT = path.join(ROOT, 'docs/deploy/shop-backup.service');
const DAY = 24 * 60 * 60 * 1000;

/** The unit's settings, one value per key (systemd's line continuations joined). */
function unitSettings(file: string): Map<string, string> {
  const settings = new Map<string, string>();
  const lines = readFileSync(file, 'utf8').replace(/\\\n/g, ' ').split('\n');
  for (const line of lines) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) settings.set(match[1]!, match[2]!);
  }
  return settings;
}

/**
 * ExecStart as systemd hands it to the program: `%%` is a %, `$$` a $. Any other specifier (%i, %h) or variable
 * (${FOO}) would be systemd's to fill in, and this test's to know: none is expected.
 */
function commandOf(execStart: string): string {
  expect(execStart.replace(/%%|\$\$/g, '')).not.toMatch(/%[A-Za-z]|\$\{|\$[A-Za-z_]/);
  return execStart.replace(/%%/g, '%').replace(/\$\$/g, '$');
}

function run(command: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // The shell's usual umask, not the unit's UMask=0077: the archive's and the folder's modes are db:backup's own.
    const child = spawn('/bin/sh', ['-c', `umask 022; ${command}`], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('the backup unit runs twice on one day: both succeed, archives 0600 in a 0700 folder, old ones cleaned up', async () => {
  test.setTimeout(180_000);
  const settings = unitSettings(UNIT);
  expect(settings.get('Type')).toBe('oneshot');
  expect(settings.get('WorkingDirectory')).toBe('/srv/shop/current');
  expect(settings.get('UMask')).toBe('0077');
  // The guide shows the command the unit runs.
  expect(readFileSync(path.join(ROOT, 'docs/deploy.md'), 'utf8')).toContain(`ExecStart=${settings.get('ExecStart')}\n`);
  const systemdAnalyze = '/usr/bin/systemd-analyze';
  if (existsSync(systemdAnalyze)) {
    // Where systemd's own checker is installed, the unit and its timer pass it.
    const verified = spawnSync(systemdAnalyze, ['verify', '--man=no', UNIT, UNIT.replace(/\.service$/, '.timer')], { encoding: 'utf8' });
    expect(verified.status, verified.stderr).toBe(0);
  }

  const root = mkdtempSync(path.join(tmpdir(), 'shop-backup-timer-'));
  try {
    const dataDir = path.join(root, 'data');
    const backups = path.join(root, 'backups');
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, SEED_DEMO: '0' };
    // A shop in DATA_DIR (the embedded database, stopped), made by the built admin:create.
    execFileSync(process.execPath, ['apps/server/dist/cli/admin-create.js', '--email', 'owner@example.in', '--name', 'Timer Owner'], {
      cwd: ROOT,
      env: { ...env, ADMIN_PASSWORD: 'back office 2026' },
      stdio: 'pipe',
    });
    const command = commandOf(settings.get('ExecStart')!).replaceAll('/srv/shop/backups', backups);

    const startedAt = Math.floor(Date.now() / 1000);
    const first = await run(command, env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Backed up the embedded database \(\d+ migrations\) and 0 photo files to .+shop-\d{4}-\d\d-\d\d-\d{6}\.tar/,
    );

    // An archive from 20 days ago, and one from 10 days ago: the first goes, the second stays.
    const old = path.join(backups, 'shop-2026-01-01-023000.tar');
    const recent = path.join(backups, 'shop-2026-01-11-023000.tar');
    for (const [file, age] of [
      [old, 20],
      [recent, 10],
    ] as const) {
      writeFileSync(file, 'an older archive', { mode: 0o600 });
      const at = new Date(Date.now() - age * DAY);
      utimesSync(file, at, at);
    }
    // Archives are named to the second; a real second run comes later than this one.
    while (Math.floor(Date.now() / 1000) === startedAt) await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await run(command, env);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);

    const names = readdirSync(backups).sort();
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(names).toEqual([
      'shop-2026-01-11-023000.tar',
      expect.stringMatching(new RegExp(`^shop-${day}-\\d{6}\\.tar$`)),
      expect.stringMatching(new RegExp(`^shop-${day}-\\d{6}\\.tar$`)),
    ]);
    expect(statSync(backups).mode & 0o777).toBe(0o700);
    for (const name of names.filter((name) => name.includes(day))) expect(statSync(path.join(backups, name)).mode & 0o777).toBe(0o600);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
