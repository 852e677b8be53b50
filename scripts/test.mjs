#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['type check', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['unit and API tests (PGlite)', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'api']],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['browser and server tests (Chromium)', 'npm', ['run', '--silent', 'test:e2e']],
  ['API and start-up tests on PostgreSQL', 'npm', ['run', '--silent', 'test:pg']],
];

for (const [name, command, args] of steps) {
  console.log(`\n── ${name} ──`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
