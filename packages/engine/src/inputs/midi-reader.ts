// Reads a Standard MIDI File (bytes in, no I/O) and takes the melody out of it: the busiest
// high voice, made monophonic, quantised to sixteenths at the engine's PPQ. Every malformed file
// is refused with what is wrong and where, never half-read. Reading is linear in the file's size
// and stops at the first event, note or track past its cap (a 240 KB file of 80,000 note events
// once took 19 s of a request thread: the voice builder copied its note array for every note).
import { parseMeter } from '../brief/index.js';
import { type InputMelody, type NoteEvent, PPQ } from '../types.js';

export type { InputMelody };

import { InputError } from './input-error.js';

/** Largest melody file accepted (bytes). */
export const MAX_MELODY_BYTES = 256 * 1024;
/** Most notes a melody may have once made monophonic. */
export const MAX_MELODY_NOTES = 4000;
/** Most tracks a melody file may declare (checked on its header, before any track is read). */
export const MAX_MIDI_TRACKS = 128;
/** Most events (notes on and off, controllers, meta and system events) a melody file may hold. */
export const MAX_MIDI_EVENTS = 60_000;
/** Most notes a melody file may hold across all its tracks and channels. */
export const MAX_MIDI_NOTES = 20_000;
const DRUM_CHANNEL = 9;
const STEP_TICKS = PPQ / 4;

export interface MidiNote {
  track: number;
  channel: number;
  startTick: number;
  durationTicks: number;
  pitch: number;
  velocity: number;
}

/** What a MIDI file holds, in its own ticks. */
export interface MidiFileContents {
  format: number;
  ppq: number;
  trackCount: number;
  trackNames: string[];
  notes: MidiNote[];
  tempos: { tick: number; bpm: number }[];
  timeSignatures: { tick: number; numerator: number; denominator: number }[];
}

function fail(message: string): never {
  throw new InputError('melody', message);
}

class Reader {
  constructor(
    private readonly bytes: Uint8Array,
    public offset: number,
    private readonly end: number,
    private readonly where: string,
  ) {}
  get done(): boolean {
    return this.offset >= this.end;
  }
  byte(): number {
    if (this.offset >= this.end) fail(`${this.where} ends in the middle of an event (byte ${this.offset})`);
    return this.bytes[this.offset++]!;
  }
  peek(): number {
    if (this.offset >= this.end) fail(`${this.where} ends in the middle of an event (byte ${this.offset})`);
    return this.bytes[this.offset]!;
  }
  varLength(): number {
    let value = 0;
    for (let i = 0; i < 4; i++) {
      const b = this.byte();
      value = (value << 7) | (b & 0x7f);
      if ((b & 0x80) === 0) return value;
    }
    return fail(`${this.where} has a variable-length number longer than 4 bytes (byte ${this.offset})`);
  }
  skip(length: number): Uint8Array {
    if (this.offset + length > this.end)
      fail(`${this.where} ends in the middle of an event (byte ${this.offset} + ${length})`);
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }
}

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
const u32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
const u16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;

/** Parses a Standard MIDI File; throws InputError (field "melody") saying what is wrong. */
export function readMidiFile(bytes: Uint8Array): MidiFileContents {
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) fail('the file is empty');
  if (bytes.length > MAX_MELODY_BYTES)
    fail(`the file is ${bytes.length} bytes; a melody file may be at most ${MAX_MELODY_BYTES} bytes`);
  if (bytes.length < 14 || ascii(bytes, 0) !== 'MThd')
    fail('not a Standard MIDI File: it does not start with an "MThd" header');
  const headerLength = u32(bytes, 4);
  if (headerLength < 6 || 8 + headerLength > bytes.length) fail('the MIDI header is truncated');
  const format = u16(bytes, 8);
  const declaredTracks = u16(bytes, 10);
  const division = u16(bytes, 12);
  if (format > 2) fail(`unknown MIDI format ${format} (expected 0, 1 or 2)`);
  if (division & 0x8000)
    fail('SMPTE time division is not supported; save the file with ticks per quarter note');
  if (division === 0) fail('the header says 0 ticks per quarter note');
  if (declaredTracks > MAX_MIDI_TRACKS)
    fail(`the header declares ${declaredTracks} tracks; a melody file may have at most ${MAX_MIDI_TRACKS}`);
  const contents: MidiFileContents = {
    format,
    ppq: division,
    trackCount: 0,
    trackNames: [],
    notes: [],
    tempos: [],
    timeSignatures: [],
  };
  const counts: ReadCounts = { events: 0, notes: 0 };
  let offset = 8 + headerLength;
  let track = 0;
  while (offset + 8 <= bytes.length && track < declaredTracks) {
    const id = ascii(bytes, offset);
    const length = u32(bytes, offset + 4);
    const start = offset + 8;
    if (start + length > bytes.length)
      fail(`track ${track + 1} says it has ${length} bytes but the file ends after ${bytes.length - start}`);
    if (id === 'MTrk') {
      readTrack(bytes, start, start + length, track, contents, counts);
      track++;
    }
    offset = start + length;
  }
  if (track < declaredTracks)
    fail(`the header declares ${declaredTracks} tracks but the file holds ${track}`);
  contents.trackCount = track;
  return contents;
}

