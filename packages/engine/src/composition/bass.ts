// The bass: roots on downbeats, approach notes into the next chord, and each genre's figure
// (walking quarters, off-beat octaves, root–fifth, 808 glides, rolling sixteenths, riffs).

import { isMinorMode, pitchInOctaveFrom } from '../music/theory.js';
import type { Rng } from '../random.js';
import type { ControlEvent, NoteEvent } from '../types.js';
import {
  type ArrangeContext,
  barsOf,
  type ChordSlot,
  chordAt,
  pushNote,
  STEP_TICKS,
  velocityFor,
} from './context.js';
import type { BassStyle } from './styles.js';

/** r root, 5 fifth, 3 third, 8 octave, a approach to the next chord, w walking tone. */
type Degree = 'r' | '5' | '3' | '8' | 'a' | 'w';
type Figure = [step: number, lengthSteps: number, degree: Degree][];

const DUPLE: Record<BassStyle, Figure> = {
  rootsApproach: [
    [0, 7, 'r'],
    [7, 3, 'r'],
    [10, 4, '5'],
    [14, 2, 'a'],
  ],
  offbeatOctaves: [
    [2, 2, 'r'],
    [6, 2, 'r'],
    [10, 2, 'r'],
    [14, 2, '8'],
  ],
  octaves8ths: [0, 2, 4, 6, 8, 10, 12, 14].map((s) => [s, 2, s % 4 === 0 ? 'r' : '8']),
  walking: [
    [0, 4, 'r'],
    [4, 4, 'w'],
    [8, 4, 'w'],
    [12, 4, 'a'],
  ],
  rootFifth: [
    [0, 4, 'r'],
    [8, 4, '5'],
    [14, 2, 'a'],
  ],
  // Root-heavy: a fifth on every other note makes analyzers hear the dominant key.
  bossa: [
    [0, 6, 'r'],
    [6, 2, 'r'],
    [8, 6, '5'],
    [14, 2, 'r'],
  ],
  tumbao: [
    [0, 6, 'r'],
    [6, 6, '5'],
    [12, 4, 'r'],
  ],
  sub808: [
    [0, 7, 'r'],
    [7, 3, 'r'],
    [10, 6, 'r'],
  ],
  // Half notes: the two-step's 10 + 6 split doubled in the bass made the mix pulse every 1.5
  // beats (a 174 bpm track was heard at 116).
  reese: [
    [0, 8, 'r'],
    [8, 8, 'r'],
  ],
  riff: [
    [0, 2, 'r'],
    [3, 1, 'r'],
    [6, 2, '5'],
    [8, 2, '8'],
    [11, 1, 'r'],
    [12, 2, '5'],
    [14, 2, '3'],
  ],
  root8ths: [0, 2, 4, 6, 8, 10, 12, 14].map((s) => [s, 2, s === 14 ? 'a' : 'r']),
  sustained: [[0, 16, 'r']],
  reggae: [
    [0, 4, 'r'],
    [6, 2, '3'],
    [8, 4, '5'],
    [12, 2, '8'],
    [14, 2, 'a'],
  ],
  slap: [
    [0, 2, 'r'],
    [3, 1, '8'],
    [6, 2, 'r'],
    [7, 1, '8'],
    [10, 2, 'r'],
    [12, 1, '8'],
    [14, 2, 'a'],
  ],
};

const ROLLING_SIXTEENTHS: Figure = Array.from({ length: 16 }, (_, s) => [
  s,
  1,
  s % 4 === 0 ? 'r' : s % 4 === 2 ? '8' : 'r',
]);

function figureFor(ctx: ArrangeContext, style: BassStyle, energy: number, sectionName: string): Figure {
  const steps = ctx.stepsPerBar;
  if (style === 'sustained' || sectionName === 'breakdown') return [[0, steps, 'r']];
  if (energy < 0.28) {
    return ctx.feel === 'duple'
      ? [
          [0, 8, 'r'],
          [8, 8, '5'],
        ]
      : [[0, steps, 'r']];
  }
  if (ctx.feel === 'triple') {
    return style === 'walking'
      ? [
          [0, 4, 'r'],
          [4, 4, 'w'],
          [8, 4, 'a'],
        ]
      : [
          [0, 8, 'r'],
          [8, 4, '5'],
        ];
  }
  if (ctx.feel === 'compound')
    return [
      [0, 6, 'r'],
      [6, 4, '5'],
      [10, 2, 'a'],
    ];
  if (style === 'reese' && energy > 0.6) return ROLLING_SIXTEENTHS;
  return DUPLE[style];
}

function bassPitch(pc: number, style: BassStyle): number {
  return pitchInOctaveFrom(pc, style === 'sub808' ? 26 : 33);
}

