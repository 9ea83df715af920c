// Accompaniment: the chords part comps, strums, stabs, skanks or arpeggiates in the genre's
// rhythm; pads sustain; arps run through the voicing. Downbeats are accented so 3/4 and 6/8
// are felt (strong–weak–weak; two dotted-quarter groups).

import { pitchInOctaveFrom } from '../music/theory.js';
import type { Rng } from '../random.js';
import type { NoteEvent, SectionName } from '../types.js';
import { type ArrangeContext, pushNote, STEP_TICKS, sectionAt, velocityFor } from './context.js';
import type { CompStyle } from './styles.js';

/** [step, lengthSteps, voice]: voice picks notes of the voicing: all, low, high, or an index. */
type Hit = [step: number, lengthSteps: number, voice: 'all' | 'low' | 'high' | 'up' | 'top2' | number];

const DUPLE_RHYTHMS: Record<CompStyle, Hit[][]> = {
  comp: [
    [
      [0, 5, 'all'],
      [6, 4, 'all'],
    ],
    [
      [0, 4, 'all'],
      [10, 4, 'all'],
    ],
    [
      [2, 4, 'all'],
      [8, 6, 'all'],
    ],
  ],
  stabs: [
    [
      [2, 1, 'all'],
      [6, 1, 'all'],
      [10, 1, 'all'],
      [14, 1, 'all'],
    ],
    [
      [0, 1, 'all'],
      [3, 1, 'all'],
      [6, 2, 'all'],
      [10, 1, 'all'],
      [13, 1, 'all'],
    ],
  ],
  strum: [
    [
      [0, 2, 'all'],
      [4, 2, 'all'],
      [6, 2, 'up'],
      [10, 2, 'up'],
      [12, 2, 'all'],
      [14, 2, 'up'],
    ],
  ],
  skank: [
    [
      [4, 1, 'high'],
      [12, 1, 'high'],
    ],
  ],
  bubble: [
    [
      [2, 1, 'low'],
      [3, 1, 'low'],
      [6, 1, 'low'],
      [7, 1, 'low'],
      [10, 1, 'low'],
      [11, 1, 'low'],
      [14, 1, 'low'],
      [15, 1, 'low'],
    ],
  ],
  power: [[0, 2, 4, 6, 8, 10, 12, 14].map((s) => [s, 2, 'all'] as Hit)],
  chug: [Array.from({ length: 16 }, (_, s) => [s, 1, s % 4 === 0 ? 'all' : 0] as Hit)],
  // Eighth-note montuno (the genre sits at 160–200 bpm): broken chord with the 2& and 4& pushes.
  montuno: [
    [
      [0, 2, 0],
      [2, 2, 'high'],
      [6, 2, 1],
      [8, 2, 0],
      [10, 2, 'high'],
      [14, 2, 2],
    ],
  ],
  block: [
    [
      [0, 6, 'all'],
      [6, 2, 'all'],
      [8, 6, 'all'],
      [14, 2, 'all'],
    ],
    [
      [0, 4, 'all'],
      [4, 4, 'all'],
      [8, 4, 'all'],
      [12, 4, 'all'],
    ],
  ],
  fingerpick: [
    [
      [0, 2, 0],
      [2, 2, 2],
      [4, 2, 1],
      [6, 2, 3],
      [8, 2, 0],
      [10, 2, 2],
      [12, 2, 1],
      [14, 2, 3],
    ],
  ],
  sustain: [[[0, 16, 'all']]],
  // Driving strings (spiccato eighths, the chord on each beat, its root between) for energetic
  // orchestral sections; calmer sections sustain instead (OSTINATO_FROM_ENERGY).
  ostinato: [[0, 2, 4, 6, 8, 10, 12, 14].map((s) => [s, 2, s % 4 === 0 ? 'all' : 0] as Hit)],
  arpeggio: [Array.from({ length: 16 }, (_, s) => [s, 1, s % 6] as Hit)],
  chop16: [[0, 2, 3, 4, 6, 8, 10, 11, 13, 14].map((s) => [s, 1, 'high'] as Hit)],
  // Afrobeat's rhythm guitar: the top two notes of the chord (a double stop high on the neck),
  // chopped short and lighter than a funk strum, on the sixteenths the interlocking line leaves open.
  doubleStops: [[0, 2, 3, 4, 6, 8, 10, 11, 13, 14].map((s) => [s, 1, 'top2'] as Hit)],
  // Afrobeat's second guitar: single muted notes in the sixteenths chop16 leaves open, so the two
  // guitars interlock into one continuous line (the tenor guitar against the rhythm guitar).
  interlock: [
    [
      [1, 1, 2],
      [5, 1, 1],
      [7, 1, 2],
      [9, 1, 0],
      [12, 1, 1],
      [15, 1, 2],
    ],
  ],
  bossa: [
    [
      [0, 2, 'all'],
      [3, 2, 'all'],
      [6, 3, 'all'],
      [10, 2, 'all'],
      [12, 3, 'all'],
    ],
  ],
};

