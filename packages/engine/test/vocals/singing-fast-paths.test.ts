// The singing voice's faster loops give exactly what the plain loops they replaced gave: each is
// held here to a copy of the loop before it, on inputs that reach every edge.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../src/random.js';
import { addGrain, highPassTwice } from '../../src/vocals/flite/flite-voice.js';

/** The grain loop as it was: both bounds checked for every output sample. */
function addGrainOneSampleAtATime(
  output: Float32Array,
  source: Float32Array,
  hann: Float64Array,
  centre: number,
  mark: number,
  firstGain: number,
  secondMark: number,
  secondGain: number,
  formantShift: number,
): void {
  const reach = (hann.length - 1) / 2;
  const sampleCount = output.length;
  for (let k = -reach; k <= reach; k++) {
    const out = centre + k;
    if (out < 0 || out >= sampleCount) continue;
    const read = mark + k * formantShift;
    const base = Math.floor(read);
    if (base < 0 || base + 1 >= source.length) continue;
    const fraction = read - base;
    let sample = (source[base]! + (source[base + 1]! - source[base]!) * fraction) * firstGain;
    if (secondGain !== 0) {
      const readSecond = secondMark + k * formantShift;
      const baseSecond = Math.floor(readSecond);
      if (baseSecond >= 0 && baseSecond + 1 < source.length) {
        const fractionSecond = readSecond - baseSecond;
        sample +=
          (source[baseSecond]! + (source[baseSecond + 1]! - source[baseSecond]!) * fractionSecond) *
          secondGain;
      }
    }
    const window = hann[k + reach]!;
    output[out]! += sample * window;
  }
}

/** The voice's high-pass as it was: one RBJ biquad over the array, run twice. */
function highPassOnce(samples: Float32Array, sampleRateHz: number, cutoffHz: number): void {
  const w0 = (2 * Math.PI * cutoffHz) / sampleRateHz;
  const alpha = Math.sin(w0) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w0);
  const a0 = 1 + alpha;
  const b0 = (1 + cos) / 2 / a0;
  const b1 = -(1 + cos) / a0;
  const a1 = (-2 * cos) / a0;
  const a2 = (1 - alpha) / a0;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let n = 0; n < samples.length; n++) {
    const x = samples[n]!;
    const y = b0 * x + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    samples[n] = y;
  }
}

function hann(reach: number): Float64Array {
  const window = new Float64Array(2 * reach + 1);
  for (let k = -reach; k <= reach; k++) window[k + reach] = 0.5 + 0.5 * Math.cos((Math.PI * k) / (reach + 1));
  return window;
}

describe('singing fast paths', () => {
  it('lays every grain exactly as the sample-by-sample loop did, edges and blends included', () => {
    const rng = createRng(23);
    const source = new Float32Array(3000).map(() => rng.next() * 2 - 1);
    const fast = new Float32Array(2000);
    const plain = new Float32Array(2000);
    for (let grain = 0; grain < 3000; grain++) {
      const reach = 1 + Math.floor(rng.next() * 400);
      // centres and marks from outside either end to inside, so every bound is crossed
      const centre = Math.floor(rng.next() * (fast.length + 2 * reach)) - reach;
      const mark = Math.floor(rng.next() * (source.length + 2 * reach)) - reach;
      const secondMark = mark + Math.floor(rng.next() * 200);
      const formantShift = [1, 0.92, 0.94, 1.03, 1.04][grain % 5]!;
      const blended = grain % 3 !== 0;
      const args = [
        hann(reach),
        centre,
        mark,
        rng.next(),
        secondMark,
        blended ? rng.next() : 0,
        formantShift,
      ] as const;
      addGrain(fast, source, ...args);
      addGrainOneSampleAtATime(plain, source, ...args);
    }
    assert.ok(fast.some((sample) => sample !== 0));
    assert.deepEqual(fast, plain);
  });
  it('high-passes twice in one pass exactly as two passes did', () => {
    const rng = createRng(5);
    const once = new Float32Array(20000).map(() => rng.next() - 0.5);
    const fused = once.slice();
    highPassOnce(once, 44100, 150);
    highPassOnce(once, 44100, 150);
    highPassTwice(fused, 44100, 150);
    assert.deepEqual(fused, once);
  });
});