function degreePitch(
  degree: Degree,
  chord: ChordSlot,
  next: ChordSlot,
  style: BassStyle,
  tonicPc: number,
  rng: Rng,
): number {
  const root = bassPitch(chord.rootPc, style);
  switch (degree) {
    case 'r':
      return bassPitch(chord.bassPc ?? chord.rootPc, style);
    case '8':
      return bassPitch(chord.bassPc ?? chord.rootPc, style) + 12;
    case '5':
      // Over the tonic chord the octave replaces the fifth: a bass leaning on the tonic's fifth as
      // hard as on its root made a D minor piece sound like A minor.
      if (chord.rootPc === tonicPc) return root + 12;
      return root + (chord.quality === 'diminished' ? 6 : 7);
    case '3':
      return root + (chord.quality === 'minor' || chord.quality === 'diminished' ? 3 : 4);
    case 'w': {
      // Thirds, sixths and sevenths walk; the fifth is left out (its overtones already ring in the
      // root), since a walk full of fifths made B♭ jazz sound like F.
      const intervals = chord.pcs.slice(1).map((pc) => (((pc - chord.rootPc) % 12) + 12) % 12);
      const colour = intervals.filter((interval) => interval !== 7);
      return root + rng.pick(colour.length > 0 ? colour : intervals);
    }
    case 'a': {
      const target = bassPitch(next.rootPc, style);
      if (next.rootPc === chord.rootPc) return root + 7;
      return target + (rng.chance(0.5) ? -1 : target - 2 >= 28 ? 2 : -1);
    }
  }
}

/** An 808 "glide": the note scoops up into pitch with a pitch-bend ramp (range-agnostic). */
function scoop(startTick: number, controls: ControlEvent[]): void {
  controls.push({ tick: startTick, type: 'pitchBend', value: -3072 });
  controls.push({ tick: startTick + 40, type: 'pitchBend', value: -1536 });
  controls.push({ tick: startTick + 80, type: 'pitchBend', value: 0 });
}

// Dorian, lydian and mixolydian share every note with a major key whose tonic is not theirs
// (F lydian has C major's notes), so only the bass holding the tonic under the changes (F–G/F,
// G–F/G, Em–D/E) says which note is home. Phrygian's bII already leans back onto its tonic.
const PEDAL_MODES = new Set(['dorian', 'lydian', 'mixolydian']);

/** Writes the bass part and its pitch-bend controls. */
export function writeBass(ctx: ArrangeContext, rng: Rng): { notes: NoteEvent[]; controls: ControlEvent[] } {
  const notes: NoteEvent[] = [];
  const controls: ControlEvent[] = [];
  const style = ctx.style.bass;
  const stop = ctx.form.finalChordTick ?? ctx.form.totalTicks;
  // The user's chords are played as written, without the modal pedal.
  const pedal = PEDAL_MODES.has(ctx.brief.key.mode) && !ctx.fixedHarmony;
  // The pedal is the tonic triad: its third is minor in dorian (E dorian's G, not G♯).
  const tonicPedal = {
    rootPc: ctx.tonicPc,
    quality: isMinorMode(ctx.brief.key.mode) ? ('minor' as const) : ('major' as const),
  };
  let previousPitch = -1;
  for (const section of ctx.form.sections) {
    for (const { barTick } of barsOf(ctx, section)) {
      for (const [step, lengthSteps, degree] of figureFor(ctx, style, section.energy, section.name)) {
        const tick = barTick + step * STEP_TICKS;
        if (step >= ctx.stepsPerBar || tick >= stop || tick >= section.endTick) continue;
        const harmony = chordAt(ctx, tick);
        const chord = pedal && section.name !== 'bridge' ? { ...harmony, ...tonicPedal } : harmony;
        const next = chordAt(ctx, chord.startTick + chord.durationTicks);
        const pitch = degreePitch(degree, chord, next, style, ctx.tonicPc, rng);
        // A note never sustains across a chord change, so roots stay true to the harmony.
        const chordEnd = chord.startTick + chord.durationTicks;
        const end = Math.min(tick + lengthSteps * STEP_TICKS - 10, chordEnd, stop);
        const accent = step === 0 ? 108 : degree === 'a' ? 84 : 96;
        pushNote(notes, tick, end - tick, pitch, velocityFor(accent, section.energy));
        if (style === 'sub808' && previousPitch >= 0 && pitch !== previousPitch && rng.chance(0.5)) {
          scoop(tick, controls);
        }
        previousPitch = pitch;
      }
    }
  }
  if (ctx.form.finalChordTick !== null) {
    const energy = ctx.form.sections.at(-1)!.energy;
    const tick = ctx.form.finalChordTick;
    pushNote(
      notes,
      tick,
      ctx.form.musicEndTick - tick,
      bassPitch(
        ctx.fixedHarmony ? (ctx.chords.at(-1)!.bassPc ?? ctx.chords.at(-1)!.rootPc) : ctx.tonicPc,
        style,
      ),
      velocityFor(104, energy),
    );
  }
  return { notes, controls };
}
