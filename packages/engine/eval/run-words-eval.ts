// `npm run eval:words -w packages/engine`: is what the prompt says in words what plays?
// 1. Instrumentation: every prompt of INSTRUMENTATION_SET × seeds, composed (no audio), its
//    sounding parts' families judged against what the prompt names, rules out or counts.
// 2. Energy on the score: onsets per second, notes per second and mean velocity of ENERGY_SET
//    × seeds; every energetic prompt must be busier than every calm one of the same tempo.
// 3. With --audio: the energy set rendered (seed 1) and measured by the independent analyzer
//    (onset rate, spectral flux), with the same ordering bar.
// Flags: --seeds 1,2,3 · --audio · --duration S (20) · --bank small|full (full) · --json FILE.
// A report: exits 1 when a bar fails.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadBankFile } from '../node/load-bank.js';
import { parseBrief } from '../src/brief/index.js';
import { composeTrack } from '../src/composition/index.js';
import { generateTrack } from '../src/index.js';
import type { Composition } from '../src/types.js';
import { analyzeWav } from './analyzer.js';
import { judgeFamilies, meanVelocity, onsetsPerSecond, soundingFamilies } from './families.js';
import { ENERGY_SET, type EnergyPrompt, INSTRUMENTATION_SET, UNTIMED_ENERGY_PAIR } from './words-set.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1,2,3' },
    audio: { type: 'boolean', default: false },
    duration: { type: 'string', default: '20' },
    bank: { type: 'string', default: 'full' },
    json: { type: 'string' },
  },
});
const seeds = values.seeds.split(',').map(Number);
const durationSeconds = Number(values.duration);

function compose(prompt: string, seed: number): Composition {
  return composeTrack(parseBrief(prompt, { durationSeconds, seed }), { seed });
}

// 1. Instrumentation.
console.log(`## Instrumentation (${INSTRUMENTATION_SET.length} prompts × seeds ${seeds.join(', ')})\n`);
console.log(`| prompt | expected | ${seeds.map((s) => `seed ${s}`).join(' | ')} |`);
console.log(`|---|---|${seeds.map(() => '---').join('|')}|`);
let instrumentationPassed = 0;
const instrumentation: Array<{ prompt: string; seed: number; families: string[]; misses: string[] }> = [];
for (const { prompt, expect } of INSTRUMENTATION_SET) {
  const cells: string[] = [];
  for (const seed of seeds) {
    const families = soundingFamilies(compose(prompt, seed));
    const misses = judgeFamilies(families, expect);
    if (misses.length === 0) instrumentationPassed++;
    instrumentation.push({ prompt, seed, families, misses });
    cells.push(`${[...new Set(families)].join(', ')}${misses.length ? ` **(${misses.join('; ')})**` : ''}`);
  }
  const expected = [
    expect.only && `only ${expect.only.join('+')}`,
    expect.present && `has ${expect.present.join('+')}`,
    expect.absent && `no ${expect.absent.join('/')}`,
    expect.players !== undefined && `${expect.players} players`,
  ]
    .filter(Boolean)
    .join('; ');
  console.log(`| ${prompt} | ${expected} | ${cells.join(' | ')} |`);
}
const instrumentationTotal = INSTRUMENTATION_SET.length * seeds.length;
const instrumentationBar = {
  name: 'instrumentation: every named family plays, nothing excluded or ruled out does',
  ok: instrumentationPassed === instrumentationTotal,
  detail: `${instrumentationPassed}/${instrumentationTotal} (${Math.round((100 * instrumentationPassed) / instrumentationTotal)} %)`,
};

// 2. Energy on the score.
interface EnergyReading {
  entry: EnergyPrompt;
  onsetsPerSecond: number;
  notesPerSecond: number;
  meanVelocity: number;
}
function mean(numbers: number[]): number {
  return numbers.reduce((sum, n) => sum + n, 0) / numbers.length;
}
function readScore(entry: EnergyPrompt, seed: number): EnergyReading {
  const composition = compose(entry.prompt, seed);
  const notes = composition.parts.reduce((sum, part) => sum + part.notes.length, 0);
  return {
    entry,
    onsetsPerSecond: onsetsPerSecond(composition),
    notesPerSecond: notes / composition.durationSeconds,
    meanVelocity: meanVelocity(composition),
  };
}

/** Pairs (calm, energetic) at one tempo where the calm one is not below on `measure`. */
function disorderedPairs<T extends { entry: EnergyPrompt }>(
  readings: T[],
  measure: (r: T) => number,
): string[] {
  const wrong: string[] = [];
  for (const calm of readings.filter((r) => r.entry.energy === 'calm'))
    for (const loud of readings.filter(
      (r) => r.entry.energy === 'energetic' && r.entry.bpm === calm.entry.bpm,
    ))
      if (measure(calm) >= measure(loud))
        wrong.push(
          `"${calm.entry.prompt}" ${measure(calm).toFixed(2)} ≥ "${loud.entry.prompt}" ${measure(loud).toFixed(2)}`,
        );
  return wrong;
}
const pairCount = ENERGY_SET.filter((e) => e.energy === 'calm').reduce(
  (sum, calm) => sum + ENERGY_SET.filter((e) => e.energy === 'energetic' && e.bpm === calm.bpm).length,
  0,
);

