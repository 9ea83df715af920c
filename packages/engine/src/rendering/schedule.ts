// Turns a Part (ticks) into SynthEvents (samples). Seconds and samples first appear here.
import type { Composition, NoteEvent, Part } from '../types.js';
import { type SynthEvent, sortEvents } from './synth-event.js';

const CC_MODULATION = 1;
const CC_VOLUME = 7;
const CC_PAN = 10;
const CC_EXPRESSION = 11;
const CC_REVERB = 91;
const CC_CHORUS = 93;
const BEND_CENTER = 8192;

/** Converts ticks to samples for a constant-tempo composition. */
export function createTickToSample(composition: Composition, sampleRate: number): (tick: number) => number {
  const samplesPerTick = (60 * sampleRate) / (composition.bpm * composition.ppq);
  return (tick) => Math.round(tick * samplesPerTick);
}

/** Maps pan −1…+1 to CC10 0…127 with 64 at the centre. */
export function panToController(pan: number): number {
  return Math.max(0, Math.min(127, Math.round(64 + pan * 64)));
}

function clamp7(value: number): number {
  return Math.max(0, Math.min(127, Math.round(value)));
}

/** A note placed in samples: sounding from startSample, released at endSample. */
export interface PlacedNote {
  pitch: number;
  velocity: number;
  startSample: number;
  endSample: number;
}

/** The part's notes in samples, articulated, sorted by start; a repeated pitch cuts the earlier note. */
export function placeNotes(part: Part, composition: Composition, sampleRate: number): PlacedNote[] {
  const toSample = createTickToSample(composition, sampleRate);
  // Articulation and vibrato of a voice are already in the score (composition/voice.ts).
  const notes = part.notes;
  // A later note on the same pitch cuts the earlier one, so its note-off cannot silence the new note.
  const byPitch = new Map<number, NoteEvent[]>();
  for (const note of notes) {
    if (!Number.isInteger(note.pitch) || note.pitch < 0 || note.pitch > 127 || note.durationTicks <= 0)
      continue;
    const list = byPitch.get(note.pitch) ?? [];
    list.push(note);
    byPitch.set(note.pitch, list);
  }
  const placed: PlacedNote[] = [];
  for (const list of byPitch.values()) {
    list.sort((a, b) => a.startTick - b.startTick);
    list.forEach((note, index) => {
      const startSample = toSample(note.startTick);
      let endSample = toSample(note.startTick + note.durationTicks);
      const next = list[index + 1];
      if (next) endSample = Math.min(endSample, toSample(next.startTick));
      endSample = Math.max(endSample, startSample + 1);
      placed.push({
        pitch: note.pitch,
        velocity: Math.max(1, clamp7(note.velocity)),
        startSample,
        endSample,
      });
    });
  }
  return placed.sort((a, b) => a.startSample - b.startSample || a.pitch - b.pitch);
}

/** All events that play one part, sorted, starting with its program and mixer settings at sample 0. */
export function schedulePart(part: Part, composition: Composition, sampleRate: number): SynthEvent[] {
  const toSample = createTickToSample(composition, sampleRate);
  const channel = part.channel;
  const events: SynthEvent[] = [];
  const push = (sample: number, kind: SynthEvent['kind'], data1: number, data2 = 0) =>
    events.push({ sample, kind, channel, data1, data2 });

  push(0, 'drums', part.isDrums ? 1 : 0);
  push(0, 'program', clamp7(part.voice?.program ?? part.program));
  push(0, 'cc', CC_VOLUME, clamp7(part.volume));
  push(0, 'cc', CC_PAN, panToController(part.pan));
  push(0, 'cc', CC_REVERB, clamp7(part.reverbSend));
  push(0, 'cc', CC_CHORUS, clamp7(part.chorusSend));
  push(0, 'cc', CC_EXPRESSION, 127);

  const placed = placeNotes(part, composition, sampleRate);
  for (const note of placed) {
    push(note.startSample, 'noteOn', note.pitch, note.velocity);
    push(note.endSample, 'noteOff', note.pitch);
  }
  for (const control of part.controls) {
    const sample = toSample(control.tick);
    if (control.type === 'pitchBend') {
      push(sample, 'bend', Math.max(0, Math.min(16383, BEND_CENTER + Math.round(control.value))));
    } else {
      push(
        sample,
        'cc',
        control.type === 'modulation' ? CC_MODULATION : CC_EXPRESSION,
        clamp7(control.value),
      );
    }
  }
  return sortEvents(events);
}
