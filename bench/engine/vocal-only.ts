// One stage for profiling: sings the vocal part of bench:vocals' 120 s song in this thread (the
// vocal renderer, chunk by chunk as a render thread asks, channel strip included) and prints the
// time and a hash of the stem's float samples (a speed change must keep the hash).
// Run: node --import tsx [--cpu-prof] bench/engine/vocal-only.ts ["Nora Vale"] [runs]
import { createHash } from 'node:crypto';
import { loadVoiceBank } from '../../packages/engine/node/load-voices.js';
import { composeRequest } from '../../packages/engine/src/lineage.js';
import { createVocalRenderer } from '../../packages/engine/src/rendering/vocal-renderer.js';
import { findSungVoice, sungVoiceSpec } from '../../packages/engine/src/singer-voices.js';
import { SONG } from './vocal-song.js';

const SAMPLE_RATE = 44100;
const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;
const CHUNK_SAMPLES = 4096;
const voiceName = process.argv[2] ?? 'Nora Vale';
const runs = Number(process.argv[3] ?? 3);
const voice = findSungVoice(voiceName);
if (!voice) throw new Error(`no sung voice "${voiceName}"`);
const { composition } = composeRequest({
  prompt: 'warm pop ballad, 96 bpm',
  durationSeconds: 120,
  seed: 3,
  lyrics: SONG,
  voice: sungVoiceSpec(voice),
});
const part = composition.parts.find((candidate) => candidate.vocal);
if (!part) throw new Error('no vocal part');
const voiceBank = loadVoiceBank();
const totalSamples = Math.round(composition.durationSeconds * SAMPLE_RATE);
for (let run = 0; run < runs; run++) {
  const startMs = performance.now();
  const startCpu = process.cpuUsage();
  const renderer = createVocalRenderer(composition, part, SAMPLE_RATE, totalSamples, voiceBank);
  const hash = createHash('sha256');
  const left = new Float32Array(CHUNK_SAMPLES);
  const right = new Float32Array(CHUNK_SAMPLES);
  for (let from = 0; from < totalSamples; from += CHUNK_SAMPLES) {
    const count = Math.min(CHUNK_SAMPLES, totalSamples - from);
    left.fill(0);
    right.fill(0);
    await renderer.renderChunk(left, right, from, count);
    hash.update(new Uint8Array(left.buffer, 0, count * 4));
    hash.update(new Uint8Array(right.buffer, 0, count * 4));
  }
  console.log(
    `${voiceName}: ${(performance.now() - startMs).toFixed(0)} ms wall, ${(cpuMicros(process.cpuUsage(startCpu)) / 1000).toFixed(0)} ms CPU, stem ${hash.digest('hex').slice(0, 16)}`,
  );
}