const CHORUS_SECTIONS = new Set<SectionName>(['chorus', 'drop']);
/** Velocity scale of styles played lighter than the part's level: afrobeat's chopped guitars sit
 * under the horns and drums (played at full level they made the tagger hear rock). */
const STYLE_LEVEL: Partial<Record<CompStyle, number>> = { doubleStops: 0.72, interlock: 0.8 };
/** Section energy from which an 'ostinato' part drives in eighths rather than sustaining. */
const OSTINATO_FROM_ENERGY = 0.6;
/**
 * Section energies from which a 4/4 arpeggio runs in sixteenths, else in eighths, else in quarter
 * notes, so "minimal", "gentle" and "calm" are heard as fewer notes, not only softer ones (a solo
 * piano's eighths were counted as more onsets than a trailer's drums).
 */
export const ARPEGGIO_ENERGY = { sixteenths: 0.65, eighths: 0.5 } as const;
const EIGHTH_ARPEGGIO: Hit[] = Array.from({ length: 8 }, (_, i) => [i * 2, 2, i % 4] as Hit);
const QUARTER_ARPEGGIO: Hit[] = Array.from({ length: 4 }, (_, i) => [i * 4, 4, [0, 2, 1, 2][i]!] as Hit);

function meterRhythm(ctx: ArrangeContext, style: CompStyle, energy: number): Hit[] | null {
  const steps = ctx.stepsPerBar;
  if (style === 'sustain' || energy < 0.22) return [[0, steps, 'all']];
  if (style === 'ostinato' && energy < OSTINATO_FROM_ENERGY) return [[0, steps, 'all']];
  if (ctx.feel === 'triple') {
    if (style === 'arpeggio' || style === 'fingerpick' || style === 'montuno')
      return [0, 2, 4, 6, 8, 10].map((s, i) => [s, 2, i % 4] as Hit);
    return [
      [0, 4, 'all'],
      [4, 3, 'high'],
      [8, 3, 'high'],
    ];
  }
  if (ctx.feel === 'compound') {
    if (style === 'arpeggio' || style === 'fingerpick' || style === 'montuno')
      return [0, 2, 4, 6, 8, 10].map((s, i) => [s, 2, [0, 2, 1, 0, 2, 1][i]!] as Hit);
    return [
      [0, 5, 'all'],
      [6, 5, 'all'],
    ];
  }
  if (style === 'arpeggio' && energy < ARPEGGIO_ENERGY.eighths) return QUARTER_ARPEGGIO;
  if (style === 'arpeggio' && energy < ARPEGGIO_ENERGY.sixteenths) return EIGHTH_ARPEGGIO;
  if (energy < 0.35 && style !== 'skank' && style !== 'arpeggio' && style !== 'interlock')
    return [
      [0, 8, 'all'],
      [8, 8, 'all'],
    ];
  return null;
}

