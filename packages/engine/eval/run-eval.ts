// `npm run eval -w packages/engine`: renders every prompt of eval/prompts.json and prints a table
// (asked vs measured tempo and key, loudness, true peak, pass/fail) plus the bars over the set.
// Exits non-zero when a bar fails. Flags: --duration S (30), --bank small|full (full), --only ID[,ID…]
// (an ID ending in * takes every prompt whose id starts so: --only 'input-*' runs the input prompts),
// --seed N (every prompt's seed, to check a fix is not one seed's luck), --json out.json,
// --subset tempo (prompts that ask for a tempo) | energy (calm/energetic prompts that ask for one).
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadBankFile } from '../node/load-bank.js';
import { isAboveTempoCeiling, type PromptEntry } from './checks.js';
import {
  type Bar,
  checkDeterminismAndVariety,
  evaluatePrompt,
  judgeSet,
  type PromptOutcome,
} from './evaluate.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    bank: { type: 'string', default: 'full' },
    only: { type: 'string' },
    seed: { type: 'string' },
    json: { type: 'string' },
    subset: { type: 'string' },
  },
});
const durationSeconds = Number(values.duration);
const bankKey = values.bank === 'small' ? 'small' : 'full';
const prompts: PromptEntry[] = JSON.parse(readFileSync(new URL('./prompts.json', import.meta.url), 'utf8'));
const onlyIds = values.only?.split(',');
const seedOverride = values.seed === undefined ? undefined : Number(values.seed);
const selected = prompts
  .filter(
    (p) =>
      !onlyIds || onlyIds.some((id) => (id.endsWith('*') ? p.id.startsWith(id.slice(0, -1)) : id === p.id)),
  )
  .filter((p) => values.subset !== 'tempo' || p.expect.bpm !== undefined)
  .filter((p) => values.subset !== 'energy' || (p.expect.bpm !== undefined && p.expect.energy !== undefined))
  .map((p) => (seedOverride === undefined ? p : { ...p, seed: seedOverride }));

const startedMs = performance.now();
const bank = loadBankFile(bankKey);

const outcomes: PromptOutcome[] = [];
const header = ['prompt', 'tempo asked', 'tempo heard', 'key asked', 'key heard', 'LUFS', 'dBTP', 'result'];
console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const entry of selected) {
  const outcome = await evaluatePrompt(entry, bank, durationSeconds);
  outcomes.push(outcome);
  const failed = outcome.checks.filter((c) => !c.ok && !c.informational);
  const tempoOk = outcome.tempoVerdict === null || outcome.tempoVerdict === 'exact';
  const keyOk = outcome.keyVerdict === null || outcome.keyVerdict === 'right';
  const { expect } = entry;
  const row = [
    entry.id,
    expect.bpm ?? '–',
    expect.bpm !== undefined
      ? `${outcome.analysis.tempoBpm.toFixed(1)} (${outcome.tempoVerdict}${isAboveTempoCeiling(expect.bpm) ? ', at or above the metronome ceiling' : ''})`
      : '–',
    expect.key ? `${expect.key.tonic} ${expect.key.mode}` : '–',
    expect.key ? `${outcome.analysis.key.tonic} ${outcome.analysis.key.mode} (${outcome.keyVerdict})` : '–',
    outcome.analysis.loudnessLufs.toFixed(1),
    outcome.analysis.truePeakDbtp.toFixed(2),
    failed.length === 0 && tempoOk && keyOk
      ? 'pass'
      : `FAIL ${failed.map((c) => `${c.name}=${c.got}`).join(', ')}`,
  ];
  console.log(`| ${row.join(' | ')} |`);
}

const bars: Bar[] = [...judgeSet(outcomes)];
if (!values.only && !values.subset)
  bars.push(...(await checkDeterminismAndVariety(bank, prompts[0]?.prompt ?? 'pop', 10)));
const elapsedSeconds = (performance.now() - startedMs) / 1000;
console.log(
  `\n${selected.length} prompts × ${durationSeconds} s, ${bankKey} bank, ${elapsedSeconds.toFixed(0)} s\n`,
);
for (const bar of bars) console.log(`${bar.ok ? 'PASS' : 'FAIL'}  ${bar.name}: ${bar.detail}`);
const failedBars = bars.filter((b) => !b.ok).length;
console.log(`\n${bars.length - failedBars} passed, ${failedBars} failed`);

if (values.json) {
  const summary = outcomes.map((o) => ({
    id: o.entry.id,
    prompt: o.entry.prompt,
    analysis: o.analysis,
    tempo: o.tempoVerdict,
    key: o.keyVerdict,
    checks: o.checks,
  }));
  writeFileSync(
    values.json,
    JSON.stringify({ durationSeconds, bank: bankKey, elapsedSeconds, bars, prompts: summary }, null, 2),
  );
}
process.exit(failedBars === 0 ? 0 : 1);
