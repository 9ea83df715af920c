// Last pass over every part: clip to the duration, keep values legal, sort, and close any
// silence longer than the form allows by letting the note before it ring on.
import type { ControlEvent, NoteEvent, Part } from '../types.js';

/** Clips notes to [0, endTick), rounds to integers and clamps pitch and velocity. */
export function cleanNotes(notes: NoteEvent[], endTick: number): NoteEvent[] {
  const result: NoteEvent[] = [];
  for (const note of notes) {
    const startTick = Math.max(0, Math.round(note.startTick));
    if (startTick >= endTick) continue;
    const durationTicks = Math.min(Math.round(note.durationTicks), endTick - startTick);
    if (durationTicks <= 0) continue;
    result.push({
      startTick,
      durationTicks,
      pitch: Math.max(0, Math.min(127, Math.round(note.pitch))),
      velocity: Math.max(1, Math.min(127, Math.round(note.velocity))),
    });
  }
  return result.sort((a, b) => a.startTick - b.startTick || a.pitch - b.pitch);
}

/** Sorts controls by tick and drops those past the end. */
export function cleanControls(controls: ControlEvent[], endTick: number): ControlEvent[] {
  return controls
    .filter((c) => c.tick >= 0 && c.tick < endTick)
    .map((c) => ({ ...c, tick: Math.round(c.tick) }))
    .sort((a, b) => a.tick - b.tick);
}

/** Extends the last-ringing melodic note before any gap in the whole score longer than maxGapTicks. */
export function closeGaps(parts: Part[], maxGapTicks: number, endTick: number): void {
  const melodic = parts.filter((p) => !p.isDrums && p.notes.length > 0);
  const pool = melodic.length > 0 ? melodic : parts;
  const all = pool.flatMap((p) => p.notes).sort((a, b) => a.startTick - b.startTick);
  // A late first entrance is pulled back to the start (a last resort; the writers avoid it).
  const first = all[0];
  if (first && first.startTick > maxGapTicks) {
    first.durationTicks += first.startTick;
    first.startTick = 0;
  }
  let coveredUntil = 0;
  let ringing: NoteEvent | null = null;
  for (const note of [...all, null]) {
    const nextStart = note ? note.startTick : endTick;
    if (nextStart - coveredUntil > maxGapTicks && ringing) {
      ringing.durationTicks = nextStart - ringing.startTick;
    }
    if (!note) break;
    const end = note.startTick + note.durationTicks;
    if (end >= coveredUntil) {
      coveredUntil = end;
      ringing = note;
    }
  }
}
