// Where a bundled bank's file is, without loading the engine (`@trackforge/engine/node/bank-path`):
// a process that only hands the path or the bytes to its threads need not parse anything.
import { createRequire } from 'node:module';
import { BANK_FILES } from '../src/bank-files.js';

const require = createRequire(import.meta.url);

export type BundledBankName = keyof typeof BANK_FILES;

/** The file of a bundled bank ('full' or 'small'); any other text is taken as a path. */
export function resolveBankPath(nameOrPath: BundledBankName | string): string {
  return nameOrPath === 'full' || nameOrPath === 'small'
    ? require.resolve(BANK_FILES[nameOrPath])
    : nameOrPath;
}
