import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMidi } from 'midi-file';
import { computeWaveformPeaks, encodeMidi } from '../../src/encoding/index.js';
import { keySignature } from '../../src/encoding/midi.js';
import type { Composition, Part } from '../../src/types.js';
import { musicLike } from '../mastering/signals.js';

function part(overrides: Partial<Part>): Part {
  return {
    id: 'lead',
    name: 'flute',
    role: 'lead',
    program: 73,
    isDrums: false,
    channel: 0,
    volume: 100,
    pan: 0,
    reverbSend: 40,
    chorusSend: 10,
    notes: [],
    controls: [],
    ...overrides,
  };
}

const composition: Composition = {
  ppq: 480,
  bpm: 92,
  meter: { beatsPerBar: 3, beatUnit: 4 },
  key: { tonic: 'Bb', mode: 'minor' },
  ticksPerBar: 1440,
  sections: [],
  parts: [
    part({
      notes: [
        { startTick: 0, durationTicks: 480, pitch: 70, velocity: 90 },
        { startTick: 480, durationTicks: 960, pitch: 73, velocity: 80 },
        // re-struck before the previous one ends
        { startTick: 960, durationTicks: 480, pitch: 73, velocity: 70 },
      ],
      controls: [
        { tick: 0, type: 'pitchBend', value: -8192 },
        { tick: 240, type: 'pitchBend', value: 4000 },
        { tick: 240, type: 'modulation', value: 64 },
        { tick: 480, type: 'expression', value: 100 },
      ],
      pan: -1,
    }),
    part({
      id: 'bass',
      name: 'fretless bass',
      role: 'bass',
      program: 35,
      channel: 1,
      pan: 1,
      notes: [{ startTick: 0, durationTicks: 1440, pitch: 34, velocity: 100 }],
    }),
    part({
      id: 'drums',
      name: 'brush kit',
      role: 'drums',
      program: 40,
      isDrums: true,
      channel: 2,
      notes: [
        { startTick: 0, durationTicks: 60, pitch: 36, velocity: 110 },
        { startTick: 480, durationTicks: 60, pitch: 38, velocity: 90 },
      ],
    }),
  ],
  durationSeconds: 2,
  loop: false,
  swing: 0.5,
  chords: [],
};

