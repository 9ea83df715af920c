// The composition as a Standard MIDI File (format 1): a conductor track with tempo, meter and
// key, then one track per part with its name, program, mixer controllers, controls and notes.
import { type MidiData, type MidiEvent, writeMidi } from 'midi-file';
import type { Composition, Key, Part } from '../types.js';
import type { Syllable } from '../vocals/pronounce.js';

const DRUM_CHANNEL = 9;
const CC_MODULATION = 1;
const CC_VOLUME = 7;
const CC_PAN = 10;
const CC_EXPRESSION = 11;
const CC_REVERB = 91;
const CC_CHORUS = 93;

/** Events at one tick go out in this order: setup, then note-offs before note-ons (re-struck notes). */
export type TimedEvent = { tick: number; order: number; event: MidiEvent };

/** Encodes a composition as a format-1 MIDI file at its own PPQ. */
export function encodeMidi(composition: Composition): Uint8Array {
  const conductor: TimedEvent[] = [
    { tick: 0, order: 0, event: { deltaTime: 0, meta: true, type: 'trackName', text: 'Trackforge' } },
    {
      tick: 0,
      order: 0,
      event: {
        deltaTime: 0,
        meta: true,
        type: 'setTempo',
        microsecondsPerBeat: Math.round(60_000_000 / composition.bpm),
      },
    },
    {
      tick: 0,
      order: 0,
      event: {
        deltaTime: 0,
        meta: true,
        type: 'timeSignature',
        numerator: composition.meter.beatsPerBar,
        denominator: composition.meter.beatUnit,
        // MIDI clocks per metronome click: a dotted quarter in compound meters, else one beat
        metronome:
          composition.meter.beatUnit === 8 && composition.meter.beatsPerBar % 3 === 0
            ? 36
            : (24 * 4) / composition.meter.beatUnit,
        thirtyseconds: 8,
      },
    },
    {
      tick: 0,
      order: 0,
      event: { deltaTime: 0, meta: true, type: 'keySignature', ...keySignature(composition.key) },
    },
  ];
  const data: MidiData = {
    header: { format: 1, numTracks: composition.parts.length + 1, ticksPerBeat: composition.ppq },
    tracks: [toTrack(conductor), ...composition.parts.map((part) => toTrack(partEvents(part)))],
  };
  return Uint8Array.from(writeMidi(data));
}

function partEvents(part: Part): TimedEvent[] {
  const channel = part.isDrums ? DRUM_CHANNEL : part.channel;
  const clamp7 = (value: number) => Math.max(0, Math.min(127, Math.round(value)));
  const controller = (tick: number, controllerType: number, value: number): TimedEvent => ({
    tick,
    order: 1,
    event: { deltaTime: 0, type: 'controller', channel, controllerType, value: clamp7(value) },
  });
  const events: TimedEvent[] = [
    { tick: 0, order: 0, event: { deltaTime: 0, meta: true, type: 'trackName', text: part.name } },
    {
      tick: 0,
      order: 1,
      event: { deltaTime: 0, type: 'programChange', channel, programNumber: clamp7(part.program) },
    },
    controller(0, CC_VOLUME, part.volume),
    controller(0, CC_PAN, ((part.pan + 1) / 2) * 127),
    controller(0, CC_REVERB, part.reverbSend),
    controller(0, CC_CHORUS, part.chorusSend),
  ];
  for (const control of part.controls) {
    if (control.type === 'pitchBend') {
      const value = Math.max(-8192, Math.min(8191, Math.round(control.value)));
      events.push({
        tick: control.tick,
        order: 1,
        event: { deltaTime: 0, type: 'pitchBend', channel, value },
      });
    } else {
      events.push(
        controller(
          control.tick,
          control.type === 'modulation' ? CC_MODULATION : CC_EXPRESSION,
          control.value,
        ),
      );
    }
  }
  // a re-struck pitch ends the previous note first, or its later note-off would cut the new one
  const notes = [...part.notes].sort((a, b) => a.startTick - b.startTick);
  const endByPitch = new Map<number, { end: number; index: number }>();
  const ends: number[] = notes.map((note) => note.startTick + Math.max(1, note.durationTicks));
  notes.forEach((note, index) => {
    const sounding = endByPitch.get(note.pitch);
    if (sounding && sounding.end > note.startTick)
      ends[sounding.index] = Math.max(notes[sounding.index]!.startTick + 1, note.startTick);
    endByPitch.set(note.pitch, { end: ends[index]!, index });
  });
  // a sung part carries its words: a lyric meta event (FF 05) on each syllable's note, the
  // karaoke convention of a hyphen after a syllable that does not end its word
  if (part.vocal) {
    const syllables = part.vocal.syllables;
    part.notes.forEach((note, index) => {
      const syllable = syllables[index];
      if (!syllable) return;
      events.push({
        tick: note.startTick,
        order: 2.5,
        event: { deltaTime: 0, meta: true, type: 'lyrics', text: lyricText(syllable) },
      });
    });
  }
  notes.forEach((note, index) => {
    const noteNumber = clamp7(note.pitch);
    const velocity = Math.max(1, clamp7(note.velocity));
    events.push({
      tick: note.startTick,
      order: 3,
      event: { deltaTime: 0, type: 'noteOn', channel, noteNumber, velocity },
    });
    events.push({
      tick: ends[index]!,
      order: 2,
      event: { deltaTime: 0, type: 'noteOff', channel, noteNumber, velocity: 0 },
    });
  });
  return events;
}

