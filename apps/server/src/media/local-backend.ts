import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { access, mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
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
      // Under a temporary name, then renamed: a reader (or another instance writing the same file) never sees half.
      const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      for (let attempt = 1; ; attempt++) {
        await mkdir(path.dirname(file), { recursive: true });
        try {
          await writeFile(temporary, data);
          break;
        } catch (error) {
          // A remove emptied the folder and took it away between the two: make it again.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 3) throw error;
        }
      }
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
      // A folder left empty goes too (a hidden review's, a refused return's): rmdir takes only an empty one.
      const folders = new Set(names.filter((name) => name.includes('/')).map((name) => path.dirname(fileOf(name))));
      await Promise.all([...folders].map((folder) => rmdir(folder).catch(() => {})));
    },
  };
}
