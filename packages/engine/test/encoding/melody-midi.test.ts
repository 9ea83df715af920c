import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeMelodyMidi } from '../../src/encoding/melody-midi.js';
import { readMelody } from '../../src/inputs/midi-reader.js';
import { midiFile } from '../inputs/midi-fixtures.js';

describe('encodeMelodyMidi', () => {
  it('writes a melody that reads back note for note with its tempo and meter', () => {
    const melody = readMelody(
      midiFile(
        [
          [
            { tick: 0, ticks: 240, pitch: 64, velocity: 90 },
            { tick: 240, ticks: 240, pitch: 67, velocity: 70 },
            { tick: 480, ticks: 960, pitch: 72 },
            { tick: 1920, ticks: 120, pitch: 60, velocity: 20 },
          ],
        ],
        { bpm: 96, meter: [3, 4] },
      ),
    );
    assert.deepEqual(readMelody(encodeMelodyMidi(melody)), melody);
  });

  it('leaves out the tempo and meter the file did not state', () => {
    const melody = readMelody(midiFile([[{ tick: 0, ticks: 480, pitch: 60 }]], { bpm: null }));
    assert.equal(melody.bpm, null);
    assert.deepEqual(readMelody(encodeMelodyMidi(melody)), melody);
  });
});
