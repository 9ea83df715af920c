// A MIDI-like event placed at an exact sample, the only language between scheduling and a Renderer.

export type SynthEventKind = 'program' | 'drums' | 'cc' | 'bend' | 'noteOff' | 'noteOn';

export interface SynthEvent {
  sample: number;
  kind: SynthEventKind;
  channel: number;
  /** Program, controller number, note pitch, or (bend) the 14-bit wheel value 0–16383. */
  data1: number;
  /** Controller value or note velocity. */
  data2: number;
}

/** At the same sample, set-up comes first and note-offs before note-ons, so a repeated note retriggers. */
export const EVENT_ORDER: Record<SynthEventKind, number> = {
  drums: 0,
  program: 1,
  cc: 2,
  bend: 3,
  noteOff: 4,
  noteOn: 5,
};

/** Sorts events by sample, then by kind order, keeping insertion order otherwise. */
export function sortEvents(events: SynthEvent[]): SynthEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort(
      (a, b) =>
        a.event.sample - b.event.sample ||
        EVENT_ORDER[a.event.kind] - EVENT_ORDER[b.event.kind] ||
        a.index - b.index,
    )
    .map(({ event }) => event);
}
