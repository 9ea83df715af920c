import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeTrack } from '../../src/composition/index.js';
import { planSampleLoops } from '../../src/composition/sample-loop.js';
import { synthVoiceFor } from '../../src/composition/synth-voices.js';
import type { Composition, GenreId, InstrumentChoice, NoteEvent, Part } from '../../src/types.js';
import { PPQ } from '../../src/types.js';
import { BASS, DRUMS, makeBrief, PIANO } from './make-brief.js';

const CLOSED_HAT = 42;
const EIGHTH = PPQ / 2;

function compose(genre: GenreId, seed: number, extra = {}): Composition {
  return composeTrack(
    makeBrief({ genre, durationSeconds: 60, arousal: 0.75, instruments: [DRUMS, BASS, PIANO], ...extra }),
    { seed },
  );
}

const drumsOf = (c: Composition): Part => c.parts.find((p) => p.role === 'drums')!;
const partOf = (c: Composition, id: string): Part => c.parts.find((p) => p.id === id)!;

/** Gaps (ticks) between consecutive closed-hat hits. */
function hatGaps(c: Composition): number[] {
  const ticks = drumsOf(c)
    .notes.filter((n) => n.pitch === CLOSED_HAT)
    .map((n) => n.startTick)
    .sort((a, b) => a - b);
  return ticks.slice(1).map((tick, i) => tick - (ticks[i] as number));
}

describe('trap hi-hats', () => {
  it('roll in 1/32 notes and in sixteenth triplets (1/24), not only sixteenths', () => {
    const gaps = [1, 2, 3].flatMap((seed) => hatGaps(compose('trap', seed)));
    assert.ok(gaps.filter((gap) => gap === 60).length >= 12, '1/32 rolls (60 ticks apart)');
    assert.ok(gaps.filter((gap) => gap === 80).length >= 8, 'sixteenth-triplet rolls (80 ticks apart)');
    assert.ok(gaps.filter((gap) => gap === 120).length > gaps.length / 3, 'the sixteenth grid stays the bed');
  });

  it('keeps the sixteenth hats out of a roll: no two hats closer than a 1/48', () => {
    for (const seed of [1, 2, 3, 4]) {
      assert.ok(Math.min(...hatGaps(compose('trap', seed))) >= 40, `seed ${seed}`);
    }
  });

  it('places its rolls by seed and the same seed always the same way', () => {
    const rollTicks = (c: Composition) =>
      drumsOf(c)
        .notes.filter((n) => n.pitch === CLOSED_HAT && n.startTick % 120 !== 0)
        .map((n) => n.startTick);
    assert.deepEqual(rollTicks(compose('trap', 5)), rollTicks(compose('trap', 5)));
    assert.notDeepEqual(rollTicks(compose('trap', 5)), rollTicks(compose('trap', 6)));
  });
});

describe('lo-fi boom bap', () => {
  it('swings its sixteenth hats MPC-style: the off sixteenth lands at 55–62 % of the eighth', () => {
    const c = compose('lofi', 3, { bpm: 88 });
    const offSixteenths = drumsOf(c)
      .notes.filter((n) => n.pitch === CLOSED_HAT)
      .map((n) => n.startTick % EIGHTH)
      .filter((position) => position > EIGHTH * 0.35);
    assert.ok(offSixteenths.length > 30, `${offSixteenths.length} off-sixteenth hats`);
    const sorted = [...offSixteenths].sort((a, b) => a - b);
    const median = (sorted[Math.floor(sorted.length / 2)] as number) / EIGHTH;
    assert.ok(median >= 0.55 && median <= 0.62, `median swing ${median.toFixed(3)}`);
    assert.ok(c.swing >= 0.55 && c.swing <= 0.62);
  });

  it('loops the keys bar-exact: every repeat of the phrase is the same notes, timing and velocity included', () => {
    const c = compose('lofi', 2);
    const chords = partOf(c, 'chords');
    const tpb = c.ticksPerBar;
    const window = (start: number, bars: number): string[] =>
      chords.notes
        .filter((n) => n.startTick >= start - 60 && n.startTick < start + bars * tpb - 60)
        .map((n: NoteEvent) => `${n.startTick - start}:${n.pitch}:${n.velocity}:${n.durationTicks}`)
        .sort();
    let repeats = 0;
    // the loop plan from the composed chords: each window replays its section's phrase exactly
    const slots = c.chords.map((chord) => ({
      startTick: chord.startTick,
      durationTicks: chord.durationTicks,
      symbol: chord.symbol,
      root: chord.root,
      rootPc: 0,
      pcs: [],
      quality: 'major' as const,
      voicing: chord.pitches,
      sectionIndex: 0,
    }));
    const form = {
      sections: c.sections,
      ticksPerBar: tpb,
      totalTicks: c.sections.at(-1)!.endTick,
      fullBars: c.sections.at(-1)!.endTick / tpb,
      finalChordTick: null,
      musicEndTick: c.sections.at(-1)!.endTick,
    };
    for (const loop of planSampleLoops(slots, form)) {
      const phrase = window(loop.startTick, loop.loopBars);
      assert.ok(phrase.length > 0);
      for (const start of loop.repeatTicks) {
        assert.deepEqual(window(start, loop.loopBars), phrase, `repeat at tick ${start}`);
        repeats++;
      }
    }
    assert.ok(repeats >= 4, `${repeats} bar-exact repeats of the sampled phrase`);
  });

  it('is played by the boom-bap kit, its keys by the SoundFont', () => {
    const lofiKit: InstrumentChoice = { name: 'drums', program: 8, role: 'drums', isDrums: true };
    assert.equal(synthVoiceFor('lofi', lofiKit)?.patch, 'boom-bap-kit');
    assert.equal(synthVoiceFor('house', { ...lofiKit, program: 24 })?.patch, 'drum-machine');
    assert.equal(
      synthVoiceFor('lofi', { name: 'keys', program: 4, role: 'chords', isDrums: false }),
      undefined,
    );
    // a brush kit named in the prompt keeps its sampled brushes
    assert.equal(synthVoiceFor('lofi', { ...lofiKit, program: 40 }), undefined);
  });
});

describe('afrobeat guitars', () => {
  it('interlock: the single-note guitar plays the sixteenths the double-stop guitar leaves open', () => {
    const muted: InstrumentChoice = { name: 'muted guitar', program: 28, role: 'arp', isDrums: false };
    const rhythm: InstrumentChoice = { name: 'rhythm guitar', program: 27, role: 'chords', isDrums: false };
    const c = compose('afrobeat', 4, { bpm: 112, instruments: [DRUMS, BASS, muted, rhythm] });
    const steps = (part: Part) =>
      new Set(part.notes.map((n) => Math.round((n.startTick % c.ticksPerBar) / 120) % 16));
    const chop = partOf(c, 'chords');
    const line = partOf(c, 'arp');
    const shared = [...steps(line)].filter((step) => steps(chop).has(step));
    assert.ok(steps(line).size >= 5 && steps(chop).size >= 8);
    assert.ok(shared.length <= 1, `steps both guitars play: ${shared.join(', ')}`);
    // the chop is a double stop, never the whole chord
    // (humanised: the notes of one chop start within a few ticks of its sixteenth)
    const chordSizes = new Map<number, number>();
    for (const n of chop.notes) {
      const sixteenth = Math.round(n.startTick / 120);
      chordSizes.set(sixteenth, (chordSizes.get(sixteenth) ?? 0) + 1);
    }
    const sizes = [...chordSizes.values()];
    assert.ok(sizes.filter((size) => size === 2).length > sizes.length * 0.8);
  });
});
