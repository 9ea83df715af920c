import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  computeLimiterGains,
  limiterLookaheadSamples,
  prepareLimiterPeaks,
  StreamingLimiter,
} from '../../src/mastering/limiter.js';
import { FAST_PEAK_DELAY_SAMPLES, FastPeakEnvelope } from '../../src/mastering/peak-envelope.js';
import { musicLike } from './signals.js';

const SAMPLE_RATE = 44100;

/**
 * The limiter's law spelled out one sample at a time: a monotonic deque for the window minimum of
 * the required gains, the release, the box average. The fast paths must match it bit for bit.
 */
function referenceGains(envelope: Float32Array, threshold: number, gain: number): Float32Array {
  const window = limiterLookaheadSamples(SAMPLE_RATE);
  const release = 1 - Math.exp(-1 / (0.08 * SAMPLE_RATE));
  const deque: { value: number; index: number }[] = [];
  const box = new Float64Array(window).fill(1);
  let boxSum = window;
  let held = 1;
  const out = new Float32Array(envelope.length);
  for (let k = 0; k < envelope.length + window - 1; k++) {
    const e = k < envelope.length ? envelope[k]! : 0;
    const required = e > threshold ? threshold / e : 1;
    while (deque.length > 0 && deque.at(-1)!.value >= required) deque.pop();
    deque.push({ value: required, index: k });
    if (deque[0]!.index <= k - window) deque.shift();
    const minimum = deque[0]!.value;
    if (minimum < held || minimum - held < 1e-6) held = minimum;
    else held += (minimum - held) * release;
    boxSum += held - box[k % window]!;
    box[k % window] = held;
    const j = k - (window - 1);
    if (j >= 0) out[j] = Math.min(boxSum / window, 1) * gain;
  }
  return out;
}

function envelopeOf(left: Float32Array, right: Float32Array): Float32Array {
  const raw = new Float32Array(left.length + FAST_PEAK_DELAY_SAMPLES);
  const detector = new FastPeakEnvelope();
  detector.process(left, right, 0, left.length, raw, 0);
  const zeros = new Float32Array(FAST_PEAK_DELAY_SAMPLES);
  detector.process(zeros, zeros, 0, zeros.length, raw, left.length);
  return raw.subarray(FAST_PEAK_DELAY_SAMPLES);
}

describe('limiter', () => {
  // loud enough that the limiter works most of the time, with quiet gaps it skips
  const input = musicLike(3, 0.5, 5, SAMPLE_RATE);
  const gain = 2.5;
  const ceiling = 0.8;

  it('computes offline exactly the gains of the per-sample law', () => {
    const envelope = envelopeOf(input.left, input.right);
    const expected = referenceGains(envelope, ceiling / gain, gain);
    const gains = new Float32Array(envelope.length);
    computeLimiterGains(
      prepareLimiterPeaks(envelope.slice(), SAMPLE_RATE),
      0,
      gain,
      ceiling,
      gains,
      SAMPLE_RATE,
    );
    assert.deepEqual(gains, expected);
    assert.ok(
      gains.some((g) => g < gain * 0.9),
      'the signal is limited somewhere',
    );
  });

  it('streams the same gains in chunks of any size, latencySamples late', () => {
    const limiter = new StreamingLimiter(SAMPLE_RATE, gain, ceiling);
    const left = input.left.slice();
    const right = input.right.slice();
    for (let offset = 0, size = 1; offset < left.length; offset += size, size = (size * 7 + 3) % 5000) {
      limiter.process(left, right, offset, Math.min(size, left.length - offset));
    }
    const expected = referenceGains(envelopeOf(input.left, input.right), ceiling / gain, gain);
    const latency = limiter.latencySamples;
    for (let i = 0; i + latency < left.length; i += 997) {
      assert.equal(left[i + latency], Math.fround(input.left[i]! * expected[i]!), `sample ${i}`);
    }
  });
});
