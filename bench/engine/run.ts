// Engine benchmark: renders the standard 120 s track for several genres with the full bank and
// prints real-time factor, wall time per stage, CPU time of all threads, peak memory (this thread
// and the pool's), time to first streamed chunk, and the ratio against FluidSynth rendering the
// same MIDI with the same bank in the same run. The load average is printed with each run, since
// a shared machine slows wall times down while CPU times stay comparable.
// Run: npm run bench:engine   (options: --duration 120 --bank full|small --prompts 4 --threads 2
//      --synthesis off: every part through the SoundFont, the engine before its synthesiser)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveBankPath } from '../../packages/engine/node/load-bank.js';
import {
  createRenderPool,
  generateTrack,
  loadSoundBank,
  type TrackResult,
} from '../../packages/engine/src/index.js';
import { shareDecodedSamples } from '../../packages/engine/src/rendering/sound-bank.js';
import { PROMPTS } from './prompts.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '120' },
    bank: { type: 'string', default: 'full' },
    prompts: { type: 'string', default: '4' },
    seed: { type: 'string', default: '7' },
    threads: { type: 'string', default: '2' },
    synthesis: { type: 'string', default: 'on' },
  },
});
const synthesis = values.synthesis !== 'off';
const durationSeconds = Number(values.duration);
const seed = Number(values.seed);
const bankPath = resolveBankPath(values.bank);

function hasFluidSynth(): boolean {
  return spawnSync('fluidsynth', ['--version'], { encoding: 'utf8' }).status === 0;
}

/** Wall seconds FluidSynth takes to render a MIDI file offline with the bank (the C reference). */
function timeFluidSynth(midi: Uint8Array, workDir: string, sf3Path: string): number {
  const midiPath = join(workDir, 'song.mid');
  writeFileSync(midiPath, midi);
  const startMs = performance.now();
  const run = spawnSync(
    'fluidsynth',
    ['-ni', '-q', '-F', join(workDir, 'out.wav'), '-r', '44100', sf3Path, midiPath],
    {
      encoding: 'utf8',
    },
  );
  const seconds = (performance.now() - startMs) / 1000;
  if (run.status !== 0) throw new Error(`fluidsynth failed: ${run.stderr}`);
  return seconds;
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);

const loadStartMs = performance.now();
// read into shared memory, so the render pool hands it to its threads without copying it
const file = readFileSync(bankPath);
const bytes = new Uint8Array(new SharedArrayBuffer(file.byteLength));
bytes.set(file);
const bank = loadSoundBank(bytes, values.bank);
const loadMs = performance.now() - loadStartMs;
console.log(
  `bank ${values.bank} (${(bytes.length / 1e6).toFixed(1)} MB) parsed in ${fixed(loadMs, 0)} ms; ${durationSeconds} s tracks, seed ${seed}`,
);
console.log(`node ${process.version}, ${cpus().length} cores, synthesis ${synthesis ? 'on' : 'off'}`);

const threads = Number(values.threads);
const renderPool = threads > 0 ? createRenderPool(bank, { threads, trackMemory: true }) : undefined;
console.log(
  renderPool
    ? `pool: ${threads} worker threads render parts and encode MP3 segments`
    : 'everything in the main thread',
);
const fluid = hasFluidSynth();
const workDir = mkdtempSync(join(tmpdir(), 'trackforge-bench-'));
const sf3Path = join(workDir, 'bank.sf3');
symlinkSync(bankPath, sf3Path);
if (!fluid)
  console.log(
    'note: fluidsynth not found (bash scripts/install-bench-tools.sh); the FluidSynth column is skipped',
  );

const collectGarbage = (globalThis as { gc?: () => void }).gc;
if (!collectGarbage) console.log('note: run with NODE_OPTIONS=--expose-gc for the live-memory figure');

/**
 * Peak live memory one generation adds over the idle level, all threads, per stage: garbage is
 * collected before the samples (every 16th render chunk, every other stage step), so this does not
 * depend on when the collector happens to run, and the pool threads' peaks are read at each stage
 * change, so peaks of different stages are not added up. A separate, untimed run: collecting is slow.
 */
