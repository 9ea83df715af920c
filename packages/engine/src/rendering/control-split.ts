// Splits a part's notes into those no controller touches (safe to render once and copy) and those
// that sound while a pitch bend, modulation or expression is away from neutral (played live).
import type { Composition, ControlEvent, NoteEvent, Part } from '../types.js';

/** How long after its note-off a note may still ring and so still hear a controller change. */
const RELEASE_MARGIN_SECONDS = 1.5;

const NEUTRAL: Record<ControlEvent['type'], number> = { pitchBend: 0, modulation: 0, expression: 127 };

/** Tick spans during which at least one controller is away from its neutral value. */
function activeSpans(controls: ControlEvent[], endTick: number): [number, number][] {
  const spans: [number, number][] = [];
  for (const type of ['pitchBend', 'modulation', 'expression'] as const) {
    const events = controls.filter((control) => control.type === type).sort((a, b) => a.tick - b.tick);
    events.forEach((event, index) => {
      if (event.value === NEUTRAL[type]) return;
      const next = events[index + 1];
      spans.push([event.tick, next ? next.tick : endTick]);
    });
  }
  return spans;
}

/** The part as two parts: `clean` without controllers, `live` with the touched notes and every controller. */
export function splitByControls(part: Part, composition: Composition): { clean: Part; live: Part } {
  if (part.controls.length === 0) return { clean: part, live: { ...part, notes: [], controls: [] } };
  const marginTicks = Math.round((RELEASE_MARGIN_SECONDS * composition.bpm * composition.ppq) / 60);
  const lastTick =
    part.notes.reduce((max, note) => Math.max(max, note.startTick + note.durationTicks), 0) + marginTicks;
  const spans = activeSpans(part.controls, lastTick + 1);
  const touched = (note: NoteEvent) => {
    const from = note.startTick;
    const to = note.startTick + note.durationTicks + marginTicks;
    return spans.some(([start, end]) => start < to && end > from);
  };
  const cleanNotes: NoteEvent[] = [];
  const liveNotes: NoteEvent[] = [];
  for (const note of part.notes) (touched(note) ? liveNotes : cleanNotes).push(note);
  return {
    clean: { ...part, notes: cleanNotes, controls: [] },
    live: { ...part, notes: liveNotes },
  };
}
