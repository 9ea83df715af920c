import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createVocalChain } from '../../src/rendering/vocal-chain.js';

const SAMPLE_RATE = 44100;

/** Two sung-like phrases of 1 s with 12 s of exact silence between them and 8 s after. */
function takeWithGaps(): Float32Array {
  const take = new Float32Array(22 * SAMPLE_RATE);
  for (const startSeconds of [1, 14]) {
    const at = startSeconds * SAMPLE_RATE;
    for (let n = 0; n < SAMPLE_RATE; n++)
      take[at + n] =
        0.4 * Math.sin((2 * Math.PI * 220 * n) / SAMPLE_RATE) * Math.sin((Math.PI * n) / SAMPLE_RATE);
  }
  return take;
}

function streamed(take: Float32Array, chunkSamples: number): [Float32Array, Float32Array] {
  const chain = createVocalChain(SAMPLE_RATE);
  const left = new Float32Array(take.length);
  const right = new Float32Array(take.length);
  for (let from = 0; from < take.length; from += chunkSamples) {
    const count = Math.min(chunkSamples, take.length - from);
    chain.process(take, from, left, right, from, count);
  }
  return [left, right];
}

const peakOf = (samples: Float32Array, fromSample: number, toSample: number) => {
  let peak = 0;
  for (let n = fromSample; n < toSample; n++) peak = Math.max(peak, Math.abs(samples[n]!));
  return peak;
};

describe('vocal channel strip over silence between phrases', () => {
  it('gives the same samples however the take is split into chunks', () => {
    const take = takeWithGaps();
    const [left, right] = streamed(take, 4096);
    for (const chunkSamples of [1000, 777, take.length]) {
      const [otherLeft, otherRight] = streamed(take, chunkSamples);
      assert.deepEqual(Buffer.from(otherLeft.buffer), Buffer.from(left.buffer), `chunks of ${chunkSamples}`);
      assert.deepEqual(
        Buffer.from(otherRight.buffer),
        Buffer.from(right.buffer),
        `chunks of ${chunkSamples}`,
      );
    }
  });

  it('leaves no echo of a phrase and is exactly silent once every tail is below −120 dB', () => {
    const [left] = streamed(takeWithGaps(), 4096);
    // no delay repeats the last syllable: a quarter second after the phrase, nothing audible
    assert.ok(peakOf(left, 2.25 * SAMPLE_RATE, 3 * SAMPLE_RATE) < 1e-4);
    // long after, the strip has been flushed: nothing at all, not a denormal tail
    assert.equal(peakOf(left, 11 * SAMPLE_RATE, 14 * SAMPLE_RATE), 0);
    // and the second phrase sings as loud as the first
    const first = peakOf(left, SAMPLE_RATE, 2 * SAMPLE_RATE);
    const second = peakOf(left, 14 * SAMPLE_RATE, 15 * SAMPLE_RATE);
    assert.ok(Math.abs(first - second) < 1e-3 * first, `${first} vs ${second}`);
  });
});
