// The Node edge of the engine: the core never reads files (it takes a bank as bytes), so the
// CLI, the API's generation threads, eval, bench and tests all load bundled banks through here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BANK_FILES, loadSoundBank } from '../src/index.js';
import type { SoundBank } from '../src/types.js';

const require = createRequire(import.meta.url);

export type BundledBankName = keyof typeof BANK_FILES;

/** The file of a bundled bank ('full' or 'small'); any other text is taken as a path. */
export function resolveBankPath(nameOrPath: BundledBankName | string): string {
  return nameOrPath === 'full' || nameOrPath === 'small'
    ? require.resolve(BANK_FILES[nameOrPath])
    : nameOrPath;
}

/** Reads and parses a bundled bank or a SoundFont file; call once per process or thread. */
export function loadBankFile(nameOrPath: BundledBankName | string): SoundBank {
  return loadSoundBank(new Uint8Array(readFileSync(resolveBankPath(nameOrPath))), nameOrPath);
}
