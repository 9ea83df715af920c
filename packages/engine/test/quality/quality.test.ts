// The fast subset of the quality eval (the full set is `npm run eval -w packages/engine`): a few
// prompts rendered short with the small bank and judged with the same checks and analyzer.
// Engine and analyzer are both deterministic, so these verdicts cannot flake.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import type { PromptEntry } from '../../eval/checks.js';
import {
  checkDeterminismAndVariety,
  evaluatePrompt,
  judgeSet,
  type PromptOutcome,
} from '../../eval/evaluate.js';
import { loadBankFile } from '../../node/load-bank.js';
import type { SoundBank } from '../../src/types.js';

const SUBSET = [
  'lofi-study',
  'house-sunset',
  'techno-warehouse',
  'es-house',
  'piano-waltz',
  'fr-piano',
  'de-ambient',
  'rock-unplugged',
];
const DURATION_SECONDS = 20;
// What the analyzer still mishears in this subset: nothing. Kept as a list so a new miss names
// itself in the failure.
const KNOWN_MISHEARD: string[] = [];

const prompts: PromptEntry[] = JSON.parse(
  readFileSync(new URL('../../eval/prompts.json', import.meta.url), 'utf8'),
);

describe('engine quality on a subset of the eval prompts (small bank, 20 s)', () => {
  let bank: SoundBank;
  const outcomes: PromptOutcome[] = [];

  before(async () => {
    bank = loadBankFile('small');
    for (const id of SUBSET) {
      const entry = prompts.find((p) => p.id === id);
      assert.ok(entry, `prompt ${id} exists in eval/prompts.json`);
      outcomes.push(await evaluatePrompt(entry, bank, DURATION_SECONDS));
    }
  });

  it('matches every score expectation and meets duration, loudness, true peak, clipping and silence bars', () => {
    for (const outcome of outcomes) {
      const failed = outcome.checks.filter((c) => !c.ok && !c.informational);
      assert.deepEqual(
        failed,
        [],
        `${outcome.entry.id} fails ${failed.map((c) => `${c.name}: asked ${c.asked}, got ${c.got}`).join('; ')}`,
      );
    }
  });

  it('is heard at the asked tempo and key by the independent analyzer, but for the known misses', () => {
    const misheard: string[] = [];
    const details: string[] = [];
    for (const outcome of outcomes) {
      const { entry, analysis } = outcome;
      if (outcome.tempoVerdict !== null && outcome.tempoVerdict !== 'exact') {
        misheard.push(`${entry.id} tempo`);
        details.push(`${entry.id}: asked ${entry.expect.bpm} bpm, heard ${analysis.tempoBpm.toFixed(1)}`);
      }
      if (outcome.keyVerdict === 'wrong') {
        misheard.push(`${entry.id} key`);
        details.push(
          `${entry.id}: asked ${entry.expect.key?.tonic} ${entry.expect.key?.mode}, heard ${analysis.key.tonic} ${analysis.key.mode}`,
        );
      }
    }
    assert.deepEqual(misheard, KNOWN_MISHEARD, details.join('; '));
  });

  it('keeps every calm prompt sparser than every energetic one', () => {
    const energy = judgeSet(outcomes).find((bar) => bar.name.startsWith('every calm'));
    assert.ok(energy, 'the subset holds calm and energetic prompts');
    assert.ok(energy.ok, energy.detail);
  });

  it('renders identical PCM for the same request and different music for another seed', async () => {
    for (const bar of await checkDeterminismAndVariety(bank, 'upbeat summer pop song', 6)) {
      assert.ok(bar.ok, `${bar.name}: ${bar.detail}`);
    }
  });
});