function accent(ctx: ArrangeContext, step: number): number {
  const beatSteps = ctx.beatTicks / STEP_TICKS;
  if (step === 0) return 1.12;
  if (step % beatSteps === 0) return 0.95;
  return 0.82;
}

function pitchesFor(voicing: number[], voice: Hit[2]): number[] {
  if (voice === 'all' || voice === 'up') return voicing;
  if (voice === 'low') return voicing.slice(0, Math.max(1, voicing.length - 1));
  if (voice === 'high') return voicing.slice(1);
  if (voice === 'top2') return voicing.slice(-2);
  const extended = [...voicing, ...voicing.map((p) => p + 12)];
  return [extended[voice % extended.length]!];
}

/** Chords, pads and arps: the role's rhythm over every chord slot. */
export function writeAccompaniment(
  ctx: ArrangeContext,
  style: CompStyle,
  rng: Rng,
  options: { transposeSemitones: number; baseVelocity: number; skipIntro: boolean },
): NoteEvent[] {
  const notes: NoteEvent[] = [];
  const tpb = ctx.form.ticksPerBar;
  const finalTick = ctx.form.finalChordTick;
  const stop = finalTick ?? ctx.form.totalTicks;
  let bar = 0;
  let rhythm: Hit[] = [];
  for (const chord of ctx.chords) {
    if (chord.startTick >= stop) break;
    const section = sectionAt(ctx, chord.startTick);
    if (options.skipIntro && section.name === 'intro') continue;
    const lift = CHORUS_SECTIONS.has(section.name) ? 12 : 0;
    const voicing = chord.voicing.map((p) => p + options.transposeSemitones);
    const chordEnd = Math.min(chord.startTick + chord.durationTicks, stop);
    for (let barTick = chord.startTick; barTick < chordEnd; barTick += tpb, bar++) {
      const fixed = meterRhythm(ctx, style, section.energy);
      const options2 = DUPLE_RHYTHMS[style];
      if (fixed) rhythm = fixed;
      else if (bar % 2 === 0 || rhythm.length === 0) rhythm = rng.pick(options2);
      for (const [step, lengthSteps, voice] of rhythm) {
        if (step >= ctx.stepsPerBar) continue;
        const tick = barTick + step * STEP_TICKS;
        if (tick >= chordEnd) continue;
        const sustain = style === 'sustain' || lengthSteps >= ctx.stepsPerBar;
        const end = sustain ? chordEnd : Math.min(tick + lengthSteps * STEP_TICKS - 20, chordEnd);
        // A copy: the chorus lift below adds to it, and the voicing is shared by every hit of the chord.
        const pitches = [...pitchesFor(voicing, voice)];
        // The chorus lift doubles the root on top, brightening without changing the harmony.
        if (lift && voice === 'all' && style !== 'power')
          pitches.push(pitchInOctaveFrom(chord.rootPc, Math.max(...voicing) + 1));
        const velocity = velocityFor(
          options.baseVelocity * accent(ctx, step) * (STYLE_LEVEL[style] ?? 1),
          section.energy,
        );
        const strum = style === 'strum' ? 12 : 0;
        const ordered = voice === 'up' ? [...pitches].reverse() : pitches;
        ordered.forEach((pitch, i) => {
          const start = tick + i * strum;
          pushNote(notes, start, end - start, pitch, voice === 'up' ? Math.max(1, velocity - 12) : velocity);
        });
      }
    }
  }
  if (finalTick !== null) {
    const last = ctx.chords.at(-1)!;
    const energy = ctx.form.sections.at(-1)!.energy;
    for (const pitch of last.voicing) {
      pushNote(
        notes,
        finalTick,
        ctx.form.musicEndTick - finalTick,
        pitch + options.transposeSemitones,
        velocityFor(options.baseVelocity, energy),
      );
    }
  }
  return notes;
}
