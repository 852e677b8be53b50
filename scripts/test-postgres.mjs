#!/usr/bin/env node
// The API tests again on a real PostgreSQL server (each test file on its own new database), then the
// server's start-up on PostgreSQL. Runs when the server answers; REQUIRE_POSTGRES=1 makes its absence fail.
// `--api` runs only the first part and `--start-up` only the second (it needs the build): `npm test` runs the API
// part beside the PGlite tests and the start-up after the build.
import { spawnSync } from 'node:child_process';
import { postgresAnswers, postgresUrl } from './postgres-url.mjs';

const shown = postgresUrl.replace(/\/\/[^@/]*@/, '//');
if (!(await postgresAnswers())) {
  if (process.env.REQUIRE_POSTGRES === '1') {
    console.error(`PostgreSQL does not answer at ${shown}, and REQUIRE_POSTGRES=1: failing.`);
    process.exit(1);
  }
  console.log(`PostgreSQL does not answer at ${shown}: the PostgreSQL run is left out (set REQUIRE_POSTGRES=1 to make this an error).`);
  process.exit(0);
}

console.log(`${process.argv[2] === '--start-up' ? 'Start-up' : 'API tests'} on PostgreSQL at ${shown}`);
const env = { ...process.env, TEST_DATABASE_URL: postgresUrl };
const only = process.argv[2];
const steps = [
  ...(only === '--start-up' ? [] : [['npx', ['vitest', 'run', '--project', 'api', '--project', 'postgres']]]),
  ...(only === '--api' ? [] : [['npx', ['playwright', 'test', '--project', 'postgres'], { E2E_DEMO_SHOP: '0' }]]),
];
for (const [command, args, extraEnv] of steps) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
