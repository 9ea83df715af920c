// Every parser of user input stops at its cap before doing the work past it, and reads the largest
// input under its caps whole: the size of the work is bounded by the caps, never by the input.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  InputError,
  MAX_MELODY_NOTES,
  MAX_MIDI_EVENTS,
  MAX_MIDI_NOTES,
  MAX_MIDI_TRACKS,
  MAX_PROGRESSION_CHORDS,
  parseProgression,
  readMelody,
} from '../../src/index.js';

const HEADER = [0x4d, 0x54, 0x68, 0x64, 0, 0, 0, 6];
const END_OF_TRACK = [0x00, 0xff, 0x2f, 0x00];

/** A Standard MIDI File written byte by byte, at PPQ 96, holding the given track bodies. */
function smf(trackBodies: number[][], declaredTracks = trackBodies.length): Uint8Array {
  const chunks = trackBodies.flatMap((body) => {
    const n = body.length;
    return [0x4d, 0x54, 0x72, 0x6b, (n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255, ...body];
  });
  return Uint8Array.from([...HEADER, 0, 1, declaredTracks >> 8, declaredTracks & 255, 0, 96, ...chunks]);
}

/** n controller events (3 bytes each with running status after the first). */
function controllers(n: number): number[] {
  const events = [0x00, 0xb0, 1, 0];
  for (let i = 1; i < n; i++) events.push(0x00, 1, i & 127);
  return events;
}

// An event no reader accepts: reaching it means the reader went past the cap.
const UNKNOWN_EVENT = [0x00, 0xf4];

function refusal(read: () => unknown): InputError {
  try {
    read();
  } catch (error) {
    assert.ok(error instanceof InputError, `an InputError, not ${(error as Error).message}`);
    return error;
  }
  assert.fail('the input was accepted');
}

describe('melody file caps', () => {
  it('refuses a header declaring more tracks than the cap before reading a track', () => {
    const error = refusal(() => readMelody(smf([], MAX_MIDI_TRACKS + 1)));
    assert.equal(error.field, 'melody');
    assert.match(
      error.message,
      new RegExp(`declares ${MAX_MIDI_TRACKS + 1} tracks.*at most ${MAX_MIDI_TRACKS}`),
    );
  });

  it('stops at the event past the cap without reading the rest of the file', () => {
    const error = refusal(() => readMelody(smf([[...controllers(MAX_MIDI_EVENTS), ...UNKNOWN_EVENT]])));
    assert.equal(error.field, 'melody');
    assert.match(error.message, new RegExp(`more than ${MAX_MIDI_EVENTS} events`));
  });

  it('counts events across tracks', () => {
    const half = Math.ceil(MAX_MIDI_EVENTS / 2);
    const error = refusal(() => readMelody(smf([controllers(half), controllers(half), UNKNOWN_EVENT])));
    assert.match(error.message, new RegExp(`more than ${MAX_MIDI_EVENTS} events`));
  });

  it('stops at the note past the cap, counting notes that are never switched off', () => {
    const notes = [0x00, 0x90, 60, 90];
    for (let i = 1; i <= MAX_MIDI_NOTES; i++) notes.push(0x01, 60, 90);
    const error = refusal(() => readMelody(smf([[...notes, ...UNKNOWN_EVENT]])));
    assert.equal(error.field, 'melody');
    assert.match(error.message, new RegExp(`more than ${MAX_MIDI_NOTES} notes`));
  });

  it('reads a file of the most notes allowed whole: chords of five, the melody their top notes', () => {
    const chordSize = MAX_MIDI_NOTES / MAX_MELODY_NOTES;
    const body: number[] = [];
    for (let onset = 0; onset < MAX_MELODY_NOTES; onset++) {
      for (let n = 0; n < chordSize; n++) body.push(0x00, 0x90, 50 + n, 80);
      for (let n = 0; n < chordSize; n++) body.push(n === 0 ? 24 : 0, 0x80, 50 + n, 0);
    }
    const melody = readMelody(smf([[...body, ...END_OF_TRACK]]));
    assert.equal(melody.notes.length, MAX_MELODY_NOTES);
    assert.ok(melody.notes.every((note) => note.pitch === 50 + chordSize - 1));
    assert.equal(melody.notes.at(-1)!.startTick, (MAX_MELODY_NOTES - 1) * 120);
  });

  it('ends every note left sounding with its track, oldest first', () => {
    // MAX_MELODY_NOTES notes on one key, none switched off: each ends when the next one starts
    const body = [0x00, 0x90, 64, 70];
    for (let i = 1; i < MAX_MELODY_NOTES; i++) body.push(24, 64, 70);
    const melody = readMelody(smf([[...body, 24, 0xff, 0x2f, 0x00]]));
    assert.equal(melody.notes.length, MAX_MELODY_NOTES);
    assert.ok(melody.notes.every((note) => note.durationTicks === 120));
  });

  it('takes the voice with the most notes among many tracks and channels', () => {
    const tracks: number[][] = [];
    for (let track = 0; track < MAX_MIDI_TRACKS; track++) {
      const body: number[] = [];
      for (let channel = 0; channel < 16; channel++) {
        if (channel === 9) continue;
        const notes = track === 7 && channel === 3 ? 40 : 4;
        for (let i = 0; i < notes; i++)
          body.push(0x00, 0x90 | channel, 40 + channel, 80, 24, 0x80 | channel, 40 + channel, 0);
      }
      tracks.push([...body, ...END_OF_TRACK]);
    }
    const melody = readMelody(smf(tracks));
    assert.equal(melody.notes.length, 40);
    assert.ok(melody.notes.every((note) => note.pitch === 43));
  });
});

describe('chord progression caps', () => {
  it('refuses more chords than the cap before reading any chord symbol', () => {
    const text = ['Xq7', ...new Array(MAX_PROGRESSION_CHORDS).fill('C')].join(' ');
    const error = refusal(() => parseProgression(text));
    assert.equal(error.field, 'chords');
    assert.match(
      error.message,
      new RegExp(`at most ${MAX_PROGRESSION_CHORDS} chords per cycle; it has ${MAX_PROGRESSION_CHORDS + 1}`),
    );
  });

  it('stops repeating bars with "%" at the cap', () => {
    const text = `| C D E F | ${'% | '.repeat(200)}`;
    const error = refusal(() => parseProgression(text));
    assert.match(error.message, new RegExp(`at most ${MAX_PROGRESSION_CHORDS} chords per cycle`));
    assert.equal(
      parseProgression(`| C D E F | ${'% | '.repeat(MAX_PROGRESSION_CHORDS / 4 - 1)}`).length,
      MAX_PROGRESSION_CHORDS,
    );
  });

  it('reads bars after the last colon only', () => {
    assert.deepEqual(
      parseProgression('Am:2 F:0.5 C').map((entry) => [entry.text, entry.bars]),
      [
        ['Am', 2],
        ['F', 0.5],
        ['C', 1],
      ],
    );
    assert.match(refusal(() => parseProgression('C:1:2')).message, /unknown chord symbol "C:1"/);
    assert.match(refusal(() => parseProgression(`${':'.repeat(900)}1x`)).message, /unknown chord symbol/);
  });
});
