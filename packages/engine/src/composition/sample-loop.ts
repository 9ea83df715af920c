// The sampled loop of lo-fi hip hop: a producer lifts a short phrase (a bar, two or four of Rhodes
// or guitar), chops it and loops it, so the keys repeat bar-exact, micro-timing and velocities
// included, wherever the harmony under them repeats. Applied after swing and humanising, so every
// pass of the loop is the same take (a sample does not follow the section's dynamics). A window
// whose chords are new (a cadence, a bridge) keeps its own notes: the loop never plays against
// the harmony; a repeat may voice the same chord as its first take did, as a sample would.
import type { NoteEvent } from '../types.js';
import type { ChordSlot } from './context.js';
import type { FormPlan } from './form.js';

/** Loop lengths tried, shortest first: the phrase a producer would chop. */
const LOOP_BAR_CHOICES = [1, 2, 4] as const;
/** Humanised notes may start this early and still belong to the window (a 32nd at PPQ 480). */
const EARLY_TICKS = 60;

/** What plays under one bar: each chord's offset into the bar and its symbol. */
function barSignature(chords: readonly ChordSlot[], barStart: number, ticksPerBar: number): string {
  const barEnd = barStart + ticksPerBar;
  return chords
    .filter((chord) => chord.startTick < barEnd && chord.startTick + chord.durationTicks > barStart)
    .map((chord) => `${Math.max(0, chord.startTick - barStart)}:${chord.symbol}`)
    .join('|');
}

/** One chopped phrase and the windows that replay it. */
export interface SampleLoop {
  /** Where the phrase is first played (the take every repeat copies). */
  startTick: number;
  loopBars: number;
  /** Start ticks of the windows that replay the phrase (the phrase itself excluded). */
  repeatTicks: number[];
}

/** Cuts the form into loopBars windows from each section's start and groups those over the same chords. */
function loopsOfLength(chords: readonly ChordSlot[], form: FormPlan, loopBars: number): SampleLoop[] {
  const tpb = form.ticksPerBar;
  const stop = form.finalChordTick ?? form.totalTicks;
  const byChords = new Map<string, SampleLoop>();
  for (const section of form.sections) {
    const end = Math.min(section.endTick, stop);
    for (let start = section.startTick; start + loopBars * tpb <= end; start += loopBars * tpb) {
      const signature = Array.from({ length: loopBars }, (_, bar) =>
        barSignature(chords, start + bar * tpb, tpb),
      ).join('/');
      const seen = byChords.get(signature);
      if (seen) seen.repeatTicks.push(start);
      else byChords.set(signature, { startTick: start, loopBars, repeatTicks: [] });
    }
  }
  return [...byChords.values()].filter((loop) => loop.repeatTicks.length > 0);
}

/**
 * The phrases to loop: the form is cut into windows of 1, 2 or 4 bars from each section's start
 * and a window over the same chords as an earlier one replays it, wherever it falls in the track;
 * the length kept is the one that replays the most bars (the shorter on a tie).
 */
export function planSampleLoops(chords: readonly ChordSlot[], form: FormPlan): SampleLoop[] {
  let best: SampleLoop[] = [];
  let bestBars = 0;
  for (const loopBars of LOOP_BAR_CHOICES) {
    const loops = loopsOfLength(chords, form, loopBars);
    const bars = loops.reduce((sum, loop) => sum + loop.repeatTicks.length * loopBars, 0);
    if (bars > bestBars) [best, bestBars] = [loops, bars];
  }
  return best;
}

/** Replays each phrase, note for note, over every later window that repeats its chords. */
export function loopSampledPhrase(
  notes: readonly NoteEvent[],
  chords: readonly ChordSlot[],
  form: FormPlan,
): NoteEvent[] {
  const tpb = form.ticksPerBar;
  const inWindow = (note: NoteEvent, start: number, lengthTicks: number): boolean =>
    note.startTick >= start - EARLY_TICKS && note.startTick < start + lengthTicks - EARLY_TICKS;
  let result = [...notes];
  for (const loop of planSampleLoops(chords, form)) {
    const lengthTicks = loop.loopBars * tpb;
    const phraseEnd = loop.startTick + lengthTicks;
    // the chop ends at the loop point: a note held past it is cut there, in the phrase and every copy
    const phrase = result
      .filter((note) => inWindow(note, loop.startTick, lengthTicks))
      .map((note) => ({
        ...note,
        durationTicks: Math.max(1, Math.min(note.durationTicks, phraseEnd - EARLY_TICKS - note.startTick)),
      }));
    const replaced = (note: NoteEvent): boolean =>
      inWindow(note, loop.startTick, lengthTicks) ||
      loop.repeatTicks.some((start) => inWindow(note, start, lengthTicks));
    const copies = loop.repeatTicks.flatMap((start) =>
      phrase.map((note) => ({ ...note, startTick: note.startTick + start - loop.startTick })),
    );
    result = [...result.filter((note) => !replaced(note)), ...phrase, ...copies];
  }
  return result.sort((a, b) => a.startTick - b.startTick || a.pitch - b.pitch);
}