describe('encodeMidi', () => {
  const midi = parseMidi(encodeMidi(composition));

  it('writes a format-1 file with a conductor track and one track per part at the composition PPQ', () => {
    assert.equal(midi.header.format, 1);
    assert.equal(midi.header.numTracks, 4);
    assert.equal(midi.tracks.length, 4);
    assert.equal(midi.header.ticksPerBeat, 480);
  });

  it('carries tempo, time signature and key signature in the conductor track', () => {
    const events = midi.tracks[0]!;
    const tempo = events.find((e) => e.type === 'setTempo');
    assert.ok(tempo && tempo.type === 'setTempo');
    assert.equal(tempo.microsecondsPerBeat, Math.round(60_000_000 / 92));
    const meter = events.find((e) => e.type === 'timeSignature');
    assert.ok(meter && meter.type === 'timeSignature');
    assert.deepEqual([meter.numerator, meter.denominator], [3, 4]);
    const key = events.find((e) => e.type === 'keySignature');
    assert.ok(key && key.type === 'keySignature');
    assert.deepEqual([key.key, key.scale], [-5, 1], 'B♭ minor has five flats');
  });

  it('names each part, sets its program and mixer controllers, and puts drums on channel 10', () => {
    const names = midi.tracks.slice(1).map((t) => t.find((e) => e.type === 'trackName'));
    assert.deepEqual(
      names.map((e) => (e && e.type === 'trackName' ? e.text : null)),
      ['flute', 'fretless bass', 'brush kit'],
    );
    const programs = midi.tracks.slice(1).map((t) => t.find((e) => e.type === 'programChange'));
    assert.deepEqual(
      programs.map((e) => (e && e.type === 'programChange' ? [e.channel, e.programNumber] : null)),
      [
        [0, 73],
        [1, 35],
        [9, 40],
      ],
    );
    const controllers = (track: number) =>
      midi.tracks[track]!.flatMap((e) => (e.type === 'controller' ? [[e.controllerType, e.value]] : []));
    assert.deepEqual(controllers(1).slice(0, 4), [
      [7, 100],
      [10, 0],
      [91, 40],
      [93, 10],
    ]);
    assert.deepEqual(controllers(2)[1], [10, 127]);
    assert.deepEqual(controllers(1).slice(4), [
      [1, 64],
      [11, 100],
    ]);
    const bends = midi.tracks[1]!.flatMap((e) => (e.type === 'pitchBend' ? [e.value] : []));
    assert.deepEqual(bends, [-8192, 4000]);
  });

  it('writes every note with its pitch, and ends a re-struck note before the new one starts', () => {
    const noteOns = midi.tracks
      .slice(1)
      .map((t) => t.filter((e) => e.type === 'noteOn' && e.velocity > 0).length);
    assert.deepEqual(noteOns, [3, 1, 2]);
    let tick = 0;
    const timeline: string[] = [];
    for (const e of midi.tracks[1]!) {
      tick += e.deltaTime;
      if (e.type === 'noteOn' || e.type === 'noteOff') timeline.push(`${tick}:${e.type}:${e.noteNumber}`);
    }
    assert.deepEqual(timeline, [
      '0:noteOn:70',
      '480:noteOff:70',
      '480:noteOn:73',
      '960:noteOff:73',
      '960:noteOn:73',
      '1440:noteOff:73',
    ]);
  });

  it('spells key signatures from the tonic and mode', () => {
    assert.deepEqual(keySignature({ tonic: 'C', mode: 'major' }), { key: 0, scale: 0 });
    assert.deepEqual(keySignature({ tonic: 'F#', mode: 'minor' }), { key: 3, scale: 1 });
    assert.deepEqual(keySignature({ tonic: 'Gb', mode: 'major' }), { key: -6, scale: 0 });
    assert.deepEqual(keySignature({ tonic: 'C#', mode: 'major' }), { key: 7, scale: 0 });
    assert.deepEqual(keySignature({ tonic: 'D', mode: 'dorian' }), { key: 0, scale: 1 });
    assert.deepEqual(keySignature({ tonic: 'G', mode: 'mixolydian' }), { key: 0, scale: 0 });
  });
});

describe('computeWaveformPeaks', () => {
  it('returns the requested number of min/max pairs that bound the audio in each bucket', () => {
    const input = musicLike(3, 0.5, 13);
    const { peaks, samplesPerPeak } = computeWaveformPeaks(input, { peakCount: 500 });
    assert.equal(peaks.length, 1000);
    assert.equal(samplesPerPeak, input.left.length / 500);
    for (let bucket = 0; bucket < 500; bucket++) {
      const min = peaks[bucket * 2]!;
      const max = peaks[bucket * 2 + 1]!;
      assert.ok(min >= -1 && max <= 1 && min <= max);
      assert.ok(
        Math.abs(min * 1e4 - Math.round(min * 1e4)) < 1e-6 &&
          Math.abs(max * 1e4 - Math.round(max * 1e4)) < 1e-6,
      );
      const from = Math.floor(bucket * samplesPerPeak);
      const to = Math.floor((bucket + 1) * samplesPerPeak);
      for (let i = from; i < to; i++) {
        assert.ok(input.left[i]! >= min && input.left[i]! <= max);
        assert.ok(input.right[i]! >= min && input.right[i]! <= max);
      }
    }
  });

  it('defaults to 1000 peaks and still fills them for audio shorter than that', () => {
    const short = musicLike(0.005, 0.5, 14);
    assert.ok(short.left.length < 1000);
    assert.equal(computeWaveformPeaks(short).peaks.length, 2000);
    assert.ok(computeWaveformPeaks(short).peaks.every(Number.isFinite));
  });
});
