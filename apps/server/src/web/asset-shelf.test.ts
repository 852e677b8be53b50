import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { createAssetShelf, KEEP_BUILDS, type AssetShelf } from './asset-shelf.js';

const DAY = 86_400_000;
const dirs: string[] = [];

/** A client build folder (apps/web/build/client) holding these hashed files, each with its precompressed copies. */
function clientBuild(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-build-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, 'assets', name), text);
    writeFileSync(path.join(dir, 'assets', `${name}.br`), 'compressed');
  }
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The same checks on both shelves: DATA_DIR/assets on one server, the bucket with MEDIA_STORE=s3. */
function behavesAsAShelf(make: () => AssetShelf) {
  it('keeps the files of an older build readable after a newer one is published (a rolling upgrade)', async () => {
    const shelf = make();
    const one = clientBuild({ 'entry-AAAA.js': 'one()', 'home-BBBB.js': 'home(1)', 'style-CCCC.css': 'a{}' });
    const two = clientBuild({ 'entry-AAAA.js': 'one()', 'home-DDDD.js': 'home(2)', 'style-CCCC.css': 'a{}' });
    expect(await shelf.publish({ version: 'v1', dir: one })).toBe(3);
    // Only what the shelf lacks is written; the .br copies never are.
    expect(await shelf.publish({ version: 'v2', dir: two })).toBe(1);
    expect(await shelf.publish({ version: 'v2', dir: two })).toBe(0);
    const old = await shelf.read('home-BBBB.js');
    expect(old?.bytes.toString()).toBe('home(1)');
    expect(old?.contentType).toBe('text/javascript; charset=utf-8');
    expect((await shelf.read('style-CCCC.css'))?.contentType).toBe('text/css; charset=utf-8');
    expect((await shelf.read('home-DDDD.js'))?.bytes.toString()).toBe('home(2)');
    expect(await shelf.read('home-EEEE.js')).toBeNull();
    expect(await shelf.read('home-BBBB.js.br')).toBeNull();
    // Never a path outside the shelf.
    expect(await shelf.read('../builds/v1.json')).toBeNull();
    shelf.close();
  });
}

describe('the asset shelf on disk (DATA_DIR/assets)', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'shop-shelf-'));
    dirs.push(root);
  });
  behavesAsAShelf(() => createAssetShelf({ kind: 'local', root }));

  it(`prunes the files only builds older than a week and past the ${KEEP_BUILDS} newest need, once a day old`, async () => {
    const shelfRoot = mkdtempSync(path.join(tmpdir(), 'shop-shelf-'));
    dirs.push(shelfRoot);
    const shelf = createAssetShelf({ kind: 'local', root: shelfRoot });
    const now = Date.now();
    // Five builds, one a month, the oldest first; each has its own page script and shares the entry.
    for (let i = 1; i <= 5; i++) {
      await shelf.publish({ version: `v${i}`, dir: clientBuild({ 'entry-AAAA.js': 'entry', [`page-${i}.js`]: `page ${i}` }) });
      const at = new Date(now - (5 - i) * 30 * DAY);
      utimesSync(path.join(shelfRoot, 'builds', `v${i}.json`), at, at);
      utimesSync(path.join(shelfRoot, 'files', `page-${i}.js`), at, at);
    }
    const entryAt = new Date(now - 150 * DAY);
    utimesSync(path.join(shelfRoot, 'files', 'entry-AAAA.js'), entryAt, entryAt);
    expect(await shelf.prune(new Date(now))).toBe(2);
    expect(await shelf.read('page-1.js')).toBeNull();
    expect(await shelf.read('page-2.js')).toBeNull();
    for (const kept of ['page-3.js', 'page-4.js', 'page-5.js', 'entry-AAAA.js']) expect(await shelf.read(kept)).not.toBeNull();
    // A file put a moment ago whose build's record is not written yet stays.
    writeFileSync(path.join(shelfRoot, 'files', 'page-6.js'), 'page 6');
    expect(await shelf.prune(new Date(now))).toBe(0);
  });
});

describe('the asset shelf in the photo bucket (MEDIA_STORE=s3)', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });
  behavesAsAShelf(() => createAssetShelf(s3.mediaConfig()));

  it('keeps its files under _assets/, apart from the photos', async () => {
    expect((await s3.objectNames()).every((name) => name.startsWith('_assets/'))).toBe(true);
  });
});
