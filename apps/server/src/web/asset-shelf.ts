import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client, s3StatusOf, type S3Settings } from '../media/s3-backend.js';

/**
 * The shelf of built browser files every build has shipped (issue 39). During a rolling upgrade a page rendered
 * by one instance may ask nginx for its scripts and get the other instance, running the other build: each
 * instance serves its own build's files, and a hashed name it does not have (/assets/… misses) from this shelf,
 * where every instance puts its build's files as it starts. On one server the shelf is DATA_DIR/assets (the
 * instances share DATA_DIR); with MEDIA_STORE=s3 it is the photo bucket under `_assets/` (no photo folder starts
 * with `_`), so instances on several servers share it.
 */
export interface AssetShelf {
  /**
   * Puts this build's files that are not on the shelf yet, then records the build as started now (the record
   * says which files a build needs). Returns how many files it wrote.
   */
  publish(build: { version: string; dir: string }): Promise<number>;
  /** A file some build shipped (by its hashed name), or null. */
  read(name: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /**
   * Removes what no recent build needs: the builds started in the last PRUNE_AFTER_DAYS, and the KEEP_BUILDS most
   * recently started ones whatever their age (an instance not restarted for months still runs one of them),
   * keep their files; other files go once they are a day old. Returns how many files it removed.
   */
  prune(now?: Date): Promise<number>;
  close(): void;
}

export type AssetShelfConfig = { kind: 'local'; root: string } | ({ kind: 's3' } & S3Settings);

export const KEEP_BUILDS = 3;
export const PRUNE_AFTER_DAYS = 7;
const DAY_MS = 86_400_000;
/** Vite's hashed names: one flat folder, no path. */
const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const S3_PREFIX = '_assets/';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
  '.map': 'application/json',
};
export const assetContentType = (name: string) => CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';

/** Where the shelf keeps objects by key (`files/<name>`, `builds/<version>.json`): whole objects, with their time. */
interface ShelfBackend {
  list(folder: 'files' | 'builds'): Promise<{ name: string; modified: Date }[]>;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(keys: readonly string[]): Promise<void>;
  close(): void;
}

/** The build's hashed files (assets/ of the client build), without the .br and .gz copies made beside them. */
export async function buildFiles(clientDir: string): Promise<string[]> {
  const names = await readdir(path.join(clientDir, 'assets')).catch(() => []);
  return names.filter((name) => ASSET_NAME.test(name) && !/\.(br|gz)$/.test(name)).sort();
}

export function createAssetShelf(config: AssetShelfConfig): AssetShelf {
  const backend = config.kind === 'local' ? localBackend(config.root) : s3Backend(config);
  return {
    async publish(build) {
      const files = await buildFiles(build.dir);
      const present = new Set((await backend.list('files')).map((file) => file.name));
      const missing = files.filter((name) => !present.has(name));
      // A few at a time: a first start puts ~170 files.
      for (let i = 0; i < missing.length; i += 8) {
        await Promise.all(
          missing
            .slice(i, i + 8)
            .map(async (name) =>
              backend.put(`files/${name}`, await readFile(path.join(build.dir, 'assets', name)), assetContentType(name)),
            ),
        );
      }
      await backend.put(`builds/${build.version}.json`, Buffer.from(JSON.stringify({ files })), 'application/json');
      return missing.length;
    },
    async read(name) {
      if (!ASSET_NAME.test(name)) return null;
      const bytes = await backend.get(`files/${name}`);
      return bytes ? { bytes, contentType: assetContentType(name) } : null;
    },
    async prune(now = new Date()) {
      const builds = (await backend.list('builds')).sort((a, b) => b.modified.getTime() - a.modified.getTime());
      const kept = builds.filter((build, i) => i < KEEP_BUILDS || now.getTime() - build.modified.getTime() < PRUNE_AFTER_DAYS * DAY_MS);
      const needed = new Set<string>();
      for (const build of kept) {
        const record = await backend.get(`builds/${build.name}`);
        // A record that cannot be read: keep everything rather than guess.
        if (!record) return 0;
        for (const name of (JSON.parse(record.toString('utf8')) as { files: string[] }).files) needed.add(name);
      }
      // A day's margin: files an instance is putting just now come before its build's record.
      const unneeded = (await backend.list('files')).filter(
        (file) => !needed.has(file.name) && now.getTime() - file.modified.getTime() > DAY_MS,
      );
      await backend.remove(unneeded.map((file) => `files/${file.name}`));
      await backend.remove(builds.filter((build) => !kept.includes(build)).map((build) => `builds/${build.name}`));
      return unneeded.length;
    },
    close: () => backend.close(),
  };
}

function localBackend(root: string): ShelfBackend {
  return {
    async list(folder) {
      const dir = path.join(root, folder);
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      const listed = await Promise.all(
        names.filter((name) => !name.startsWith('.')).map(async (name) => ({ name, modified: (await stat(path.join(dir, name))).mtime })),
      );
      return listed;
    },
    async put(key, bytes) {
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never gets half a file, and two instances writing it is no harm.
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async get(key) {
      return readFile(path.join(root, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(path.join(root, key), { force: true })));
    },
    close() {},
  };
}

function s3Backend(settings: S3Settings): ShelfBackend {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;
  return {
    async list(folder) {
      const Prefix = `${S3_PREFIX}${folder}/`;
      const listed: { name: string; modified: Date }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? [])
          if (object.Key) listed.push({ name: object.Key.slice(Prefix.length), modified: object.LastModified ?? new Date(0) });
        token = page.NextContinuationToken;
      } while (token);
      return listed;
    },
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: `${S3_PREFIX}${key}`,
          Body: bytes,
          ContentType: contentType,
          CacheControl: key.startsWith('files/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: `${S3_PREFIX}${key}` }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (s3StatusOf(error) === 404) return null;
        throw error;
      }
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => client.send(new DeleteObjectCommand({ Bucket, Key: `${S3_PREFIX}${key}` }))));
    },
    close: () => client.destroy(),
  };
}
