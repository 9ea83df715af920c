// A melody the engine read from a MIDI file (readMelody), written back as a Standard MIDI File
// (format 0, the engine's PPQ): its notes, its tempo and its time signature when the file had
// them, so reading it again gives the same melody — a track made again follows the same notes.
import { type MidiData, writeMidi } from 'midi-file';
import { type InputMelody, PPQ } from '../types.js';
import { type TimedEvent, toTrack } from './midi.js';

/** Encodes a melody as a one-track MIDI file that readMelody reads back to the same melody. */
export function encodeMelodyMidi(melody: InputMelody): Uint8Array {
  const timed: TimedEvent[] = [];
  if (melody.bpm !== null)
    timed.push({
      tick: 0,
      order: 0,
      event: {
        deltaTime: 0,
        meta: true,
        type: 'setTempo',
        microsecondsPerBeat: Math.round(60_000_000 / melody.bpm),
      },
    });
  if (melody.meter)
    timed.push({
      tick: 0,
      order: 0,
      event: {
        deltaTime: 0,
        meta: true,
        type: 'timeSignature',
        numerator: melody.meter.beatsPerBar,
        denominator: melody.meter.beatUnit,
        metronome: 24,
        thirtyseconds: 8,
      },
    });
  for (const note of melody.notes) {
    const { pitch, velocity } = note;
    timed.push({
      tick: note.startTick,
      order: 2,
      event: { deltaTime: 0, type: 'noteOn', channel: 0, noteNumber: pitch, velocity },
    });
    // note-offs go out before a note-on at the same tick (the next note starts as this one ends)
    timed.push({
      tick: note.startTick + note.durationTicks,
      order: 1,
      event: { deltaTime: 0, type: 'noteOff', channel: 0, noteNumber: pitch, velocity: 0 },
    });
  }
  const data: MidiData = { header: { format: 0, numTracks: 1, ticksPerBeat: PPQ }, tracks: [toTrack(timed)] };
  return Uint8Array.from(writeMidi(data));
}
