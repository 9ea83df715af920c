// A chorus sung again is sung once: its repeats take the first singing's samples, in this thread
// and across the render pool's threads, and the track is the same PCM as singing every line.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { loadBankFile } from '../../node/load-bank.js';
import { loadVoiceBank } from '../../node/load-voices.js';
import { createRenderPool, generateTrack } from '../../src/index.js';
import { composeRequest } from '../../src/lineage.js';
import { firstSungAlike, singVocalPhrase, vocalPhraseSchedule } from '../../src/rendering/vocal-renderer.js';
import type { TrackRequest, TrackResult } from '../../src/types.js';

const bank = loadBankFile('small');
const voiceBank = loadVoiceBank();
const pool = createRenderPool(bank, { threads: 2, voiceBank });
after(() => pool.close());

const REQUEST: TrackRequest = {
  prompt: 'uptempo pop, 128 bpm',
  durationSeconds: 40,
  seed: 5,
  lyrics:
    '[verse]\nDown by the water\n[chorus]\nHold on to the feeling\nnever let it go\n[verse]\nI met a stranger\n[chorus]',
  outputs: { formats: ['wav'], stems: true, midi: false, waveform: false },
};

const vocalStem = (result: TrackResult) => result.stems?.find((stem) => stem.partId === 'vocals')?.wav;

describe('a chorus sung again', () => {
  it('is found as the exact repeat of its first singing, and those lines sing the same samples', async () => {
    const { composition } = composeRequest(REQUEST);
    const part = composition.parts.find((candidate) => candidate.vocal)!;
    const schedule = vocalPhraseSchedule(composition, part);
    const firstAlike = firstSungAlike(composition, part, schedule, 44100);
    const repeats = [...firstAlike.entries()].filter(([position, first]) => first !== position);
    assert.equal(repeats.length, 2, `the chorus's two lines repeat: ${[...firstAlike]}`);
    for (const [position, first] of repeats) {
      assert.ok(first < position);
      const sing = (at: number) => singVocalPhrase(composition, part, schedule[at]!, 44100, voiceBank);
      assert.deepEqual(await sing(position), await sing(first));
    }
    // the verses' lines differ from everything before them
    assert.equal(new Set(firstAlike).size, schedule.length - 2);
  });

  it('renders the same PCM on two threads sharing the singing as in this thread', async () => {
    const here = await generateTrack(REQUEST, { bank, voiceBank });
    const pooled = await generateTrack(REQUEST, { bank, voiceBank, renderPool: pool });
    assert.ok(vocalStem(here), 'a vocals stem');
    assert.deepEqual(vocalStem(pooled), vocalStem(here));
    assert.deepEqual(pooled.files.wav, here.files.wav);
  });
});
