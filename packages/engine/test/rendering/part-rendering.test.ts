import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderComposition } from '../../src/rendering/index.js';
import type { VoiceSpec } from '../../src/types.js';
import { beatNotes, makeComposition, makePart } from './fixture.js';
import { differenceRms, loadSmallBank, rms } from './helpers.js';

const bank = loadSmallBank();
const SAMPLE_RATE = 44100;

const voice = (brightness: number): VoiceSpec => ({
  name: 'test voice',
  program: 81,
  lowPitch: 55,
  highPitch: 79,
  vibratoDepthCents: 30,
  vibratoRateHz: 5.5,
  articulation: 'normal',
  brightness,
});

describe('part rendering', () => {
  it('makes a brighter voice carry more high-frequency energy than a darker one', async () => {
    const render = async (brightness: number) => {
      const lead = makePart({
        id: 'lead',
        role: 'lead',
        program: 0,
        notes: beatNotes(67, 0, 8),
        voice: voice(brightness),
      });
      const { mix } = await renderComposition(makeComposition([lead], 5), bank);
      return differenceRms(mix.left) / rms(mix.left, SAMPLE_RATE, 0, 5);
    };
    const dark = await render(0);
    const bright = await render(1);
    assert.ok(bright > dark * 1.5, `bright ${bright} dark ${dark}`);
  });

  it('renders note by note as loudly as a continuous pull loop does', async () => {
    // A 0.02-cent pitch bend (inaudible) makes every note play live through the pull loop.
    const notes = beatNotes(60, 0, 8);
    const cached = makePart({ id: 'a', program: 4, notes });
    const streamed = makePart({
      id: 'a',
      program: 4,
      notes,
      controls: [{ tick: 0, type: 'pitchBend', value: 1 }],
    });
    const a = await renderComposition(makeComposition([cached], 5), bank);
    const b = await renderComposition(makeComposition([streamed], 5), bank);
    const ra = rms(a.mix.left, SAMPLE_RATE, 0, 4);
    const rb = rms(b.mix.left, SAMPLE_RATE, 0, 4);
    assert.ok(Math.abs(ra - rb) / rb < 0.1, `cached ${ra} streamed ${rb}`);
  });

  it('adds a synthesised sub under a trap bass part', async () => {
    const bass = makePart({ id: 'bass', role: 'bass', program: 38, notes: beatNotes(36, 0, 8) });
    const plain = await renderComposition(makeComposition([bass], 5), bank, { genre: 'house' });
    const trap = await renderComposition(makeComposition([bass], 5), bank, { genre: 'trap' });
    assert.ok(rms(trap.mix.left, SAMPLE_RATE, 0, 4) > 1.3 * rms(plain.mix.left, SAMPLE_RATE, 0, 4));
  });

  it('lays seeded vinyl noise under lo-fi that changes with the seed', async () => {
    const composition = makeComposition([makePart({ id: 'keys', notes: beatNotes(60, 0, 2) })], 5);
    const first = await renderComposition(composition, bank, { genre: 'lofi', seed: 1 });
    const other = await renderComposition(composition, bank, { genre: 'lofi', seed: 2 });
    const tail = rms(first.mix.left, SAMPLE_RATE, 4, 5);
    assert.ok(tail > 1e-4 && tail < 0.02, `vinyl tail rms ${tail}`);
    assert.notDeepEqual(first.mix.left.subarray(200000), other.mix.left.subarray(200000));
  });
});