console.log(`\n## Energy on the score (seeds ${seeds.join(', ')}, ${durationSeconds} s)\n`);
console.log('| prompt | energy | bpm | onsets/s | notes/s | mean velocity |\n|---|---|---|---|---|---|');
const scoreWrong: string[] = [];
const scoreMeans: EnergyReading[] = [];
for (const entry of ENERGY_SET) {
  const perSeed = seeds.map((seed) => readScore(entry, seed));
  const averaged = {
    entry,
    onsetsPerSecond: mean(perSeed.map((r) => r.onsetsPerSecond)),
    notesPerSecond: mean(perSeed.map((r) => r.notesPerSecond)),
    meanVelocity: mean(perSeed.map((r) => r.meanVelocity)),
  };
  scoreMeans.push(averaged);
  console.log(
    `| ${entry.prompt} | ${entry.energy} | ${entry.bpm} | ${averaged.onsetsPerSecond.toFixed(2)} | ${averaged.notesPerSecond.toFixed(2)} | ${averaged.meanVelocity.toFixed(1)} |`,
  );
}
for (const seed of seeds) {
  const readings = ENERGY_SET.map((entry) => readScore(entry, seed));
  scoreWrong.push(...disorderedPairs(readings, (r) => r.onsetsPerSecond).map((w) => `seed ${seed}: ${w}`));
}
const [untimedCalm, untimedLoud] = UNTIMED_ENERGY_PAIR;
const untimed = seeds.map((seed) => [
  onsetsPerSecond(compose(untimedCalm, seed)),
  onsetsPerSecond(compose(untimedLoud, seed)),
]);
console.log(
  `\n"${untimedCalm}" vs "${untimedLoud}" (their own tempos), onsets/s per seed: ${untimed.map(([c, l]) => `${c!.toFixed(2)} vs ${l!.toFixed(2)}`).join('; ')}`,
);
const scoreEnergyBar = {
  name: 'energy on the score: every energetic prompt has more onsets/s than every calm one of its tempo',
  ok: scoreWrong.length === 0 && untimed.every(([c, l]) => c! < l!),
  detail: `${pairCount * seeds.length - scoreWrong.length}/${pairCount * seeds.length} pairs in order; untimed pair ${untimed.filter(([c, l]) => c! < l!).length}/${seeds.length}${scoreWrong.length ? `; wrong: ${scoreWrong.join('; ')}` : ''}`,
};

// 3. Energy heard in the audio.
const bars = [instrumentationBar, scoreEnergyBar];
const audioReadings: Array<{ entry: EnergyPrompt; onsetsPerSecond: number; spectralFlux: number }> = [];
if (values.audio) {
  const bank = loadBankFile(values.bank === 'small' ? 'small' : 'full');
  const startedMs = performance.now();
  console.log(`\n## Energy heard (seed 1, ${durationSeconds} s, analyzer onset rate and spectral flux)\n`);
  console.log('| prompt | energy | bpm | onsets/s | spectral flux/s |\n|---|---|---|---|---|');
  const untimedEntries: EnergyPrompt[] = [
    { prompt: untimedCalm, energy: 'calm', bpm: 0 },
    { prompt: untimedLoud, energy: 'energetic', bpm: 0 },
  ];
  for (const entry of [...ENERGY_SET, ...untimedEntries]) {
    const result = await generateTrack(
      {
        prompt: entry.prompt,
        durationSeconds,
        seed: 1,
        outputs: { formats: ['wav'], midi: false, waveform: false, stems: false },
      },
      { bank },
    );
    const analysis = analyzeWav(result.files.wav!, {
      measure: { tempo: false, secondTempo: false, key: false, onsets: true },
    });
    audioReadings.push({
      entry,
      onsetsPerSecond: analysis.onsetsPerSecond,
      spectralFlux: analysis.spectralFlux,
    });
    console.log(
      `| ${entry.prompt} | ${entry.energy} | ${entry.bpm || '(own)'} | ${analysis.onsetsPerSecond.toFixed(2)} | ${analysis.spectralFlux.toFixed(0)} |`,
    );
  }
  const wrong = [
    ...disorderedPairs(audioReadings, (r) => r.onsetsPerSecond).map((w) => `onsets: ${w}`),
    ...disorderedPairs(audioReadings, (r) => r.spectralFlux).map((w) => `flux: ${w}`),
  ];
  console.log(`\n(${((performance.now() - startedMs) / 1000).toFixed(0)} s for the renders)`);
  bars.push({
    name: 'energy heard: every energetic prompt has more onsets/s and more spectral flux than every calm one of its tempo (and the untimed pair)',
    ok: wrong.length === 0,
    detail: `${2 * (pairCount + 1) - wrong.length}/${2 * (pairCount + 1)} comparisons in order${wrong.length ? `; wrong: ${wrong.join('; ')}` : ''}`,
  });
}

console.log('');
for (const bar of bars) console.log(`${bar.ok ? 'PASS' : 'FAIL'}  ${bar.name}: ${bar.detail}`);
if (values.json)
  writeFileSync(
    values.json,
    JSON.stringify({ seeds, durationSeconds, bars, instrumentation, scoreMeans, audioReadings }, null, 2),
  );
process.exit(bars.every((bar) => bar.ok) ? 0 : 1);
