// The counter-melody: guide tones (thirds and sevenths) that move by the smallest step under the
// lead, denser as the section's energy rises.
import type { Rng } from '../random.js';
import type { NoteEvent } from '../types.js';
import { type ArrangeContext, type ChordSlot, pushNote, sectionAt, velocityFor } from './context.js';

/** A counter-melody of guide tones (thirds and sevenths) moving by the smallest step; it sits out
 * the intro unless nothing else would play there. */
export function writeCounter(ctx: ArrangeContext, rng: Rng, playIntro: boolean): NoteEvent[] {
  const notes: NoteEvent[] = [];
  const stop = ctx.form.finalChordTick ?? ctx.form.totalTicks;
  let previous = 64;
  const nearestTone = (chord: ChordSlot, around: number): number => {
    const tones = chord.pcs.slice(1);
    let best = around;
    let bestDistance = 99;
    for (const pc of tones.length > 0 ? tones : chord.pcs) {
      for (let pitch = 55; pitch <= 74; pitch++) {
        if (pitch % 12 !== pc) continue;
        const distance = Math.abs(pitch - around) + (pitch === around ? 0.5 : 0);
        if (distance < bestDistance) {
          bestDistance = distance;
          best = pitch;
        }
      }
    }
    return best;
  };
  for (const chord of ctx.chords) {
    if (chord.startTick >= stop) break;
    const section = sectionAt(ctx, chord.startTick);
    if (section.name === 'intro' && !playIntro) continue;
    const noteTicks =
      section.energy > 0.65 ? ctx.beatTicks : section.energy > 0.35 ? ctx.beatTicks * 2 : chord.durationTicks;
    const end = Math.min(chord.startTick + chord.durationTicks, stop);
    for (let tick = chord.startTick; tick < end; tick += noteTicks) {
      const target = tick === chord.startTick ? previous : previous + rng.pick([-2, -1, 1, 2]);
      const pitch = nearestTone(chord, target);
      pushNote(notes, tick, Math.min(noteTicks, end - tick) - 10, pitch, velocityFor(78, section.energy));
      previous = pitch;
    }
  }
  if (ctx.form.finalChordTick !== null) {
    const pitch = nearestTone(ctx.chords.at(-1)!, previous);
    pushNote(notes, ctx.form.finalChordTick, ctx.form.musicEndTick - ctx.form.finalChordTick, pitch, 70);
  }
  return notes;
}
