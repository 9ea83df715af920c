// Sound bank load cost: parse time, and what decoding the Vorbis-compressed sf3 samples costs.
// spessasynth_core decodes a sample lazily the first time a note uses it and keeps it decoded, so
// the first track in a process pays for its instruments and later tracks do not.
// Run: npx tsx bench/engine/bank-load.ts
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BasicSoundBank } from 'spessasynth_core';
import { BANK_FILES, loadSoundBank } from '../../packages/engine/src/index.js';

const require = createRequire(import.meta.url);
await BasicSoundBank.isSF3DecoderReady;
for (const [label, specifier] of Object.entries(BANK_FILES)) {
  const bytes = new Uint8Array(readFileSync(require.resolve(specifier)));
  const rssBeforeMb = process.memoryUsage().rss / 1e6;
  const parseStartMs = performance.now();
  const bank = loadSoundBank(bytes, label);
  const parseMs = performance.now() - parseStartMs;
  const parsed = bank.handle as BasicSoundBank;
  const decodeStartMs = performance.now();
  for (const sample of parsed.samples) sample.getAudioData();
  const decodeMs = performance.now() - decodeStartMs;
  const rssAfterMb = process.memoryUsage().rss / 1e6;
  console.log(
    `${label.padEnd(5)} ${(bytes.length / 1e6).toFixed(1)} MB: parse ${parseMs.toFixed(0)} ms, ` +
      `${parsed.presets.length} presets, ${parsed.samples.length} samples; decoding every sample ` +
      `${decodeMs.toFixed(0)} ms, +${(rssAfterMb - rssBeforeMb).toFixed(0)} MB RSS`,
  );
}
