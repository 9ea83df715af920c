// The rhythm of one sung or rapped line: a syllable per grid step, stressed syllables moved onto
// beats while the line has room to spare, and the last syllable held to the end of the phrase
// (a breath before the next line). Sung lines use eighths (quarters when the line is short,
// sixteenths only when it must); rap keeps the sixteenth grid throughout.

import { PPQ } from '../types.js';
import type { Syllable } from '../vocals/pronounce.js';

export type Delivery = 'sung' | 'rap';

/** One syllable's place in its line, relative to the line's start. */
export interface SyllableTiming {
  offsetTicks: number;
  durationTicks: number;
}

export interface RhythmGrid {
  bpm: number;
  /** Ticks per counted beat (a quarter in 4/4, a dotted quarter in 6/8). */
  beatTicks: number;
  ticksPerBar: number;
}

const SIXTEENTH_TICKS = PPQ / 4;
const EIGHTH_TICKS = PPQ / 2;
// Shortest syllable a singer articulates cleanly: a sung syllable under ~0.11 s loses its vowel,
// a rapped one stays clear down to ~0.08 s (fast verses run at 6–10 syllables a second).
const MIN_SUNG_SECONDS = 0.11;
const MIN_RAPPED_SECONDS = 0.075;
const SECONDS_PER_TICK = (bpm: number) => 60 / (bpm * PPQ);

/** The breath between lines: an eighth (a sixteenth in rap). */
export function breathTicks(delivery: Delivery): number {
  return delivery === 'rap' ? SIXTEENTH_TICKS : EIGHTH_TICKS;
}

/** The shortest hold of a line's last syllable. */
function minFinalTicks(delivery: Delivery, grid: RhythmGrid): number {
  return delivery === 'rap' ? EIGHTH_TICKS : grid.beatTicks;
}

/** The fastest grid the delivery allows at this tempo, in ticks. */
export function fastestGridTicks(delivery: Delivery, grid: RhythmGrid): number {
  const minSeconds = delivery === 'rap' ? MIN_RAPPED_SECONDS : MIN_SUNG_SECONDS;
  let ticks = SIXTEENTH_TICKS;
  while (ticks * SECONDS_PER_TICK(grid.bpm) < minSeconds) ticks *= 2;
  return ticks;
}

/** Ticks a line of `syllableCount` syllables needs at least, breath included. */
export function lineNeedTicks(syllableCount: number, delivery: Delivery, grid: RhythmGrid): number {
  return (
    (syllableCount - 1) * fastestGridTicks(delivery, grid) +
    minFinalTicks(delivery, grid) +
    breathTicks(delivery)
  );
}

/** Ticks a line would like: a comfortable grid, a held last note. */
export function lineIdealTicks(syllableCount: number, delivery: Delivery, grid: RhythmGrid): number {
  if (delivery === 'rap') return lineNeedTicks(syllableCount, delivery, grid);
  const step = Math.max(EIGHTH_TICKS, fastestGridTicks(delivery, grid));
  return (syllableCount - 1) * step + 2 * grid.beatTicks + breathTicks(delivery);
}

/**
 * Places a line's syllables inside `spanTicks` starting at `startTick` (an absolute tick, so beats
 * are known). Throws when the line cannot fit: callers check lineNeedTicks first.
 */
export function placeLine(
  syllables: readonly Syllable[],
  startTick: number,
  spanTicks: number,
  delivery: Delivery,
  grid: RhythmGrid,
): SyllableTiming[] {
  const count = syllables.length;
  const available = spanTicks - breathTicks(delivery);
  const finalMin = minFinalTicks(delivery, grid);
  const fastest = fastestGridTicks(delivery, grid);
  const choices = delivery === 'rap' ? [fastest] : [PPQ, EIGHTH_TICKS, SIXTEENTH_TICKS, fastest];
  // the slowest grid whose last note can be held at least twice a step (a phrase ends long),
  // else the slowest that fits at all
  const fits = (ticks: number, hold: number) => ticks >= fastest && (count - 1) * ticks + hold <= available;
  const step =
    (delivery === 'sung' ? choices.find((ticks) => fits(ticks, Math.max(finalMin, 2 * ticks))) : undefined) ??
    choices.find((ticks) => fits(ticks, finalMin)) ??
    fastest;
  if ((count - 1) * step + finalMin > available)
    throw new Error(`a line of ${count} syllables does not fit ${spanTicks} ticks`);
  // stresses may wait for their beats only while the last note keeps its long hold
  const finalReserve =
    delivery === 'sung' ? Math.max(finalMin, Math.min(2 * step, available - (count - 1) * step)) : finalMin;
  const strongTicks = grid.beatTicks * (grid.ticksPerBar % (2 * grid.beatTicks) === 0 ? 2 : 1);
  const timings: SyllableTiming[] = [];
  let position = 0;
  for (let i = 0; i < count; i++) {
    const remaining = count - 1 - i;
    const slack = available - finalReserve - remaining * step - position;
    const stress = syllables[i]!.stress;
    const absolute = startTick + position;
    if (stress > 0 && slack > 0) {
      const toStrong = (strongTicks - (absolute % strongTicks)) % strongTicks;
      const toBeat = (grid.beatTicks - (absolute % grid.beatTicks)) % grid.beatTicks;
      const toEighth = (EIGHTH_TICKS - (absolute % EIGHTH_TICKS)) % EIGHTH_TICKS;
      if (delivery === 'rap') {
        // the flow keeps moving: a stress waits at most an eighth for its beat
        if (toBeat <= Math.min(slack, EIGHTH_TICKS)) position += toBeat;
        else if (toEighth <= slack) position += toEighth;
      } else if (stress === 1 && toStrong <= slack && toStrong <= 2 * grid.beatTicks) position += toStrong;
      // primary stress to a strong beat when the line can spare it, else to any beat
      else if (toBeat <= slack) position += toBeat;
      else if (toEighth <= slack) position += toEighth;
    }
    timings.push({ offsetTicks: position, durationTicks: step });
    position += step;
  }
  // each syllable lasts until the next; the last is held to the breath
  // (a rapped syllable is clipped short before a wait: the gap is a rest, not a drawn-out word)
  for (let i = 0; i < count - 1; i++) {
    const gap = timings[i + 1]!.offsetTicks - timings[i]!.offsetTicks;
    timings[i]!.durationTicks = delivery === 'rap' ? Math.min(gap, EIGHTH_TICKS) : gap;
  }
  const last = timings[count - 1]!;
  last.durationTicks =
    delivery === 'rap'
      ? Math.max(finalMin, Math.min(available - last.offsetTicks, grid.beatTicks))
      : available - last.offsetTicks;
  return timings;
}
