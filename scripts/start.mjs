#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then runs the server in this process.
// `--rebuild` forces a full build first.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** Newest modification time of the files under the given paths (folders are walked). */
function newest(paths) {
  let latest = 0;
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(target)) if (entry !== 'node_modules' && !entry.startsWith('.')) visit(path.join(target, entry));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return latest;
}

const parts = [
  { name: '@shop/core', output: at('packages/core/dist/index.js'), inputs: [at('packages/core/src')] },
  {
    name: '@shop/web',
    output: at('apps/web/build/server/index.js'),
    inputs: [
      at('apps/web/app'),
      at('apps/web/public'),
      at('apps/web/vite.config.ts'),
      at('apps/web/react-router.config.ts'),
      at('packages/core/src'),
    ],
  },
  { name: '@shop/server', output: at('apps/server/dist/main.js'), inputs: [at('apps/server/src'), at('packages/core/src')] },
];

const force = process.argv.includes('--rebuild');
for (const part of parts) {
  const stale = force || !existsSync(part.output) || statSync(part.output).mtimeMs < newest(part.inputs);
  if (!stale) continue;
  console.log(`Building ${part.name}...`);
  try {
    execSync(`npm run build --silent -w ${part.name}`, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  } catch {
    console.error(`Cannot start the shop: the build of ${part.name} failed (see above).`);
    process.exit(1);
  }
}

await import(pathToFileURL(at('apps/server/dist/main.js')).href);
