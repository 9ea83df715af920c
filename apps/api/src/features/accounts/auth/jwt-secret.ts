// The key that signs access tokens: JWT_SECRET when set; otherwise (development and tests only,
// config.ts refuses production without it) a random one generated once and kept under DATA_DIR,
// so tokens survive a restart of `npm start`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../../config.js';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../../../platform/shared/private-directory.js';
import { randomSecret } from '../../../platform/shared/secrets.js';

export function resolveJwtSecret(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  const path = join(config.DATA_DIR, 'jwt-secret');
  if (!existsSync(path)) {
    mkdirSync(config.DATA_DIR, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    // 'wx' fails if another process created it first; then we read theirs.
    try {
      writeFileSync(path, `${randomSecret(48)}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return new TextEncoder().encode(readFileSync(path, 'utf8').trim());
}
