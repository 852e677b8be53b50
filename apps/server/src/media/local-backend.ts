import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaBackend } from './backend.js';

/** Files under `root` (DATA_DIR/media), served at /media by @fastify/static (app.ts). */
export function createLocalBackend(root: string): MediaBackend & { readonly root: string } {
  mkdirSync(root, { recursive: true });
  const fileOf = (name: string) => path.join(root, name);
  return {
    root,
    async put(name, data) {
      const file = fileOf(name);
      await mkdir(path.dirname(file), { recursive: true });
      // Under a temporary name, then renamed: a reader (or another instance writing the same file) never sees half.
      const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    },
    async get(name) {
      try {
        return await readFile(fileOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    exists: (name) =>
      access(fileOf(name)).then(
        () => true,
        () => false,
      ),
    async remove(names) {
      await Promise.all(names.map((name) => rm(fileOf(name), { force: true })));
    },
  };
}
