// Files on local disk under one root (DATA_DIR/files by default). Writes go to a temporary name and
// are renamed into place, so a reader never sees half a file. Folders are made 0700 and files 0600
// whatever the umask: a private track's audio is for its workspace alone.
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../shared/private-directory.js';
import { assertSafeKey, type Storage, type StoredObject } from './storage.js';

export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertSafeKey(key.replace(/\/$/, ''));
    return join(base, key);
  };
  async function* walk(folder: string): AsyncGenerator<StoredObject> {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) yield* walk(path);
      else if (entry.isFile() && !entry.name.endsWith('.partial')) {
        const info = await stat(path).catch(() => undefined);
        if (info)
          yield { key: relative(base, path).split(sep).join('/'), bytes: info.size, modifiedAt: info.mtime };
      }
    }
  }
  return {
    kind: 'local',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
      const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
      await writeFile(partial, bytes, { mode: PRIVATE_FILE_MODE });
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
      await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
      await appendFile(path, bytes, { mode: PRIVATE_FILE_MODE });
    },
    localPath: pathOf,
    async *list(prefix) {
      // walk the folder the prefix names (or sits in) and keep the files under the prefix
      const folder = prefix.endsWith('/') || prefix === '' ? prefix : dirname(prefix);
      const start = folder === '.' || folder === '' ? base : pathOf(folder);
      for await (const object of walk(start)) if (object.key.startsWith(prefix)) yield object;
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}
