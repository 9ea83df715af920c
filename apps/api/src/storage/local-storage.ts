// Files on local disk under one root (DATA_DIR/files by default). Writes go to a temporary name and
// are renamed into place, so a reader never sees half a file.
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertSafeKey, type Storage } from './storage.js';

export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertSafeKey(key.replace(/\/$/, ''));
    return join(base, key);
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async getStream(key, range) {
      const path = pathOf(key);
      await stat(path);
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { bytes: info.size } : undefined;
      } catch {
        return undefined;
      }
    },
    async append(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await appendFile(path, bytes);
    },
    localPath: pathOf,
    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}
