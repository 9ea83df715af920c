// The sampler colour of lo-fi's looped keys (composition/sample-loop.ts): the phrase sounds lifted
// from a record through an old sampler, not played live. Its lows are thinned (a sample sits above
// the bass), its top is rolled off at ~3 kHz and it is quantised to 12 bits, as the SP-1200 and
// early MPCs stored it. (Holding every second sample as a 22 kHz sampler would was tried: with the
// top already gone its only effect was a fizz of images above 18 kHz, so it is left out.) The
// filter state carries across chunks, so the output never depends on chunk boundaries.
import { StateVariableFilter } from './synth/dsp.js';

const HIGH_PASS_HZ = 180;
const LOW_PASS_HZ = 3200;
const LOW_PASS_RESONANCE = 0.15;
/** 12-bit: 2048 steps either side of zero. */
const QUANTISE_STEPS = 2048;
/** Makes up the level the band-limiting takes away, so the loop sits where the keys sat. */
const MAKE_UP_GAIN = 1.35;

/** Processes one part's chunks in place, in order. */
export interface SamplerColour {
  process(left: Float32Array, right: Float32Array, offset: number, sampleCount: number): void;
}

/** Creates the sampler stage for one part. */
export function createSamplerColour(sampleRate: number): SamplerColour {
  const highPassCoefficient = 1 - Math.exp((-2 * Math.PI * HIGH_PASS_HZ) / sampleRate);
  const lowLeft = new StateVariableFilter(sampleRate);
  const lowRight = new StateVariableFilter(sampleRate);
  lowLeft.set(LOW_PASS_HZ, LOW_PASS_RESONANCE);
  lowRight.set(LOW_PASS_HZ, LOW_PASS_RESONANCE);
  let bassLeft = 0;
  let bassRight = 0;
  const quantise = (x: number): number => Math.round(x * QUANTISE_STEPS) / QUANTISE_STEPS;
  return {
    process(left, right, offset, sampleCount) {
      for (let i = 0; i < sampleCount; i++) {
        const at = offset + i;
        const inLeft = left[at] as number;
        const inRight = right[at] as number;
        bassLeft += highPassCoefficient * (inLeft - bassLeft);
        bassRight += highPassCoefficient * (inRight - bassRight);
        const filteredLeft = lowLeft.process(inLeft - bassLeft);
        const filteredRight = lowRight.process(inRight - bassRight);
        left[at] = quantise(filteredLeft * MAKE_UP_GAIN);
        right[at] = quantise(filteredRight * MAKE_UP_GAIN);
      }
    },
  };
}