/** Events read so far across the file's tracks, to stop at the cap rather than after the file. */
interface ReadCounts {
  events: number;
  notes: number;
}

/** The notes sounding on one (channel, pitch), oldest first; closed in the order they started. */
interface OpenNotes {
  started: { tick: number; velocity: number }[];
  /** Index of the oldest note still sounding (a queue without Array.shift, which may copy). */
  first: number;
}

function readTrack(
  bytes: Uint8Array,
  start: number,
  end: number,
  track: number,
  out: MidiFileContents,
  counts: ReadCounts,
): void {
  const reader = new Reader(bytes, start, end, `track ${track + 1}`);
  let tick = 0;
  let status = 0;
  const open = new Map<number, OpenNotes>();
  const close = (channel: number, pitch: number, at: number) => {
    const sounding = open.get(channel * 128 + pitch);
    const started = sounding?.started[sounding.first];
    if (!sounding || !started) return;
    sounding.first++;
    out.notes.push({
      track,
      channel,
      startTick: started.tick,
      durationTicks: Math.max(1, at - started.tick),
      pitch,
      velocity: started.velocity,
    });
  };
  let ended = false;
  while (!reader.done && !ended) {
    if (++counts.events > MAX_MIDI_EVENTS)
      fail(
        `the file has more than ${MAX_MIDI_EVENTS} events; a melody file may have at most ${MAX_MIDI_EVENTS}`,
      );
    tick += reader.varLength();
    let first = reader.peek();
    if (first & 0x80) {
      reader.byte();
      if (first < 0xf0) status = first;
    } else if (status === 0) {
      fail(`track ${track + 1} has a data byte with no status before it (byte ${reader.offset})`);
    } else {
      first = status;
    }
    if (first === 0xff) {
      const type = reader.byte();
      const data = reader.skip(reader.varLength());
      if (type === 0x2f) ended = true;
      else if (type === 0x03 && out.trackNames[track] === undefined)
        out.trackNames[track] = new TextDecoder('latin1').decode(data);
      else if (type === 0x51 && data.length === 3) {
        const microseconds = (data[0]! << 16) | (data[1]! << 8) | data[2]!;
        if (microseconds > 0) out.tempos.push({ tick, bpm: 60_000_000 / microseconds });
      } else if (type === 0x58 && data.length >= 2) {
        out.timeSignatures.push({ tick, numerator: data[0]!, denominator: 2 ** data[1]! });
      }
      continue;
    }
    if (first === 0xf0 || first === 0xf7) {
      reader.skip(reader.varLength());
      continue;
    }
    if (first >= 0xf0)
      fail(`track ${track + 1} has an unknown event 0x${first.toString(16)} (byte ${reader.offset - 1})`);
    const kind = first & 0xf0;
    const channel = first & 0x0f;
    const data1 = reader.byte();
    if (data1 & 0x80)
      fail(`track ${track + 1} has a status byte where a data byte belongs (byte ${reader.offset - 1})`);
    if (kind === 0xc0 || kind === 0xd0) continue;
    const data2 = reader.byte();
    if (data2 & 0x80)
      fail(`track ${track + 1} has a status byte where a data byte belongs (byte ${reader.offset - 1})`);
    if (kind === 0x90 && data2 > 0) {
      // Every note started counts, closed or not, so the cap holds before the note lists grow.
      if (++counts.notes > MAX_MIDI_NOTES)
        fail(
          `the file has more than ${MAX_MIDI_NOTES} notes; a melody file may have at most ${MAX_MIDI_NOTES}`,
        );
      const key = channel * 128 + data1;
      let sounding = open.get(key);
      if (!sounding) {
        sounding = { started: [], first: 0 };
        open.set(key, sounding);
      }
      sounding.started.push({ tick, velocity: data2 });
    } else if (kind === 0x80 || kind === 0x90) {
      close(channel, data1, tick);
    }
  }
  // Notes never switched off end with the track.
  for (const [key, sounding] of open)
    while (sounding.first < sounding.started.length) close(Math.floor(key / 128), key % 128, tick);
}

