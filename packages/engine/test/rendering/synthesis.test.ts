import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extensionCutTick } from '../../src/composition/index.js';
import { synthVoiceFor } from '../../src/composition/synth-voices.js';
import { generateTrack } from '../../src/index.js';
import { composeRequest } from '../../src/lineage.js';
import { renderComposition } from '../../src/rendering/index.js';
import { render808Note, SUB_GLIDE_SECONDS, subHzFor } from '../../src/rendering/synth/patches.js';
import { createSidechain } from '../../src/rendering/synth/sidechain.js';
import type { NoteEvent, Part } from '../../src/types.js';
import { beatNotes, makeComposition, makePart } from './fixture.js';
import { differenceRms, loadSmallBank, rms } from './helpers.js';

const bank = loadSmallBank();
const SAMPLE_RATE = 44100;
const BEAT_SECONDS = 0.5; // the fixture's 120 bpm

const kickDrums = (beats: number): Part =>
  makePart({
    id: 'drums',
    role: 'drums',
    isDrums: true,
    channel: 9,
    program: 24,
    notes: beatNotes(36, 0, beats),
  });

const chordNotes = (pitches: number[], beats: number): NoteEvent[] =>
  pitches.map((pitch) => ({ startTick: 0, durationTicks: beats * 480, pitch, velocity: 100 }));

/** Times (s) of the upward zero crossings of a signal, interpolated between samples. */
function upwardCrossings(signal: Float32Array, fromSample: number, toSample: number): number[] {
  const times: number[] = [];
  for (let i = fromSample + 1; i < toSample; i++) {
    const a = signal[i - 1] as number;
    const b = signal[i] as number;
    if (a < 0 && b >= 0) times.push((i - 1 + a / (a - b)) / SAMPLE_RATE);
  }
  return times;
}

/** The frequency of each cycle, from consecutive upward zero crossings. */
function cycleHz(signal: Float32Array, fromSample: number, toSample: number): number[] {
  const crossings = upwardCrossings(signal, fromSample, toSample);
  return crossings.slice(1).map((time, i) => 1 / (time - (crossings[i] as number)));
}

