import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resampleSincMany } from '../../src/vocals/flite/flite-voice.js';

/** The windowed sinc evaluated directly at every tap (the reference the polyphase table must match). */
function resampleDirectly(input: Float32Array, fromRateHz: number, toRateHz: number): Float64Array {
  const ratio = toRateHz / fromRateHz;
  const output = new Float64Array(Math.floor(input.length * ratio));
  const cutoff = 0.95 * Math.min(1, ratio);
  const halfWidth = 16 / cutoff;
  for (let n = 0; n < output.length; n++) {
    const centre = n / ratio;
    const first = Math.max(0, Math.ceil(centre - halfWidth));
    const last = Math.min(input.length - 1, Math.floor(centre + halfWidth));
    let sum = 0;
    for (let k = first; k <= last; k++) {
      const distance = k - centre;
      const x = cutoff * distance;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const w = distance / halfWidth;
      const blackman = 0.42 + 0.5 * Math.cos(Math.PI * w) + 0.08 * Math.cos(2 * Math.PI * w);
      sum += input[k]! * cutoff * sinc * blackman;
    }
    output[n] = sum;
  }
  return output;
}

/** A voiced, speech-like test signal: a gliding pitch with a few harmonics and a little noise. */
function voiceLike(lengthSamples: number, seed: number): Float32Array {
  const samples = new Float32Array(lengthSamples);
  let phase = 0;
  let state = seed;
  for (let n = 0; n < lengthSamples; n++) {
    phase += (2 * Math.PI * (140 + 60 * Math.sin(n / 3000 + seed))) / 16000;
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    samples[n] =
      0.4 * Math.sin(phase) +
      0.2 * Math.sin(2 * phase) +
      0.1 * Math.sin(3 * phase) +
      (state / 2 ** 32 - 0.5) * 0.01;
  }
  return samples;
}

function largestDifference(a: Float32Array, b: Float64Array): number {
  let largest = 0;
  for (let n = 0; n < a.length; n++) largest = Math.max(largest, Math.abs(a[n]! - b[n]!));
  return largest;
}

describe('windowed-sinc resampling from a polyphase table', () => {
  it('gives Flite-rate speech at 44.1 kHz within 1e-6 of the sinc evaluated at every tap', () => {
    const inputs = [voiceLike(16000, 1), voiceLike(9000, 2), voiceLike(23456, 3), voiceLike(40, 4)];
    const resampled = resampleSincMany(inputs, 16000, 44100);
    inputs.forEach((input, index) => {
      const direct = resampleDirectly(input, 16000, 44100);
      assert.equal(resampled[index]!.length, direct.length);
      assert.ok(largestDifference(resampled[index]!, direct) < 1e-6, `input ${index}`);
    });
  });

  it('matches the direct sinc at a rate pair without a small rational ratio too', () => {
    const input = voiceLike(5000, 5);
    const resampled = resampleSincMany([input], 16000.5, 44100)[0]!;
    const direct = resampleDirectly(input, 16000.5, 44100);
    assert.equal(resampled.length, direct.length);
    assert.ok(largestDifference(resampled, direct) < 1e-6);
  });

  it('resamples the same input to the same samples every time', () => {
    const input = voiceLike(8000, 6);
    const once = resampleSincMany([input], 16000, 44100)[0]!;
    const again = resampleSincMany([voiceLike(3000, 7), input], 16000, 44100)[1]!;
    assert.deepEqual(Buffer.from(again.buffer), Buffer.from(once.buffer));
  });
});