/** The (track, channel) voice that carries the tune: among the busier pitched voices, the highest. */
function melodyVoice(notes: readonly MidiNote[]): MidiNote[] {
  const voices = new Map<number, MidiNote[]>();
  for (const note of notes) {
    if (note.channel === DRUM_CHANNEL) continue;
    const key = note.track * 16 + note.channel;
    const voice = voices.get(key);
    if (voice) voice.push(note);
    else voices.set(key, [note]);
  }
  const all = [...voices.values()];
  if (all.length === 0) return [];
  let most = 0;
  for (const voice of all) most = Math.max(most, voice.length);
  const busy = all.filter((voice) => voice.length >= most / 4);
  const mean = (voice: MidiNote[]) => voice.reduce((sum, note) => sum + note.pitch, 0) / voice.length;
  return busy.reduce((best, voice) => (mean(voice) > mean(best) ? voice : best));
}

const SUPPORTED_BPM = { min: 40, max: 240 };

/**
 * The melody of a MIDI file: its busiest high voice (drums ignored), the top note of any chord,
 * onsets and ends quantised to sixteenths, at PPQ 480. Throws InputError when there is none.
 */
export function readMelody(bytes: Uint8Array): InputMelody {
  const file = readMidiFile(bytes);
  const voice = melodyVoice(file.notes);
  if (voice.length === 0)
    fail('the file has no pitched notes to use as a melody (drum-channel notes do not count)');
  const scale = PPQ / file.ppq;
  const quantise = (tick: number) => Math.round((tick * scale) / STEP_TICKS) * STEP_TICKS;
  const placed = voice
    .map((note) => {
      const startTick = quantise(note.startTick);
      const endTick = Math.max(startTick + STEP_TICKS, quantise(note.startTick + note.durationTicks));
      return { startTick, durationTicks: endTick - startTick, pitch: note.pitch, velocity: note.velocity };
    })
    .sort((a, b) => a.startTick - b.startTick || b.pitch - a.pitch);
  const notes: NoteEvent[] = [];
  for (const note of placed) {
    const previous = notes.at(-1);
    if (previous && previous.startTick === note.startTick) continue; // the top note of a chord
    if (previous && previous.startTick + previous.durationTicks > note.startTick)
      previous.durationTicks = note.startTick - previous.startTick;
    notes.push({ ...note });
  }
  if (notes.length > MAX_MELODY_NOTES)
    fail(`the melody has ${notes.length} notes; at most ${MAX_MELODY_NOTES} are accepted`);
  const opening = file.tempos.filter((tempo) => tempo.tick === 0).at(-1) ?? file.tempos[0];
  let bpm: number | null = null;
  if (opening) {
    bpm = opening.bpm;
    // A tempo outside what the engine plays is read at double or half (the same pulse).
    while (bpm < SUPPORTED_BPM.min) bpm *= 2;
    while (bpm > SUPPORTED_BPM.max) bpm /= 2;
    bpm = Math.round(bpm);
  }
  const signature = file.timeSignatures[0];
  const meter = signature ? parseMeter(`${signature.numerator}/${signature.denominator}`) : null;
  return { notes, bpm, meter };
}
