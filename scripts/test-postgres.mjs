#!/usr/bin/env node
// The API tests again on a real PostgreSQL server (each test file on its own new database), then the
// server's start-up on PostgreSQL and the two-instance suite behind nginx (e2e/cluster.spec.ts). Runs when the
// server answers; REQUIRE_POSTGRES=1 makes its absence fail.
// `--api` runs only the first part and `--start-up` only the second (it needs the build): `npm test` runs the API
// part beside the PGlite tests and the rest beside the browser tests.
//
// Node.js: the PGlite run uses this machine's Node (20); this one runs on the current LTS (scripts/node-lts.mjs),
// and so does one of the two instances of the cluster suite, so both lines are tested in every run.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { NODE_LTS, nodeLts } from './node-lts.mjs';
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

console.log(`${process.argv[2] === '--start-up' ? 'Start-up and two instances' : 'API tests'} on PostgreSQL at ${shown}`);
const required = process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1';
const lts = nodeLts();
if (!lts) {
  if (required) {
    console.error(`Node.js ${NODE_LTS} could not be installed from the npm registry: failing.`);
    process.exit(1);
  }
  console.log(`Node.js ${NODE_LTS} is not available here: this run uses ${process.version}.`);
}
const node = lts ?? process.execPath;
const projects = ['--project', 'postgres'];
if (existsSync('/usr/sbin/nginx') || process.env.NGINX_PATH) projects.push('--project', 'cluster');
else if (required) {
  console.error('nginx is not installed (apt-get install nginx): the two-instance suite cannot run; failing.');
  process.exit(1);
} else console.log('nginx is not installed (apt-get install nginx): the two-instance suite is left out.');

const env = { ...process.env, TEST_DATABASE_URL: postgresUrl, SHOP_NODE_B: node };
const only = process.argv[2];
const steps = [
  ...(only === '--start-up' ? [] : [[node, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api', '--project', 'postgres']]]),
  ...(only === '--api' ? [] : [['npx', ['playwright', 'test', ...projects], { E2E_DEMO_SHOP: '0' }]]),
];
for (const [command, args, extraEnv] of steps) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
