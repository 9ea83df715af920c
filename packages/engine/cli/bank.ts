// Reading the sound bank named by --bank. A file that is missing or not a SoundFont is bad input
// (exit 2), found before any track is made.
import { readFileSync } from 'node:fs';
import { resolveBankPath } from '../node/load-bank.js';
import { loadSoundBank } from '../src/index.js';
import type { SoundBank } from '../src/types.js';
import { UsageError } from './usage-error.js';

/** With `shared`, the bytes live in shared memory so render threads need no copy of them. */
export function loadCliBank(name: string, options: { shared?: boolean } = {}): SoundBank {
  const path = resolveBankPath(name);
  let bytes: Uint8Array;
  try {
    const file = readFileSync(path);
    bytes = options.shared ? new Uint8Array(new SharedArrayBuffer(file.byteLength)) : new Uint8Array(file);
    if (options.shared) bytes.set(file);
  } catch (error) {
    throw new UsageError(`--bank ${JSON.stringify(name)}: cannot read ${path} (${(error as Error).message})`);
  }
  try {
    return loadSoundBank(bytes, name);
  } catch (error) {
    throw new UsageError(`--bank ${JSON.stringify(name)} is not a SoundFont: ${(error as Error).message}`);
  }
}
