// The Node edge of the engine: the core never reads files (it takes a bank as bytes), so the
// CLI, the API's generation threads, eval, bench and tests all load bundled banks through here.
import { readFileSync } from 'node:fs';
import { loadSoundBank } from '../src/rendering/sound-bank.js';
import type { SoundBank } from '../src/types.js';
import { type BundledBankName, resolveBankPath } from './bank-path.js';

export { type BundledBankName, resolveBankPath };

/** Reads and parses a bundled bank or a SoundFont file; call once per process or thread. */
export function loadBankFile(nameOrPath: BundledBankName | string): SoundBank {
  return loadSoundBank(new Uint8Array(readFileSync(resolveBankPath(nameOrPath))), nameOrPath);
}
