// What singing costs: the same 120 s request rendered without lyrics and with them (a sung lead
// vocal), on one warm render pool, in interleaved pairs so both sides of each ratio see the same
// machine load. Prints every pair, the median ratio of the pairs (the figure to read: target ≤ 1.3×),
// the absolute times, the CPU time of all threads and its ratio (what the singing costs, which a
// busy machine stretches less than the wall time), the load average, and a hash of each sung
// track's PCM (every run of the same request must print the same one: a speed change that changes
// the hash changed the output).
// Run: npm run bench:vocals   (options: --pairs 3 --duration 120 --threads 2 --bank full|small
//      --voice "Nora Vale" --format wav|mp3; --hashes: only hash a few short sung tracks, one per
//      singer and a rap, to compare PCM before and after a change)
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { loadBankFile } from '../../packages/engine/node/load-bank.js';
import { loadVoiceBank } from '../../packages/engine/node/load-voices.js';
import { type AudioFormat, createRenderPool, generateTrack } from '../../packages/engine/src/index.js';
import { findSungVoice, sungVoiceSpec } from '../../packages/engine/src/singer-voices.js';
import type { TrackRequest } from '../../packages/engine/src/types.js';
import { RAP, SONG } from './vocal-song.js';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '120' },
    threads: { type: 'string', default: '2' },
    bank: { type: 'string', default: 'full' },
    voice: { type: 'string', default: 'Nora Vale' },
    format: { type: 'string', default: 'wav' },
    hashes: { type: 'boolean', default: false },
  },
});

function voiceSpec(name: string) {
  const voice = findSungVoice(name);
  if (!voice) throw new Error(`no sung voice "${name}"`);
  return sungVoiceSpec(voice);
}

const format = values.format as AudioFormat;
const bank = loadBankFile(values.bank === 'small' ? 'small' : 'full');
const voiceBank = loadVoiceBank();
const pool = createRenderPool(bank, { threads: Number(values.threads), voiceBank });
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/**
 * Renders a request; its wall time in ms, the CPU time of the whole process in ms (every pool
 * thread included: on a busy machine the wall time is stretched by other work, the CPU time much
 * less) and a hash of the file.
 */
async function render(request: TrackRequest): Promise<{ ms: number; cpuMs: number; hash: string }> {
  const startMs = performance.now();
  const startCpu = process.cpuUsage();
  const result = await generateTrack(request, { bank, voiceBank, renderPool: pool });
  const ms = performance.now() - startMs;
  const cpu = process.cpuUsage(startCpu);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const file = result.files[format];
  if (!file) throw new Error(`no ${format} file`);
  return { ms, cpuMs, hash: sha(file) };
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

try {
  if (values.hashes) {
    // short sung tracks, one per singer (two songs, one rapped): their PCM hashes
    const cases: [string, string, string][] = [
      ['warm pop ballad, 80 bpm', SONG, 'Maya Bright'],
      ['acoustic folk song, 100 bpm', SONG, 'Nora Vale'],
      ['uptempo pop, 128 bpm', SONG, 'Theo Marsh'],
      ['slow ballad, 66 bpm', SONG, 'Silas Grant'],
      ['trap, 141 bpm', RAP, 'Theo Marsh'],
    ];
    for (const [prompt, lyrics, voice] of cases) {
      const { hash } = await render({
        prompt,
        durationSeconds: 60,
        seed: 7,
        lyrics,
        voice: voiceSpec(voice),
        outputs: { formats: ['wav'], midi: false, waveform: false },
      });
      console.log(`${prompt} / ${voice}: ${hash}`);
    }
  } else {
    const base: TrackRequest = {
      prompt: 'warm pop ballad, 96 bpm',
      durationSeconds: Number(values.duration),
      seed: 3,
      outputs: { formats: [format], midi: false, waveform: false },
    };
    const sung: TrackRequest = { ...base, lyrics: SONG, voice: voiceSpec(values.voice) };
    console.log(
      `${values.duration} s "${base.prompt}", ${values.threads} pool threads, ${values.bank} bank, ${format}; sung by ${values.voice}`,
    );
    console.log(`load average before: ${load()}`);
    // warm-up: the threads' first track decodes samples and compiles code (and Flite) once
    await render(base);
    await render(sung);
    const ratios: number[] = [];
    const withoutMs: number[] = [];
    const withMs: number[] = [];
    const cpuRatios: number[] = [];
    const hashes = new Set<string>();
    for (let pair = 0; pair < Number(values.pairs); pair++) {
      // alternate which side goes first, so a load trend does not favour one side
      const first = pair % 2 === 0 ? base : sung;
      const a = await render(first);
      const b = await render(first === base ? sung : base);
      const [plain, vocal] = first === base ? [a, b] : [b, a];
      hashes.add(vocal.hash);
      withoutMs.push(plain.ms);
      withMs.push(vocal.ms);
      ratios.push(vocal.ms / plain.ms);
      cpuRatios.push(vocal.cpuMs / plain.cpuMs);
      console.log(
        `pair ${pair + 1}: without ${plain.ms.toFixed(0)} ms, with ${vocal.ms.toFixed(0)} ms: ${(vocal.ms / plain.ms).toFixed(3)}×; ` +
          `CPU ${plain.cpuMs.toFixed(0)} / ${vocal.cpuMs.toFixed(0)} ms: ${(vocal.cpuMs / plain.cpuMs).toFixed(3)}×  (load ${load()}, sung PCM ${vocal.hash})`,
      );
    }
    console.log(
      `median: without ${median(withoutMs).toFixed(0)} ms, with ${median(withMs).toFixed(0)} ms; ` +
        `ratio of pairs median ${median(ratios).toFixed(3)}× (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)}); target ≤ 1.3×`,
    );
    console.log(
      `CPU (all threads) ratio of pairs median ${median(cpuRatios).toFixed(3)}× (min ${Math.min(...cpuRatios).toFixed(3)}, max ${Math.max(...cpuRatios).toFixed(3)})`,
    );
    console.log(`load average after: ${load()}`);
    if (hashes.size !== 1) throw new Error(`the sung track's PCM differed between runs: ${[...hashes]}`);
  }
} finally {
  await pool.close();
}
