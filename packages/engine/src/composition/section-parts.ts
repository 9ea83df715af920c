// A section plan's instrumentation: in each planned section only the parts it names play (all of
// them when it names none), minus the ones its prompt rules out.
import { isExcludedBy } from '../brief/exclusions.js';
import type { PartSelector, PlannedSection } from '../inputs/section-plan.js';
import type { InstrumentChoice, NoteEvent, Section } from '../types.js';

function selects(selector: PartSelector, instrument: InstrumentChoice): boolean {
  if (selector.kind === 'role') return instrument.role === selector.role && !instrument.isDrums;
  return isExcludedBy(selector.word, instrument);
}

/** Whether a part plays in a planned section. */
export function playsIn(planned: PlannedSection, instrument: InstrumentChoice): boolean {
  if (planned.rests.some((word) => isExcludedBy(word, instrument))) return false;
  return planned.plays === null || planned.plays.some((selector) => selects(selector, instrument));
}

/** Drops the notes a part would start in sections where the plan rests it; a note held into
 * such a section stops at its first beat. */
export function restOutsidePlan(
  notes: NoteEvent[],
  instrument: InstrumentChoice,
  sections: readonly Section[],
  plan: readonly PlannedSection[],
): NoteEvent[] {
  const resting = sections.filter((_, i) => plan[i] && !playsIn(plan[i]!, instrument));
  if (resting.length === 0) return notes;
  const out: NoteEvent[] = [];
  for (const note of notes) {
    if (resting.some((s) => note.startTick >= s.startTick && note.startTick < s.endTick)) continue;
    const end = note.startTick + note.durationTicks;
    const cut = resting.find((s) => s.startTick > note.startTick && s.startTick < end);
    out.push(cut ? { ...note, durationTicks: cut.startTick - note.startTick } : note);
  }
  return out;
}
