import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createRng } from '../../src/random.js';
import { createPartRenderer } from '../../src/rendering/part-renderer.js';
import { whenDecoderReady } from '../../src/rendering/renderer.js';
import { createVocalCarve } from '../../src/rendering/vocal-carve.js';
import type { Composition, Part } from '../../src/types.js';
import { beatNotes, makeComposition, makePart } from './fixture.js';
import { loadSmallBank } from './helpers.js';

const bank = loadSmallBank();
const SAMPLE_RATE = 44100;
const SECONDS = 8;

/** A vocal part singing beats 4–7 (2–4 s at 120 bpm); the renderer under test never sings it. */
function vocalPart(): Part {
  return makePart({
    id: 'vocals',
    role: 'lead',
    program: 53,
    notes: beatNotes(64, 4, 8),
    vocal: {
      singerId: 'test',
      delivery: 'sung',
      syllables: [],
      phraseStarts: [0],
      lines: [],
      doubled: [],
      wordless: true,
    },
  });
}

/** Renders composition.parts[0] alone, chunk by chunk, as the mix's part sources do. */
function renderPart(composition: Composition, chunkSamples = 8192): [Float32Array, Float32Array] {
  const totalSamples = SECONDS * SAMPLE_RATE;
  const renderer = createPartRenderer(composition, 0, bank, { sampleRate: SAMPLE_RATE, totalSamples });
  const left = new Float32Array(totalSamples);
  const right = new Float32Array(totalSamples);
  const chunkLeft = new Float32Array(chunkSamples);
  const chunkRight = new Float32Array(chunkSamples);
  for (let from = 0; from < totalSamples; from += chunkSamples) {
    const count = Math.min(chunkSamples, totalSamples - from);
    chunkLeft.fill(0);
    chunkRight.fill(0);
    renderer.renderChunk(chunkLeft, chunkRight, from, count);
    left.set(chunkLeft.subarray(0, count), from);
    right.set(chunkRight.subarray(0, count), from);
  }
  return [left, right];
}

/** Energy of a band (two-pole RBJ band-pass, the test's own) between two times. */
function bandEnergy(
  samples: Float32Array,
  centreHz: number,
  q: number,
  fromSeconds: number,
  toSeconds: number,
): number {
  const w = (2 * Math.PI * centreHz) / SAMPLE_RATE;
  const alpha = Math.sin(w) / (2 * q);
  const a0 = 1 + alpha;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  let sum = 0;
  const to = Math.round(toSeconds * SAMPLE_RATE);
  const from = Math.round(fromSeconds * SAMPLE_RATE);
  for (let n = 0; n < to; n++) {
    const x = samples[n]!;
    const y = ((alpha / a0) * (x - x2) + ((2 * Math.cos(w)) / a0) * y1 - ((1 - alpha) / a0) * y2) as number;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    if (n >= from) sum += y * y;
  }
  return sum;
}

const chords = (role: Part['role'] = 'chords', program = 0) =>
  makePart({ id: 'band', role, program, notes: beatNotes(72, 0, 16) });

