import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderComposition } from '../../src/rendering/index.js';
import { EngineError } from '../../src/types.js';
import { beatNotes, makeComposition, makePart } from './fixture.js';
import { loadSmallBank, rms } from './helpers.js';

const bank = loadSmallBank();
const SAMPLE_RATE = 44100;

describe('renderComposition', () => {
  it('renders exactly round(durationSeconds × sampleRate) samples', async () => {
    const composition = makeComposition([makePart({ id: 'piano', notes: beatNotes(60, 0, 4) })], 5.3301);
    const { mix } = await renderComposition(composition, bank);
    assert.equal(mix.left.length, Math.round(5.3301 * SAMPLE_RATE));
    assert.equal(mix.right.length, mix.left.length);
    assert.equal(mix.sampleRate, SAMPLE_RATE);
  });

  it('sounds where notes play and is near-silent where none ring', async () => {
    // Notes for the first 2 s only (120 bpm); no reverb send, so the last second must be quiet.
    const composition = makeComposition([makePart({ id: 'piano', notes: beatNotes(60, 0, 4) })], 6);
    const { mix } = await renderComposition(composition, bank);
    const playing = rms(mix.left, SAMPLE_RATE, 0.1, 1.9);
    const silent = rms(mix.left, SAMPLE_RATE, 5, 6);
    assert.ok(playing > 0.01, `playing rms ${playing}`);
    assert.ok(silent < playing / 1000, `silent rms ${silent} vs ${playing}`);
  });

  it('produces identical PCM for the same composition', async () => {
    const composition = makeComposition(
      [
        makePart({ id: 'keys', notes: beatNotes(64, 0, 8), reverbSend: 60, chorusSend: 40 }),
        makePart({ id: 'drums', isDrums: true, channel: 9, notes: beatNotes(36, 0, 8) }),
      ],
      5,
    );
    const first = await renderComposition(composition, bank, { genre: 'lofi', seed: 3 });
    const second = await renderComposition(composition, bank, { genre: 'lofi', seed: 3 });
    assert.deepEqual(first.mix.left, second.mix.left);
    assert.deepEqual(first.mix.right, second.mix.right);
  });

  it('puts a hard-left part in the left channel', async () => {
    const composition = makeComposition([makePart({ id: 'left', pan: -1, notes: beatNotes(60, 0, 8) })], 5);
    const { mix } = await renderComposition(composition, bank);
    const left = rms(mix.left, SAMPLE_RATE, 0, 4);
    const right = rms(mix.right, SAMPLE_RATE, 0, 4);
    assert.ok(left > 10 * right, `left ${left} right ${right}`);
  });

  it('returns stems that sum to the mix', async () => {
    const composition = makeComposition(
      [
        makePart({ id: 'keys', notes: beatNotes(64, 0, 8), reverbSend: 70 }),
        makePart({ id: 'bass', role: 'bass', program: 33, channel: 1, notes: beatNotes(40, 0, 8) }),
        makePart({ id: 'drums', isDrums: true, channel: 9, notes: beatNotes(38, 0, 8) }),
      ],
      5,
    );
    const { mix, stems } = await renderComposition(composition, bank, { stems: true, genre: 'lofi' });
    assert.ok(stems);
    assert.deepEqual(
      stems.map((stem) => stem.partId),
      ['keys', 'bass', 'drums', 'effects', 'vinyl'],
    );
    let maxError = 0;
    for (let i = 0; i < mix.left.length; i += 7) {
      const sum = stems.reduce((total, stem) => total + (stem.buffer.left[i] as number), 0);
      maxError = Math.max(maxError, Math.abs(sum - (mix.left[i] as number)));
    }
    assert.ok(maxError < 1e-5, `max error ${maxError}`);
    assert.ok(rms((stems[1] as (typeof stems)[number]).buffer.left, SAMPLE_RATE, 0, 4) > 0.005);
  });

  it('plays drums on channel 9 with a GS kit program', async () => {
    const composition = makeComposition(
      [makePart({ id: 'drums', isDrums: true, channel: 9, program: 25, notes: beatNotes(36, 0, 8) })],
      5,
    );
    const { mix } = await renderComposition(composition, bank);
    assert.ok(rms(mix.left, SAMPLE_RATE, 0, 4) > 0.005);
  });

  it('hands out blocks in order that cover every sample', async () => {
    const composition = makeComposition([makePart({ id: 'piano', notes: beatNotes(60, 0, 4) })], 5);
    let nextSample = 0;
    const progress: number[] = [];
    const { mix } = await renderComposition(composition, bank, {
      chunkSamples: 4096,
      onBlock: (block) => {
        assert.equal(block.startSample, nextSample);
        nextSample += block.left.length;
      },
      onProgress: (fraction) => progress.push(fraction),
    });
    assert.equal(nextSample, mix.left.length);
    assert.equal(progress.at(-1), 1);
    assert.ok(progress.every((value, index) => index === 0 || value >= (progress[index - 1] as number)));
  });

  it('stops with an EngineError when aborted', async () => {
    const composition = makeComposition([makePart({ id: 'piano', notes: beatNotes(60, 0, 16) })], 10);
    const controller = new AbortController();
    await assert.rejects(
      renderComposition(composition, bank, {
        signal: controller.signal,
        onProgress: (fraction) => {
          if (fraction > 0.2) controller.abort();
        },
      }),
      (error: unknown) => error instanceof EngineError && error.stage === 'rendering',
    );
  });
});
