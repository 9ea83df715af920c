// `npm run eval:tempo-sweep -w packages/engine`: reads synthetic pulses of known tempo (a metronome
// and a plain drum kit, eval/tempo-signals.ts) from 50 to 220 bpm with the eval's tempo ruler and
// prints, per tempo, the beat tracker's own reading, the half-tick onset ratio and the analyzer's
// final reading (measureTempo's correction applied to the same ticks). It validates the ruler
// across the eval's tempo range: a miss here is the analyzer's, not the engine's.
// Flags: --from, --to, --step (bpm; 50, 220, 5), --duration S (30).
import { parseArgs } from 'node:util';
import { correctTrackedTempo, halfTickOnsetRatio, trackBeats } from './analyzer.js';
import { judgeTempo } from './checks.js';
import { makeDrumKit, makeMetronome } from './tempo-signals.js';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '50' },
    to: { type: 'string', default: '220' },
    step: { type: 'string', default: '5' },
    duration: { type: 'string', default: '30' },
  },
});
const durationSeconds = Number(values.duration);
const signals = { metronome: makeMetronome, 'drum kit': makeDrumKit };
const right = { tracker: { metronome: 0, 'drum kit': 0 }, analyzer: { metronome: 0, 'drum kit': 0 } };
let count = 0;

const header = [
  'bpm',
  ...Object.keys(signals).map((name) => `${name}: tracker · half-tick ratio · analyzer`),
];
console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (let bpm = Number(values.from); bpm <= Number(values.to); bpm += Number(values.step)) {
  count++;
  const cells = [`${bpm}`];
  for (const [name, make] of Object.entries(signals) as [keyof typeof signals, typeof makeMetronome][]) {
    const mono = make(bpm, durationSeconds);
    const tracked = trackBeats(mono);
    const ratio = halfTickOnsetRatio(mono, tracked.ticksSeconds);
    const heard = correctTrackedTempo(mono, tracked);
    const trackerVerdict = judgeTempo(bpm, tracked.tempoBpm);
    const verdict = judgeTempo(bpm, heard);
    if (trackerVerdict === 'exact') right.tracker[name]++;
    if (verdict === 'exact') right.analyzer[name]++;
    cells.push(
      `${tracked.tempoBpm.toFixed(1)} (${trackerVerdict}) · ${ratio.toFixed(2)} · ${heard.toFixed(1)} (${verdict})`,
    );
  }
  console.log(`| ${cells.join(' | ')} |`);
}
console.log('');
for (const name of Object.keys(signals) as (keyof typeof signals)[]) {
  console.log(
    `${name}: tracker alone right at ${right.tracker[name]}/${count} tempos, analyzer at ${right.analyzer[name]}/${count}`,
  );
}