describe('the band makes room for the words while the vocal sings', () => {
  // the bank's samples are Ogg Vorbis: the decoder must be ready before a part renders
  before(() => whenDecoderReady());

  it('dips a chords part and cuts it deeper in 1–4 kHz under a sung phrase, and restores it after', () => {
    const [alone] = renderPart(makeComposition([chords()], SECONDS));
    const [underVocal] = renderPart(makeComposition([chords(), vocalPart()], SECONDS));
    const ratio = (centreHz: number, q: number, from: number, to: number) =>
      bandEnergy(underVocal, centreHz, q, from, to) / bandEnergy(alone, centreHz, q, from, to);
    // while the vocal sings (its notes 2–4 s, the cut fully in), the piano's C5 harmonics in the
    // words' band: C7 (2093 Hz) at least 10 dB down, C6 (1046 Hz) and C8 (4186 Hz) at least 6 dB
    const under = (hz: number) => ratio(hz, 8, 2.1, 3.9);
    assert.ok(under(2093) < 0.1, `2 kHz under the vocal: ${under(2093)}`);
    assert.ok(under(1046) < 0.25, `1 kHz under the vocal: ${under(1046)}`);
    assert.ok(under(4186) < 0.25, `4 kHz under the vocal: ${under(4186)}`);
    // the body of the chords below the words only dips (about 6 dB): 2 kHz is cut 4 dB more
    assert.ok(under(523) > 0.15 && under(523) < 0.4, `523 Hz under the vocal: ${under(523)}`);
    assert.ok(under(2093) < 0.4 * under(523), 'the words band is cut deeper than the body');
    // before the phrase's lead-in and after its release: the same samples as without a vocal
    const untouched = (fromSeconds: number, toSeconds: number) =>
      underVocal
        .subarray(fromSeconds * SAMPLE_RATE, toSeconds * SAMPLE_RATE)
        .every((sample, n) => sample === alone[fromSeconds * SAMPLE_RATE + n]);
    assert.ok(untouched(0, 1.8), 'before the phrase');
    assert.ok(untouched(4.5, SECONDS), 'after the phrase');
  });

  it('cuts pads, guitars and the other leads, but not the drums or the bass', () => {
    const composition = (part: Part) => makeComposition([part, vocalPart()], SECONDS);
    for (const role of ['pad', 'arp', 'lead', 'counter'] as const)
      assert.ok(
        createVocalCarve(composition(chords(role)), composition(chords(role)).parts[0]!, SAMPLE_RATE),
      );
    const bass = chords('bass', 33);
    assert.equal(createVocalCarve(composition(bass), bass, SAMPLE_RATE), undefined);
    const drums = makePart({
      id: 'drums',
      role: 'drums',
      isDrums: true,
      channel: 9,
      notes: beatNotes(42, 0, 16),
    });
    assert.equal(createVocalCarve(composition(drums), drums, SAMPLE_RATE), undefined);
    // and nothing is cut in a track without a vocal
    assert.equal(createVocalCarve(makeComposition([chords()], SECONDS), chords(), SAMPLE_RATE), undefined);
  });

  it('is the band-pass cut gain × (x − depth × bandpass(x)), ramped in 100 ms before the phrase and out over 250 ms after', () => {
    const composition = makeComposition([chords(), vocalPart()], SECONDS);
    const carve = createVocalCarve(composition, composition.parts[0]!, SAMPLE_RATE)!;
    const totalSamples = SECONDS * SAMPLE_RATE;
    const random = createRng(7);
    const input = Float32Array.from({ length: totalSamples }, () => random.next() * 2 - 1);
    const left = input.slice();
    const right = input.slice();
    // odd chunks, so chunk edges fall inside both ramps and the full cut
    for (let from = 0; from < totalSamples; from += 3001)
      carve.process(left, right, from, from, Math.min(3001, totalSamples - from));
    // the reference, sample by sample: the vocal sings from beat 4 (2 s at 120 bpm) to its last
    // note's end, 40 ticks before beat 8 (3.958 s)
    const fullFrom = 2 * SAMPLE_RATE;
    const fullTo = Math.round(((8 * 480 - 40) / 960) * SAMPLE_RATE);
    const [from, to] = [fullFrom - 0.1 * SAMPLE_RATE, fullTo + 0.25 * SAMPLE_RATE];
    const w = (2 * Math.PI * 2000) / SAMPLE_RATE;
    const alpha = Math.sin(w) / (2 * 0.7);
    const [b0, a1, a2] = [alpha / (1 + alpha), (-2 * Math.cos(w)) / (1 + alpha), (1 - alpha) / (1 + alpha)];
    const expected = input.slice();
    let [x1, x2, y1, y2] = [0, 0, 0, 0];
    for (let n = from; n < to; n++) {
      const amount =
        n < fullFrom ? (n - from) / (fullFrom - from) : n < fullTo ? 1 : (to - n) / (to - fullTo);
      const x = input[n]!;
      const band = b0 * (x - x2) - a1 * y1 - a2 * y2;
      [x2, x1, y2, y1] = [x1, x, y1, band];
      expected[n] = (1 - 0.5 * amount) * (x - 0.6 * amount * band);
    }
    assert.deepEqual(Buffer.from(left.buffer), Buffer.from(expected.buffer));
    assert.deepEqual(Buffer.from(right.buffer), Buffer.from(expected.buffer));
  });

  it('gives the same samples however the part is split into chunks', () => {
    const composition = makeComposition([chords(), vocalPart()], SECONDS);
    const [left, right] = renderPart(composition, 8192);
    for (const chunkSamples of [1000, 4096, 777]) {
      const [otherLeft, otherRight] = renderPart(composition, chunkSamples);
      assert.deepEqual(Buffer.from(otherLeft.buffer), Buffer.from(left.buffer), `chunks of ${chunkSamples}`);
      assert.deepEqual(
        Buffer.from(otherRight.buffer),
        Buffer.from(right.buffer),
        `chunks of ${chunkSamples}`,
      );
    }
  });
});
