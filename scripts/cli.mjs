#!/usr/bin/env node
// `npm run seed | admin:create | db:backup | db:restore | sessions:end`: runs the built command
// (apps/server/dist/cli/<name>.js) with the arguments after `--`. Nothing is compiled here: on a server the release
// was built once (`npm run build`), and every command runs that build, as the shop itself does.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const COMMANDS = {
  seed: 'seed',
  'admin-create': 'admin:create',
  'db-backup': 'db:backup',
  'db-restore': 'db:restore',
  'sessions-end': 'sessions:end',
};

const name = process.argv[2] ?? '';
const script = COMMANDS[name];
if (!script) {
  console.error(`scripts/cli.mjs: unknown command '${name}' (one of ${Object.keys(COMMANDS).join(', ')})`);
  process.exit(2);
}
const command = at('apps/server/dist/cli', `${name}.js`);
const notBuilt = () => {
  console.error(`Cannot run ${script}: the shop is not built (no ${path.relative(root, command)}); run npm run build first`);
  process.exit(1);
};
if (!existsSync(command) || !existsSync(at('packages/core/dist/index.js'))) notBuilt();

/** Newest modification time of the files under `folder` (tests, which no build holds, left out). */
function newest(folder) {
  let latest = 0;
  if (!existsSync(folder)) return latest;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !entry.name.endsWith('.test.ts') && !file.includes(`${path.sep}src${path.sep}test${path.sep}`)) {
      latest = Math.max(latest, statSync(file).mtimeMs);
    }
  }
  return latest;
}
// A checkout edited since its build runs the old code: say so (on stderr) rather than build behind the operator's
// back. tsc -b rewrites only what changed, so a build is as new as its newest output.
const stale = ['packages/core', 'apps/server'].some((part) => newest(at(part, 'src')) > newest(at(part, 'dist')));
if (stale) console.error('Note: the build is older than the sources; run npm run build to use them.');

// The command reads its arguments as if it had been started itself: node <command> <arguments>.
process.argv.splice(1, 2, command);
try {
  await import(pathToFileURL(command).href);
} catch (error) {
  // A build cut short (core's output gone, a module missing) is a missing build, not a stack trace.
  if (error?.code === 'ERR_MODULE_NOT_FOUND') notBuilt();
  throw error;
}
