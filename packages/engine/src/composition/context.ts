// What every part writer receives: the brief, the genre's habits, the form and the chords.

import type { ChordQuality } from '../music/theory.js';
import type { Brief, NoteEvent, Section } from '../types.js';
import type { FormPlan } from './form.js';
import type { GenreStyle } from './styles.js';

/** One chord of the harmony, placed in time and voiced. */
export interface ChordSlot {
  startTick: number;
  durationTicks: number;
  symbol: string;
  root: string;
  rootPc: number;
  /** Chord pitch classes, root first. */
  pcs: number[];
  quality: ChordQuality;
  voicing: number[];
  sectionIndex: number;
  /** The bass note of a slash chord (C/E → E); the root otherwise. */
  bassPc?: number;
}

/** How the beats of a bar group: 4/4 and 2/4 duple, 3/4 triple, 6/8 and 12/8 compound. */
export type MeterFeel = 'duple' | 'triple' | 'compound';

export interface ArrangeContext {
  brief: Brief;
  style: GenreStyle;
  form: FormPlan;
  feel: MeterFeel;
  /** Ticks per counted beat: a quarter, or a dotted quarter in compound meters. */
  beatTicks: number;
  /** Sixteenths per bar (16 in 4/4, 12 in 3/4 and 6/8). */
  stepsPerBar: number;
  scalePcs: number[];
  tonicPc: number;
  chords: ChordSlot[];
  /** The chords are the user's (a progression or a melody's harmonisation): play them as given. */
  fixedHarmony?: boolean;
}

/** Sixteenth-note length in ticks (PPQ 480). */
export const STEP_TICKS = 120;

/** The meter's grouping of beats. */
export function meterFeelOf(beatsPerBar: number, beatUnit: number): MeterFeel {
  if (beatUnit === 8 && beatsPerBar % 3 === 0) return 'compound';
  if (beatsPerBar === 3) return 'triple';
  return 'duple';
}

/** The chord sounding at a tick. */
export function chordAt(ctx: ArrangeContext, tick: number): ChordSlot {
  let low = 0;
  let high = ctx.chords.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (ctx.chords[mid]!.startTick <= tick) low = mid;
    else high = mid - 1;
  }
  return ctx.chords[low]!;
}

/** The section containing a tick. */
export function sectionAt(ctx: ArrangeContext, tick: number): Section {
  const sections = ctx.form.sections;
  for (let i = sections.length - 1; i >= 0; i--) if (sections[i]!.startTick <= tick) return sections[i]!;
  return sections[0]!;
}

/** Scales a base velocity by section energy: calm sections play softer. */
export function velocityFor(baseVelocity: number, energy: number): number {
  return Math.max(1, Math.min(127, Math.round(baseVelocity * (0.6 + 0.5 * energy))));
}

/** Whether a bar-relative tick falls on a counted beat (the accent grid of the meter). */
export function isStrongTick(ctx: ArrangeContext, tickInBar: number): boolean {
  return tickInBar % ctx.beatTicks === 0;
}

/** Adds a note, ignoring empty ones. */
export function pushNote(
  notes: NoteEvent[],
  startTick: number,
  durationTicks: number,
  pitch: number,
  velocity: number,
): void {
  if (durationTicks <= 0) return;
  notes.push({ startTick, durationTicks, pitch, velocity });
}

/** Iterates the bars of a section: start tick of each bar and its index within the section. */
export function* barsOf(
  ctx: ArrangeContext,
  section: Section,
): Generator<{ barTick: number; barIndex: number }> {
  const tpb = ctx.form.ticksPerBar;
  for (let barIndex = 0; barIndex < section.bars; barIndex++) {
    const barTick = section.startTick + barIndex * tpb;
    if (barTick >= section.endTick) return;
    yield { barTick, barIndex };
  }
}

/** True from the tick the final chord rings (the last ringing bar is written separately). */
export function isInFinalChord(ctx: ArrangeContext, tick: number): boolean {
  return ctx.form.finalChordTick !== null && tick >= ctx.form.finalChordTick;
}
