// Small MIDI files built in the test, so each test says exactly what the file holds.
import { type MidiData, type MidiEvent, writeMidi } from 'midi-file';

export interface FixtureNote {
  tick: number;
  ticks: number;
  pitch: number;
  velocity?: number;
  channel?: number;
}

/** A format-1 file: a conductor track (tempo, meter) and one track per note list. */
export function midiFile(
  tracks: FixtureNote[][],
  options: { ppq?: number; bpm?: number | null; meter?: [number, number] } = {},
): Uint8Array {
  const conductor: MidiEvent[] = [];
  if (options.bpm !== null)
    conductor.push({
      deltaTime: 0,
      meta: true,
      type: 'setTempo',
      microsecondsPerBeat: Math.round(60_000_000 / (options.bpm ?? 120)),
    });
  if (options.meter) {
    conductor.push({
      deltaTime: 0,
      meta: true,
      type: 'timeSignature',
      numerator: options.meter[0],
      denominator: options.meter[1],
      metronome: 24,
      thirtyseconds: 8,
    });
  }
  conductor.push({ deltaTime: 0, meta: true, type: 'endOfTrack' });
  const data: MidiData = {
    header: { format: 1, numTracks: tracks.length + 1, ticksPerBeat: options.ppq ?? 96 },
    tracks: [conductor, ...tracks.map(toTrack)],
  };
  return Uint8Array.from(writeMidi(data));
}

function toTrack(notes: FixtureNote[]): MidiEvent[] {
  const timed: { tick: number; on: boolean; note: FixtureNote }[] = [];
  for (const note of notes) {
    timed.push({ tick: note.tick, on: true, note }, { tick: note.tick + note.ticks, on: false, note });
  }
  timed.sort((a, b) => a.tick - b.tick || Number(a.on) - Number(b.on));
  const events: MidiEvent[] = [];
  let last = 0;
  for (const { tick, on, note } of timed) {
    const channel = note.channel ?? 0;
    events.push(
      on
        ? {
            deltaTime: tick - last,
            type: 'noteOn',
            channel,
            noteNumber: note.pitch,
            velocity: note.velocity ?? 90,
          }
        : { deltaTime: tick - last, type: 'noteOff', channel, noteNumber: note.pitch, velocity: 0 },
    );
    last = tick;
  }
  events.push({ deltaTime: 0, meta: true, type: 'endOfTrack' });
  return events;
}
