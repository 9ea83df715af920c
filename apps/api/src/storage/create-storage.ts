// Picks the store from configuration: STORAGE_URL=s3://bucket/prefix, file:/path, or DATA_DIR/files.
import { join } from 'node:path';
import type { Config } from '../config.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

export function createStorage(config: Pick<Config, 'STORAGE_URL' | 'DATA_DIR' | 'S3_ENDPOINT'>): Storage {
  const url = config.STORAGE_URL;
  if (url?.startsWith('s3://')) {
    const parsed = new URL(url);
    return createS3Storage({
      bucket: parsed.hostname,
      prefix: decodeURIComponent(parsed.pathname),
      endpoint: config.S3_ENDPOINT,
    });
  }
  if (url?.startsWith('file:')) return createLocalStorage(url.slice('file:'.length));
  return createLocalStorage(join(config.DATA_DIR, 'files'));
}
