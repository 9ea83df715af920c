// A hand-made composition for rendering tests, independent of the brief and composition stages.
import type { Composition, NoteEvent, Part } from '../../src/types.js';

const PPQ = 480;

/** Notes every beat from startBeat (inclusive) to endBeat (exclusive), each lasting a beat. */
export function beatNotes(pitch: number, startBeat: number, endBeat: number, velocity = 100): NoteEvent[] {
  const notes: NoteEvent[] = [];
  for (let beat = startBeat; beat < endBeat; beat++) {
    notes.push({ startTick: beat * PPQ, durationTicks: PPQ - 40, pitch, velocity });
  }
  return notes;
}

/** A melodic part with sensible mixer defaults. */
export function makePart(overrides: Partial<Part> & Pick<Part, 'id'>): Part {
  return {
    name: overrides.id,
    role: 'chords',
    program: 0,
    isDrums: false,
    channel: 0,
    volume: 100,
    pan: 0,
    reverbSend: 0,
    chorusSend: 0,
    notes: [],
    controls: [],
    ...overrides,
  };
}

/** A composition at 120 bpm (a beat is 0.5 s) holding the given parts. */
export function makeComposition(parts: Part[], durationSeconds = 6): Composition {
  const ticksPerBar = 4 * PPQ;
  const bars = Math.ceil(durationSeconds / 2);
  return {
    ppq: PPQ,
    bpm: 120,
    meter: { beatsPerBar: 4, beatUnit: 4 },
    key: { tonic: 'C', mode: 'major' },
    ticksPerBar,
    sections: [{ name: 'theme', startBar: 0, bars, startTick: 0, endTick: bars * ticksPerBar, energy: 0.5 }],
    parts,
    durationSeconds,
    loop: false,
    swing: 0.5,
    chords: [],
  };
}