async function measureLiveGrowthMb(
  request: Parameters<typeof generateTrack>[0],
): Promise<Record<string, number>> {
  const gc = collectGarbage as () => void;
  await renderPool?.readPeakMemory({ collectFirst: true });
  const poolBase = (await renderPool?.readPeakMemory({ collectFirst: true })) ?? [];
  gc();
  // decoded samples live in memory the threads share, which arrayBuffers does not count
  const decodedSamples = shareDecodedSamples(bytes);
  const usage = () => {
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers + (decodedSamples?.pcm.byteLength ?? 0);
  };
  const base = usage();
  const mainPeaks = new Map<string, number>();
  const poolPeaks = new Map<string, Promise<number[]>>();
  let calls = 0;
  let stageNow = '';
  const endStage = () => {
    if (stageNow && renderPool) poolPeaks.set(stageNow, renderPool.readPeakMemory({ collectFirst: true }));
  };
  await generateTrack(request, {
    bank,
    renderPool,
    synthesis,
    onProgress: (_fraction, stage) => {
      if (stage !== stageNow) {
        endStage();
        stageNow = stage;
      } else if (stage === 'rendering' && calls++ % 16 !== 0) return;
      gc();
      mainPeaks.set(stage, Math.max(mainPeaks.get(stage) ?? 0, usage()));
    },
    onChunk: () => {},
  });
  endStage();
  const growth: Record<string, number> = {};
  for (const [stage, main] of mainPeaks) {
    const pool = (await poolPeaks.get(stage)) ?? [];
    const poolGrowth = pool.reduce((sum, bytes, i) => sum + Math.max(0, bytes - (poolBase[i] ?? 0)), 0);
    growth[stage] = (main - base + poolGrowth) / 1e6;
  }
  return growth;
}

const rows: string[][] = [];
for (const prompt of PROMPTS.slice(0, Number(values.prompts))) {
  let peakRss = 0;
  let peakHeap = 0;
  const sampleMemory = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed + usage.arrayBuffers);
  };
  const request = {
    prompt,
    durationSeconds,
    seed,
    outputs: { formats: ['mp3' as const], midi: true, waveform: true },
  };
  // The first run pays for decoding this genre's samples; a server keeps them warm, so both are shown.
  const coldStartMs = performance.now();
  await generateTrack(request, { bank, renderPool, synthesis });
  const coldSeconds = (performance.now() - coldStartMs) / 1000;
  await renderPool?.readPeakMemory(); // forgets the first run's peaks
  const load = loadavg()[0] as number;
  let firstChunkMs = Number.NaN;
  const cpuStart = process.cpuUsage();
  const startMs = performance.now();
  const result: TrackResult = await generateTrack(request, {
    bank,
    renderPool,
    synthesis,
    onProgress: sampleMemory,
    onChunk: () => {
      if (Number.isNaN(firstChunkMs)) firstChunkMs = performance.now() - startMs;
    },
  });
  const wallSeconds = (performance.now() - startMs) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  sampleMemory();
  const poolPeakBytes = (await renderPool?.readPeakMemory()) ?? [];
  const renderSeconds = (result.timingsMs.rendering ?? 0) / 1000;
  let fluidColumn = 'skipped';
  if (fluid && result.midi) {
    const fluidSeconds = timeFluidSynth(result.midi, workDir, sf3Path);
    fluidColumn = `${fixed(fluidSeconds)} s (${fixed(durationSeconds / fluidSeconds, 1)}×); ours/fluid ${fixed(renderSeconds / fluidSeconds)}`;
  }
  let liveGrowth = '';
  if (collectGarbage) {
    const growth = await measureLiveGrowthMb(request);
    const largest = Math.max(...Object.values(growth));
    const stages = ['rendering', 'mastering', 'encoding']
      .map((stage) => fixed(growth[stage] ?? 0, 0))
      .join('/');
    liveGrowth = `; live +${fixed(largest, 0)} MB (render/master/encode ${stages})`;
  }
  const t = result.timingsMs;
  const poolPeaks = poolPeakBytes.map((bytes) => fixed(bytes / 1e6, 0)).join(' + ');
  rows.push([
    `${result.music.genre} (${result.composition.parts.length} parts)`,
    `${fixed(wallSeconds)} s (cold ${fixed(coldSeconds)} s), CPU ${fixed(cpuSeconds)} s, load ${fixed(load, 1)}`,
    `${fixed(durationSeconds / wallSeconds, 1)}×`,
    `brief ${t.brief} · comp ${t.composition} · render ${t.rendering} · master ${t.mastering} · encode ${t.encoding} ms`,
    `${fixed(firstChunkMs, 0)} ms`,
    `${fixed(peakRss / 1e6, 0)} / ${fixed(peakHeap / 1e6, 0)}${poolPeaks ? ` (+ threads ${poolPeaks})` : ''} MB${liveGrowth}`,
    fluidColumn,
  ]);
  console.log(`${prompt}\n  ${rows.at(-1)?.join(' | ')}`);
}
rmSync(workDir, { recursive: true, force: true });
await renderPool?.close();
console.log(
  "\ncolumns: genre | warm wall prompt→MP3 (first run), CPU seconds of all threads, 1-min load average before the run | real-time factor | stage wall times | first streamed chunk | peak RSS / this thread's heap+buffers (+ each pool thread's) as the collector left them, and the live memory one generation adds over the idle level in all threads | FluidSynth render (RTF) and render-time ratio",
);
console.log('target (ENGINE.md): 120 s track → MP3 in ≤ 1 s wall on 2 cores; first audio ≤ 0.3 s');
