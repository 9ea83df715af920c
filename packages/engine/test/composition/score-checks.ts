// Measurements on a composed score shared by the composition tests.
import type { Composition, NoteEvent } from '../../src/types.js';

/** Seconds at a tick for the composition's constant tempo. */
export function tickToSeconds(composition: Composition, tick: number): number {
  return (tick * 60) / (composition.bpm * composition.ppq);
}

/** Every note of every part. */
export function allNotes(composition: Composition): NoteEvent[] {
  return composition.parts.flatMap((p) => p.notes);
}

/** The longest stretch (seconds) where no note of any part sounds, up to `untilSeconds`. */
export function longestSilenceSeconds(composition: Composition, untilSeconds: number): number {
  const notes = allNotes(composition).sort((a, b) => a.startTick - b.startTick);
  let coveredUntil = 0;
  let longest = 0;
  for (const note of notes) {
    longest = Math.max(longest, tickToSeconds(composition, note.startTick - coveredUntil));
    coveredUntil = Math.max(coveredUntil, note.startTick + note.durationTicks);
  }
  return Math.max(longest, untilSeconds - tickToSeconds(composition, coveredUntil));
}

/** Distinct onsets per second across the score: notes within a 32nd of each other count once,
 * as an onset detector would hear a humanised chord. */
export function onsetsPerSecond(composition: Composition): number {
  const windowTicks = composition.ppq / 8;
  const onsets = new Set(allNotes(composition).map((n) => Math.round(n.startTick / windowTicks)));
  return onsets.size / composition.durationSeconds;
}

/** Notes per second across the score. */
export function notesPerSecond(composition: Composition): number {
  return allNotes(composition).length / composition.durationSeconds;
}