describe('engine synthesiser', () => {
  it('renders synth parts identically on every run and whatever the chunk size', async () => {
    const composition = makeComposition(
      [
        {
          ...kickDrums(8),
          notes: [...beatNotes(36, 0, 8), ...beatNotes(42, 0, 8, 70), ...beatNotes(39, 1, 8, 90)],
        },
        {
          ...makePart({ id: 'pad', role: 'pad', program: 89, notes: chordNotes([57, 60, 64], 8) }),
          synth: { patch: 'supersaw-pad', duckDepth: 0.6 },
        },
        {
          ...makePart({ id: 'bass', role: 'bass', program: 38, notes: beatNotes(45, 0, 8) }),
          synth: { patch: 'acid-bass', duckDepth: 0.5 },
        },
      ],
      4,
    );
    composition.parts[0]!.synth = { patch: 'drum-machine', duckDepth: 0 };
    const a = await renderComposition(composition, bank);
    const b = await renderComposition(composition, bank);
    const c = await renderComposition(composition, bank, { chunkSamples: 1000 });
    assert.deepEqual(a.mix.left, b.mix.left);
    assert.deepEqual(a.mix.right, b.mix.right);
    assert.deepEqual(a.mix.left, c.mix.left);
    assert.ok(rms(a.mix.left, SAMPLE_RATE, 0, 4) > 0.01, 'the synth parts are audible');
  });

  it('glides the 808 from the planned previous pitch to the next one over the glide time', () => {
    const heldSamples = Math.round(0.5 * SAMPLE_RATE);
    const slide = render808Note(43, heldSamples, SAMPLE_RATE, 36).left;
    const fromHz = subHzFor(36); // C2, 65.4 Hz
    const toHz = subHzFor(43); // G2, 98.0 Hz
    const cycles = cycleHz(slide, 0, heldSamples);
    // the first cycle (~13 ms) is already a little way up the eased glide, but nearer where it came from
    assert.ok(
      (cycles[0] as number) < fromHz + 0.4 * (toHz - fromHz),
      `starts near ${fromHz} Hz: ${cycles[0]}`,
    );
    const settled = cycleHz(slide, Math.round((SUB_GLIDE_SECONDS + 0.05) * SAMPLE_RATE), heldSamples);
    for (const hz of settled) assert.ok(Math.abs(hz - toHz) < 1, `settles on ${toHz} Hz: ${hz}`);
    // every cycle of the glide lies between the two pitches and rises
    const gliding = cycleHz(slide, 0, Math.round(SUB_GLIDE_SECONDS * SAMPLE_RATE));
    gliding.forEach((hz, i) => {
      assert.ok(hz > fromHz - 8 && hz < toHz + 1, `cycle ${i} at ${hz} Hz`);
      if (i > 0) assert.ok(hz >= (gliding[i - 1] as number) - 0.5, `rising at cycle ${i}`);
    });
    // without a slide the note is struck: it starts above its pitch (the 808's thump) and falls onto it
    const struck = cycleHz(render808Note(43, heldSamples, SAMPLE_RATE).left, 0, heldSamples);
    assert.ok((struck[0] as number) > toHz * 1.1, `struck note starts high: ${struck[0]}`);
  });

  it('slides an 808 part only into the notes its score marks with a bend', async () => {
    const notes: NoteEvent[] = [
      { startTick: 0, durationTicks: 960, pitch: 36, velocity: 110 },
      { startTick: 960, durationTicks: 960, pitch: 43, velocity: 110 },
      { startTick: 1920, durationTicks: 960, pitch: 36, velocity: 110 },
    ];
    // the composition's scoop on the second note marks the slide (composition/bass.ts)
    const bass = {
      ...makePart({
        id: 'bass',
        role: 'bass',
        program: 38,
        notes,
        controls: [
          { tick: 960, type: 'pitchBend' as const, value: -3072 },
          { tick: 1040, type: 'pitchBend' as const, value: 0 },
        ],
      }),
      synth: { patch: '808' as const, duckDepth: 0 },
    };
    const { mix } = await renderComposition(makeComposition([bass], 3), bank);
    const second = cycleHz(mix.left, Math.round(1 * SAMPLE_RATE), Math.round(1.5 * SAMPLE_RATE));
    const third = cycleHz(mix.left, Math.round(2 * SAMPLE_RATE), Math.round(2.5 * SAMPLE_RATE));
    assert.ok((second[0] as number) < subHzFor(43) * 0.85, `the marked note glides up into G: ${second[0]}`);
    assert.ok(
      (third[0] as number) > subHzFor(36) * 1.1,
      `the unmarked note is struck from above: ${third[0]}`,
    );
  });

  it('ducks a pad under every kick and lets it back up between kicks', async () => {
    const pad = (duckDepth: number) => ({
      ...makePart({ id: 'pad', role: 'pad', program: 89, notes: chordNotes([57, 60, 64], 8) }),
      synth: { patch: 'supersaw-pad' as const, duckDepth },
    });
    const padStem = async (duckDepth: number) => {
      const { stems } = await renderComposition(makeComposition([kickDrums(8), pad(duckDepth)], 4), bank, {
        stems: true,
      });
      return stems?.find((s) => s.partId === 'pad')?.buffer.left as Float32Array;
    };
    // the same pad with and without ducking: their ratio is the ducking alone, not the pad's own swells
    const ducked = await padStem(0.6);
    const steady = await padStem(0);
    for (let beat = 1; beat < 7; beat++) {
      const at = beat * BEAT_SECONDS;
      const onKick =
        rms(ducked, SAMPLE_RATE, at + 0.005, at + 0.04) / rms(steady, SAMPLE_RATE, at + 0.005, at + 0.04);
      const between =
        rms(ducked, SAMPLE_RATE, at + 0.36, at + 0.45) / rms(steady, SAMPLE_RATE, at + 0.36, at + 0.45);
      assert.ok(onKick < 0.55, `beat ${beat}: ${onKick} of the level right after the kick`);
      assert.ok(between > 0.97, `beat ${beat}: back to ${between} before the next kick`);
    }
    const sidechain = createSidechain(makeComposition([kickDrums(8)], 4), 0.6, SAMPLE_RATE);
    assert.ok(sidechain && Math.abs(sidechain.gainAt(Math.round(0.005 * SAMPLE_RATE)) - 0.4) < 0.01);
    assert.equal(
      createSidechain(makeComposition([pad(0.6)], 4), 0.6, SAMPLE_RATE),
      undefined,
      'no kicks, no ducking',
    );
  });

  it('keeps stems summing to the mix with synth parts', async () => {
    const drums = {
      ...kickDrums(8),
      notes: [...beatNotes(36, 0, 8), ...beatNotes(49, 0, 1), ...beatNotes(46, 0, 8, 60)],
    };
    drums.synth = { patch: 'drum-machine', duckDepth: 0 };
    const composition = makeComposition(
      [
        drums,
        {
          ...makePart({
            id: 'pad',
            role: 'pad',
            program: 89,
            reverbSend: 60,
            notes: chordNotes([57, 60, 64], 8),
          }),
          synth: { patch: 'supersaw-pad', duckDepth: 0.5 },
        },
        makePart({ id: 'piano', program: 0, notes: beatNotes(72, 0, 8) }),
      ],
      4,
    );
    const { mix, stems } = await renderComposition(composition, bank, { stems: true });
    let worst = 0;
    for (let i = 0; i < mix.left.length; i++) {
      let sum = 0;
      for (const stem of stems ?? []) sum += stem.buffer.left[i] as number;
      worst = Math.max(worst, Math.abs(sum - (mix.left[i] as number)));
    }
    assert.ok(worst < 1e-5, `stems differ from the mix by ${worst}`);
    assert.deepEqual(
      stems?.map((stem) => [stem.partId, stem.synth]),
      [
        ['drums', 'drum-machine'],
        ['pad', 'supersaw-pad'],
        ['piano', undefined],
        ['effects', undefined],
      ],
    );
  });

  it('lists the synth parts of a techno track in its stems, and none with synthesis off', async () => {
    const request = {
      prompt: 'dark techno, 128 bpm, A minor',
      durationSeconds: 8,
      seed: 3,
      outputs: { formats: ['wav' as const], stems: true, midi: false, waveform: false },
    };
    const track = await generateTrack(request, { bank });
    const synthStems = Object.fromEntries(
      (track.stems ?? []).filter((s) => s.synth).map((s) => [s.partId, s.synth]),
    );
    assert.equal(synthStems.drums, 'drum-machine');
    assert.equal(synthStems.bass, 'acid-bass');
    assert.equal(synthStems.pad, 'supersaw-pad');
    const plain = await generateTrack(request, { bank, synthesis: false });
    assert.deepEqual(
      plain.stems?.filter((s) => s.synth),
      [],
    );
  });

  it('runs lo-fi parts through tape colour: the same whatever the chunk size, and duller', async () => {
    const keys = makePart({ id: 'keys', program: 4, notes: beatNotes(72, 0, 8) });
    const hats = { ...kickDrums(8), notes: beatNotes(42, 0, 8) };
    const composition = makeComposition([keys, hats], 4);
    const tape = await renderComposition(composition, bank, { genre: 'lofi' });
    const rechunked = await renderComposition(composition, bank, { genre: 'lofi', chunkSamples: 777 });
    const clean = await renderComposition(composition, bank, { genre: 'lofi', synthesis: false });
    assert.deepEqual(tape.mix.left, rechunked.mix.left);
    const brightness = (channel: Float32Array) => differenceRms(channel) / rms(channel, SAMPLE_RATE, 0, 4);
    assert.ok(
      brightness(tape.mix.left) < brightness(clean.mix.left) * 0.9,
      `tape ${brightness(tape.mix.left)} clean ${brightness(clean.mix.left)}`,
    );
  });

  it('lets an extension of a techno track start with the original mix, synth parts and ducking included', async () => {
    const original = { prompt: 'dark techno, 128 bpm, A minor', durationSeconds: 12, seed: 5 };
    const extension = { ...original, durationSeconds: 20, extend: { from: original } };
    const a = composeRequest(original).composition;
    const b = composeRequest(extension).composition;
    const cutSample = Math.floor(((extensionCutTick(a) * 60) / (a.bpm * a.ppq)) * SAMPLE_RATE);
    const mixA = (await renderComposition(a, bank, { genre: 'techno' })).mix;
    const mixB = (await renderComposition(b, bank, { genre: 'techno' })).mix;
    assert.ok(cutSample > 4 * SAMPLE_RATE, `the cut falls at ${cutSample / SAMPLE_RATE} s`);
    assert.ok(b.parts.some((part) => part.synth?.patch === 'supersaw-pad' && part.synth.duckDepth > 0));
    assert.deepEqual(mixB.left.subarray(0, cutSample), mixA.left.subarray(0, cutSample));
    assert.deepEqual(mixB.right.subarray(0, cutSample), mixA.right.subarray(0, cutSample));
  });

  it('leaves a named sampled instrument and non-synth genres to the SoundFont', () => {
    const piano = { name: 'piano', program: 0, role: 'lead' as const, isDrums: false };
    const synthBass = { name: 'synth bass', program: 38, role: 'bass' as const, isDrums: false };
    assert.equal(synthVoiceFor('house', piano), undefined);
    assert.equal(synthVoiceFor('rock', synthBass), undefined);
    assert.equal(synthVoiceFor('trap', synthBass)?.patch, '808');
    assert.equal(synthVoiceFor('trap', { ...synthBass, role: 'chords' }), undefined);
  });
});
