// The rhythm of one sung or rapped line: a syllable per grid step, stressed syllables moved onto
// beats while the line has room to spare, and the last syllable held to the end of the phrase
// (held at most two beats or 1.5 s, and a sung line leaves half a second to breathe before the
// next when its last note keeps a beat). Sung lines use quarters
// when the line has room, eighths, sixteenths only when it must; rap keeps the sixteenth grid.
// A sung line holds what a singer holds: the time a stress waits for its beat goes to the stressed
// syllable before it, and the unstressed syllables between them follow a step apart into the beat
// ("the CI-ty was a-SLEEP", not "a-" held while "-sleep" waits). One-syllable function words
// ("the", "was", "to") count as unstressed, though the lexicon stresses every one-syllable word.

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

// One-syllable words sung (and spoken) lightly inside a line: articles, prepositions,
// conjunctions, auxiliaries and pronouns. Particles that end a phrase ("hold on", "turn it up")
// are left out: they take their stress.
const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'to',
  'of',
  'in',
  'at',
  'by',
  'for',
  'from',
  'with',
  'through',
  'and',
  'or',
  'but',
  'as',
  'than',
  'that',
  'if',
  'is',
  'was',
  'are',
  'were',
  'be',
  'been',
  'am',
  'can',
  'will',
  'it',
  'its',
  "it's",
  'i',
  "i'm",
  "i'll",
  'we',
  "we're",
  'you',
  "you're",
  'he',
  'she',
  'they',
  'me',
  'my',
  'your',
  'his',
  'her',
  'our',
  'their',
  'them',
  'us',
]);

/**
 * The stress a syllable is sung with: the lexicon's, except that a one-syllable function word is
 * unstressed (the dictionary gives nearly every one-syllable word a primary stress).
 */
export function sungStress(syllable: Syllable): 0 | 1 | 2 {
  if (
    syllable.wordStart &&
    syllable.wordEnd &&
    FUNCTION_WORDS.has(syllable.text.toLowerCase().replace(/[’‘]/g, "'"))
  )
    return 0;
  return syllable.stress;
}

/** The breath between lines: an eighth (a sixteenth in rap). */
export function breathTicks(delivery: Delivery): number {
  return delivery === 'rap' ? SIXTEENTH_TICKS : EIGHTH_TICKS;
}

// Between two sung lines the voice stops this long at least when the last note can spare it (it
// keeps a beat): with only an eighth (0.3 s at 100 bpm) the last vowel, its coda and release ran
// into the next line's breath and first consonant, and a recogniser heard them as words of their
// own ("gold" + "She sang" → "All the keys and", "Don't cheat and"). The span a line needs is
// unchanged (an eighth), so no lyrics that fit before are refused.
const SUNG_BREATH_SECONDS = 0.5;

/** The silence a sung line leaves before the next when it can, in whole eighths. */
function sungBreathTicks(grid: RhythmGrid): number {
  return Math.ceil(SUNG_BREATH_SECONDS / SECONDS_PER_TICK(grid.bpm) / EIGHTH_TICKS) * EIGHTH_TICKS;
}

/** The shortest hold of a line's last syllable. */
function minFinalTicks(delivery: Delivery, grid: RhythmGrid): number {
  return delivery === 'rap' ? EIGHTH_TICKS : grid.beatTicks;
}

// A sung line's last note is held at most the longer of two beats and this long; the rest of the
// line's span is a rest. A spoken vowel stretched over four seconds stops sounding like its word
// (a recogniser hears "light" held 4 s as "I-I-I-I…"), and singers breathe there anyway.
const FINAL_HOLD_MAX_SECONDS = 1.5;

/** The longest hold of a sung line's last note, in eighths. */
function finalHoldMaxTicks(grid: RhythmGrid): number {
  const seconds =
    Math.round(FINAL_HOLD_MAX_SECONDS / SECONDS_PER_TICK(grid.bpm) / EIGHTH_TICKS) * EIGHTH_TICKS;
  return Math.max(2 * grid.beatTicks, seconds);
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
    const syllable = syllables[i]!;
    // a line ending on an unstressed syllable ("fal-ling") sings it on a beat, so the stressed
    // syllable before it is the one held into that beat
    const stress =
      delivery === 'rap'
        ? syllable.stress
        : remaining === 0 && !syllable.wordStart
          ? Math.max(sungStress(syllable), 2)
          : sungStress(syllable);
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
      // primary stress to a strong beat when it is at most a beat away and the line can spare
      // it, else to any beat (waiting two beats held the syllable before for 1.6 s at 66 bpm)
      else if (toBeat <= slack) position += toBeat;
      else if (toEighth <= slack) position += toEighth;
    }
    timings.push({ offsetTicks: position, durationTicks: step });
    position += step;
  }
  if (delivery === 'sung') singPickups(syllables, timings, step);
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
      : Math.min(available - last.offsetTicks, finalHoldMaxTicks(grid));
  if (delivery === 'sung') {
    // the singer breathes before the next line: a held last note gives up time for it
    const breath = sungBreathTicks(grid);
    const rest = spanTicks - (last.offsetTicks + last.durationTicks);
    if (rest < breath)
      last.durationTicks = Math.max(
        Math.min(last.durationTicks, finalMin),
        last.durationTicks - (breath - rest),
      );
  }
  return timings;
}

/**
 * Moves each run of unstressed syllables up against the stressed syllable (or the line's last)
 * that follows it, a step apart, so the time a stress waited for its beat is held by the stressed
 * syllable before the run rather than by an unstressed one (a run at the line's start starts
 * later). Syllables only move later, never past the next one.
 */
function singPickups(syllables: readonly Syllable[], timings: SyllableTiming[], step: number): void {
  const count = timings.length;
  const anchor = (i: number) => i === count - 1 || sungStress(syllables[i]!) > 0;
  for (let a = count - 1; a > 0; a--) {
    if (!anchor(a)) continue;
    let next = timings[a]!.offsetTicks;
    for (let j = a - 1; j >= 0 && !anchor(j); j--) {
      next = Math.max(timings[j]!.offsetTicks, next - step);
      timings[j]!.offsetTicks = next;
    }
  }
}
