// Picks the store from configuration: STORAGE_URL=s3://bucket/prefix, file:/path, or DATA_DIR/files.
// The AWS SDK (about 20 MB resident) is imported on the first S3 call, so a node on local disk
// never loads it and building the store stays synchronous.
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { createLocalStorage } from './local-storage.js';
import type { S3StorageOptions } from './s3-storage.js';
import type { Storage } from './storage.js';

export function createStorage(config: Pick<Config, 'STORAGE_URL' | 'DATA_DIR' | 'S3_ENDPOINT'>): Storage {
  const url = config.STORAGE_URL;
  if (url?.startsWith('s3://')) {
    const parsed = new URL(url);
    return lazyS3Storage({
      bucket: parsed.hostname,
      prefix: decodeURIComponent(parsed.pathname),
      endpoint: config.S3_ENDPOINT,
    });
  }
  if (url?.startsWith('file:')) return createLocalStorage(url.slice('file:'.length));
  return createLocalStorage(join(config.DATA_DIR, 'files'));
}

function lazyS3Storage(options: S3StorageOptions): Storage {
  let loaded: Promise<Storage> | undefined;
  const s3 = () => {
    loaded ??= import('./s3-storage.js').then(({ createS3Storage }) => createS3Storage(options));
    return loaded;
  };
  return {
    kind: 's3',
    put: async (key, bytes, contentType) => (await s3()).put(key, bytes, contentType),
    getStream: async (key, range) => (await s3()).getStream(key, range),
    stat: async (key) => (await s3()).stat(key),
    deletePrefix: async (prefix) => (await s3()).deletePrefix(prefix),
    async *list(prefix) {
      yield* (await s3()).list(prefix);
    },
  };
}
