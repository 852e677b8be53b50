#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first stage that fails.
//
// The API tests on PGlite and on PostgreSQL run side by side: on a two-core machine neither keeps both cores busy
// (test files wait on their database's start-up, and on the PostgreSQL server), and together they take about the
// time of the longer one. Each side's output is held and printed whole once it ends.
import { spawn } from 'node:child_process';

const stages = [
  // React Router's route types, once: the type check and typed ESLint both read them, and each generating them
  // beside the other made one read a half-written folder (a red type check in CI, session 19).
  [['route types', 'npm', ['run', '--silent', 'typegen', '-w', '@shop/web']]],
  // Each of these keeps one core busy: side by side they take about the time of the longest (lint, typed ESLint).
  [
    ['type check', 'npm', ['run', '--silent', 'typecheck:tsc']],
    ['lint', 'npm', ['run', '--silent', 'lint:eslint']],
    ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ],
  [
    ['unit and API tests (PGlite)', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'api']],
    ['API tests on PostgreSQL', 'node', ['scripts/test-postgres.mjs', '--api']],
  ],
  [['build', 'npm', ['run', '--silent', 'build']]],
  // The two-instance suite (nginx, S3, faults) shares one shop pair and runs beside the browser tests, not after them.
  [
    ['browser and server tests (Chromium)', 'npm', ['run', '--silent', 'test:e2e']],
    ['start-up on PostgreSQL, two instances behind nginx', 'node', ['scripts/test-postgres.mjs', '--start-up']],
  ],
];

/** Runs one check; alone it prints as it goes, beside others its output is kept for the end. */
function run([name, command, args], alone) {
  const started = Date.now();
  const child = spawn(command, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ name, code, output: Buffer.concat(output), seconds: (Date.now() - started) / 1000 }));
  });
}

for (const stage of stages) {
  const alone = stage.length === 1;
  if (alone) console.log(`\n── ${stage[0][0]} ──`);
  else console.log(`\n── ${stage.map(([name]) => name).join(' | ')} (side by side) ──`);
  const results = await Promise.all(stage.map((check) => run(check, alone)));
  let failed = false;
  for (const { name, code, output, seconds } of results) {
    if (!alone) {
      console.log(`\n── ${name} ──`);
      process.stdout.write(output);
    }
    if (code === 0) console.log(`✓ ${name} (${seconds.toFixed(1)} s)`);
    else {
      console.error(`\n✗ ${name} failed`);
      failed = true;
    }
  }
  if (failed) process.exit(1);
}
