// The sampled loop of lo-fi hip hop: a producer lifts a short phrase (a bar or two of Rhodes or
// guitar), chops it and loops it, so the keys repeat bar-exact, micro-timing and velocities
// included, for as long as the harmony under them repeats. Applied after swing and humanising, so
// every pass of the loop is the same take. A window whose chords differ from the phrase's (a
// cadence, a bridge) keeps its own notes: the loop never plays against the harmony.
import type { NoteEvent } from '../types.js';
import type { ChordSlot } from './context.js';
import type { FormPlan } from './form.js';

/** Loop lengths tried, shortest first: the phrase a producer would chop. */
const LOOP_BAR_CHOICES = [1, 2, 4] as const;
/** Humanised notes may start this early and still belong to the window (a 32nd at PPQ 480). */
const EARLY_TICKS = 60;

/** What plays under one bar: each chord's offset into the bar and its voicing. */
function barSignature(chords: readonly ChordSlot[], barStart: number, ticksPerBar: number): string {
  const barEnd = barStart + ticksPerBar;
  return chords
    .filter((chord) => chord.startTick < barEnd && chord.startTick + chord.durationTicks > barStart)
    .map((chord) => `${Math.max(0, chord.startTick - barStart)}:${chord.symbol}:${chord.voicing.join(',')}`)
    .join('|');
}

/** Where the loop repeats in one section: its phrase's length and the windows that replay it. */
export interface SectionLoop {
  startTick: number;
  loopBars: number;
  /** Start ticks of the windows that replay the phrase (the phrase itself excluded). */
  repeatTicks: number[];
}

/**
 * Per section, the shortest phrase (1, 2 or 4 bars) whose chords the next window repeats, and every
 * later whole window over the same chords; sections where no phrase repeats are left out.
 */
export function planSampleLoops(chords: readonly ChordSlot[], form: FormPlan): SectionLoop[] {
  const tpb = form.ticksPerBar;
  const stop = form.finalChordTick ?? form.totalTicks;
  const loops: SectionLoop[] = [];
  for (const section of form.sections) {
    const end = Math.min(section.endTick, stop);
    const signature = (bar: number): string => barSignature(chords, section.startTick + bar * tpb, tpb);
    const wholeBars = Math.floor((end - section.startTick) / tpb);
    for (const loopBars of LOOP_BAR_CHOICES) {
      if (2 * loopBars > wholeBars) break;
      const phrase = Array.from({ length: loopBars }, (_, bar) => signature(bar));
      const matches = (window: number): boolean =>
        phrase.every((sig, bar) => signature(window * loopBars + bar) === sig);
      if (!matches(1)) continue;
      const repeatTicks: number[] = [];
      for (let window = 1; (window + 1) * loopBars <= wholeBars; window++) {
        if (matches(window)) repeatTicks.push(section.startTick + window * loopBars * tpb);
      }
      loops.push({ startTick: section.startTick, loopBars, repeatTicks });
      break;
    }
  }
  return loops;
}

/** Replays each section's first phrase, note for note, over every window that repeats its chords. */
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