/** A syllable's lyric event text: "hel-" inside a word, "lo" at its end. */
export function lyricText(syllable: Syllable): string {
  return syllable.wordEnd ? syllable.text : `${syllable.text}-`;
}

/** One MIDI track: the events in time (then order) with delta times, ended by endOfTrack. */
export function toTrack(events: TimedEvent[]): MidiEvent[] {
  const sorted = events
    .map((e, index) => ({ ...e, index }))
    .sort((a, b) => a.tick - b.tick || a.order - b.order || a.index - b.index);
  const track: MidiEvent[] = [];
  let lastTick = 0;
  for (const { tick, event } of sorted) {
    const at = Math.max(0, Math.round(tick));
    track.push({ ...event, deltaTime: Math.max(0, at - lastTick) });
    lastTick = Math.max(lastTick, at);
  }
  track.push({ deltaTime: 0, meta: true, type: 'endOfTrack' });
  return track;
}

const MODE_OFFSET_SEMITONES: Record<Key['mode'], number> = {
  major: 0,
  dorian: 2,
  phrygian: 4,
  lydian: 5,
  mixolydian: 7,
  minor: 9,
};
const LETTER_SEMITONES: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/**
 * The key signature meta event: sharps (+) or flats (−) of the mode's parent major scale, and
 * scale 1 for modes with a minor third. The tonic's spelling picks enharmonics (Gb: 6 flats, C#: 7 sharps).
 */
export function keySignature(key: Key): { key: number; scale: number } {
  const letter = LETTER_SEMITONES[key.tonic.charAt(0).toUpperCase()] ?? 0;
  let tonicSemitone = letter;
  for (const accidental of key.tonic.slice(1))
    tonicSemitone += accidental === '#' ? 1 : accidental === 'b' ? -1 : 0;
  const parent = (((tonicSemitone - MODE_OFFSET_SEMITONES[key.mode]) % 12) + 12) % 12;
  let fifths = (parent * 7) % 12; // steps round the circle of fifths from C
  const spelling = key.tonic.slice(1);
  const lowestFlat = spelling.includes('b') ? 5 : spelling.includes('#') ? 8 : 7;
  if (fifths >= lowestFlat) fifths -= 12;
  const minorThird = key.mode === 'minor' || key.mode === 'dorian' || key.mode === 'phrygian';
  return { key: fifths, scale: minorThird ? 1 : 0 };
}
