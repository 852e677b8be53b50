import { spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The page whose script the second release changes: the home page's route module. */
export const CHANGED_PAGE = 'apps/web/app/routes/home.tsx';

export interface Release {
  /** SHOP_ROOT of docs/deploy/shop-upgrade.sh: releases/<id>, and `current` once activated. */
  root: string;
  id: string;
  dir: string;
}

/**
 * A second release in its own folder, as docs/deploy/shop-upgrade.sh's `build` leaves one, made cheaply: the
 * installed dependencies and the unchanged parts are links to this checkout, the server's build is a copy (an
 * instance runs its release's own files), and the web app is built again (`npm run build` of apps/web, as the
 * release's build runs it) from its sources with the home page's script changed, so its hashed names differ.
 */
export async function buildChangedRelease(id = '2'): Promise<Release> {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-releases-'));
  const dir = path.join(root, 'releases', id);
  mkdirSync(path.join(dir, 'apps', 'server'), { recursive: true });
  for (const file of ['package.json', 'tsconfig.base.json']) copyFileSync(path.join(ROOT, file), path.join(dir, file));
  for (const shared of ['node_modules', 'packages', 'scripts']) symlinkSync(path.join(ROOT, shared), path.join(dir, shared));
  for (const shared of ['node_modules', 'package.json', 'drizzle', 'reference-data', 'src'])
    symlinkSync(path.join(ROOT, 'apps/server', shared), path.join(dir, 'apps/server', shared));
  cpSync(path.join(ROOT, 'apps/server/dist'), path.join(dir, 'apps/server/dist'), { recursive: true });
  cpSync(path.join(ROOT, 'apps/web'), path.join(dir, 'apps/web'), {
    recursive: true,
    filter: (source) => !/[/\\]apps[/\\]web[/\\](build|node_modules|\.react-router)$/.test(source),
  });
  appendFileSync(
    path.join(dir, CHANGED_PAGE),
    "\n// Release 2 (the rolling-upgrade test).\nObject.assign(globalThis, { shopRelease: '2' });\n",
  );
  await new Promise<void>((resolve, reject) => {
    const build = spawn('npm', ['run', 'build'], { cwd: path.join(dir, 'apps/web'), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    build.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the second release's web build failed:\n${output.slice(-4000)}`)),
    );
  });
  return { root, id, dir };
}
