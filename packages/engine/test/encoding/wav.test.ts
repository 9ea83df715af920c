import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeWav } from '../../src/encoding/index.js';
import { musicLike, stereoSine } from '../mastering/signals.js';

/** Reads our own WAV back: header fields and samples scaled to −1…1. */
function parseWav(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  const bitDepth = view.getUint16(34, true);
  const dataBytes = view.getUint32(40, true);
  const frames = dataBytes / (2 * (bitDepth / 8));
  const left = new Float64Array(frames);
  const right = new Float64Array(frames);
  const integers: number[] = [];
  for (let i = 0; i < frames * 2; i++) {
    let value: number;
    if (bitDepth === 16) value = view.getInt16(44 + i * 2, true);
    else {
      const o = 44 + i * 3;
      value = ((bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16)) << 8) >> 8;
    }
    integers.push(value);
    const scaled = value / (2 ** (bitDepth - 1) - 1);
    if (i % 2 === 0) left[i / 2] = scaled;
    else right[(i - 1) / 2] = scaled;
  }
  return {
    riff: text(0),
    riffSize: view.getUint32(4, true),
    wave: text(8),
    fmt: text(12),
    format: view.getUint16(20, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    byteRate: view.getUint32(28, true),
    blockAlign: view.getUint16(32, true),
    bitDepth,
    data: text(36),
    dataBytes,
    left,
    right,
    integers,
  };
}

describe('encodeWav', () => {
  it('writes a canonical 16-bit stereo PCM header and samples within dither of the input', () => {
    const input = musicLike(1, 0.3, 7);
    const bytes = encodeWav(input, { seed: 3 });
    const wav = parseWav(bytes);
    assert.deepEqual(
      [wav.riff, wav.wave, wav.fmt, wav.data, wav.format, wav.channels, wav.sampleRate, wav.bitDepth],
      ['RIFF', 'WAVE', 'fmt ', 'data', 1, 2, 44100, 16],
    );
    assert.equal(wav.blockAlign, 4);
    assert.equal(wav.byteRate, 44100 * 4);
    assert.equal(wav.dataBytes, input.left.length * 4);
    assert.equal(wav.riffSize, bytes.length - 8);
    assert.equal(wav.left.length, input.left.length);
    const lsb = 1 / 32767;
    for (let i = 0; i < input.left.length; i++) {
      // rounding (½ LSB) plus triangular dither (±1 LSB)
      assert.ok(Math.abs(wav.left[i]! - input.left[i]!) <= 1.5 * lsb + 1e-9);
      assert.ok(Math.abs(wav.right[i]! - input.right[i]!) <= 1.5 * lsb + 1e-9);
    }
  });

  it('dithers deterministically by seed', () => {
    const input = musicLike(0.5, 0.3, 8);
    assert.deepEqual(encodeWav(input, { seed: 1 }), encodeWav(input, { seed: 1 }));
    assert.notDeepEqual(encodeWav(input, { seed: 1 }), encodeWav(input, { seed: 2 }));
  });

  it('never writes a full-scale sample, even from input at or past full scale', () => {
    for (const bitDepth of [16, 24] as const) {
      const wav = parseWav(encodeWav(stereoSine(1000, 1.2, 0.2, 44100), { bitDepth }));
      const fullScale = 2 ** (bitDepth - 1) - 1;
      assert.ok(wav.integers.every((v) => Math.abs(v) < fullScale && v > -fullScale - 1));
    }
    // and a master at −1 dBTP never comes near it
    const wav = parseWav(encodeWav(stereoSine(1000, 10 ** (-1 / 20), 0.2, 44100)));
    assert.ok(Math.max(...wav.integers.map(Math.abs)) < 29300);
  });

  it('writes 24-bit samples that round-trip to within half a step', () => {
    const input = musicLike(0.5, 0.3, 9);
    const wav = parseWav(encodeWav(input, { bitDepth: 24 }));
    assert.equal(wav.bitDepth, 24);
    assert.equal(wav.blockAlign, 6);
    for (let i = 0; i < input.left.length; i++) {
      assert.ok(Math.abs(wav.left[i]! - input.left[i]!) <= 0.5 / 8388607 + 1e-9);
    }
  });
});
