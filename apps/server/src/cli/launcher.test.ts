import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/cli.mjs runs `npm run seed | admin:create | db:backup | db:restore | sessions:end` from the build; a
// checkout without one is told so in one line (e2e/backup-timer.spec.ts runs it on the build).

const LAUNCHER = path.resolve(import.meta.dirname, '../../../../scripts/cli.mjs');
const checkout = mkdtempSync(path.join(tmpdir(), 'shop-unbuilt-'));
afterAll(() => rmSync(checkout, { recursive: true, force: true }));

describe('the command launcher', () => {
  it('without a build says to run npm run build first, in one line and exit code 1', () => {
    mkdirSync(path.join(checkout, 'scripts'));
    copyFileSync(LAUNCHER, path.join(checkout, 'scripts/cli.mjs'));
    const run = spawnSync(process.execPath, [path.join(checkout, 'scripts/cli.mjs'), 'sessions-end', '--all'], { encoding: 'utf8' });
    expect([run.status, run.stdout, run.stderr]).toEqual([
      1,
      '',
      'Cannot run sessions:end: the shop is not built (no apps/server/dist/cli/sessions-end.js); run npm run build first\n',
    ]);
  });
});
