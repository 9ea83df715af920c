import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resampleSincMany } from '../../src/vocals/flite/flite-voice.js';

/** The resampler as it was written per input (the reference the shared kernel must match bit for bit). */
function resampleOneByOne(input: Float32Array, fromRateHz: number, toRateHz: number): Float32Array {
  const ratio = toRateHz / fromRateHz;
  const output = new Float32Array(Math.floor(input.length * ratio));
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

describe('singing speed without a changed sample', () => {
  it('resamples speeches of different lengths together to exactly the samples of each alone', () => {
    const inputs = [voiceLike(16000, 1), voiceLike(9000, 2), voiceLike(23456, 3), voiceLike(40, 4)];
    const together = resampleSincMany(inputs, 16000, 44100);
    inputs.forEach((input, index) => {
      const alone = resampleOneByOne(input, 16000, 44100);
      assert.equal(together[index]!.length, alone.length);
      assert.deepEqual(Buffer.from(together[index]!.buffer), Buffer.from(alone.buffer), `input ${index}`);
    });
  });
});
