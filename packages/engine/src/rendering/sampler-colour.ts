// The sampler colour of lo-fi's looped keys (composition/sample-loop.ts): the phrase sounds lifted
// from a record through an old sampler, not played live. Its lows are thinned (a sample sits above
// the bass), its top is rolled off at ~3 kHz, it is held at half the sample rate (the aliasing
// grit of a 22 kHz sampler) and quantised to 12 bits, as the SP-1200 and early MPCs stored it.
// State carries across chunks and the hold is anchored on absolute sample numbers, so the output
// never depends on chunk boundaries.
import { StateVariableFilter } from './synth/dsp.js';

const HIGH_PASS_HZ = 180;
const LOW_PASS_HZ = 3200;
const LOW_PASS_RESONANCE = 0.15;
/** 12-bit: 2048 steps either side of zero. */
const QUANTISE_STEPS = 2048;
/** Every second sample is held: half the output rate. */
const HOLD_SAMPLES = 2;
/** Makes up the level the band-limiting takes away, so the loop sits where the keys sat. */
const MAKE_UP_GAIN = 1.35;

/** Processes one part's chunks in place, in order. */
export interface SamplerColour {
  process(
    left: Float32Array,
    right: Float32Array,
    offset: number,
    fromSample: number,
    sampleCount: number,
  ): void;
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
  let heldLeft = 0;
  let heldRight = 0;
  const quantise = (x: number): number => Math.round(x * QUANTISE_STEPS) / QUANTISE_STEPS;
  return {
    process(left, right, offset, fromSample, sampleCount) {
      for (let i = 0; i < sampleCount; i++) {
        const at = offset + i;
        const inLeft = left[at] as number;
        const inRight = right[at] as number;
        bassLeft += highPassCoefficient * (inLeft - bassLeft);
        bassRight += highPassCoefficient * (inRight - bassRight);
        const filteredLeft = lowLeft.process(inLeft - bassLeft);
        const filteredRight = lowRight.process(inRight - bassRight);
        if ((fromSample + i) % HOLD_SAMPLES === 0) {
          heldLeft = quantise(filteredLeft * MAKE_UP_GAIN);
          heldRight = quantise(filteredRight * MAKE_UP_GAIN);
        }
        left[at] = heldLeft;
        right[at] = heldRight;
      }
    },
  };
}
