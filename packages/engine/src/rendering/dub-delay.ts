// A dub echo send: a mono bus into two delay lines that bounce left, right, left…, each repeat
// band-limited (one-pole high- and low-pass in the feedback path) so it darkens and thins as it
// fades, the tape-echo sound of dub (King Tubby, Lee Perry). The delay time is whole beats' worth of
// the composition's tempo, so the repeats land on the grid. Hot DSP loop: long and inlined on purpose.
import type { DubDelay } from '../genres/index.js';

const HIGH_PASS_HZ = 250;
const LOW_PASS_HZ = 2800;
const RETURN_GAIN = 0.8;

/** Processes a mono send bus and adds the stereo echo into the outputs. */
export interface DubDelayEffect {
  process(delayIn: Float32Array, outLeft: Float32Array, outRight: Float32Array, sampleCount: number): void;
}

/** Creates the echo for one mix at the composition's tempo. */
export function createDubDelay(settings: DubDelay, bpm: number, sampleRate: number): DubDelayEffect {
  const delaySamples = Math.max(1, Math.round((settings.beats * 60 * sampleRate) / bpm));
  const left = new Float32Array(delaySamples);
  const right = new Float32Array(delaySamples);
  const feedback = Math.min(0.9, Math.max(0, settings.feedback));
  const lowPass = 1 - Math.exp((-2 * Math.PI * LOW_PASS_HZ) / sampleRate);
  const highPass = 1 - Math.exp((-2 * Math.PI * HIGH_PASS_HZ) / sampleRate);
  const state = { index: 0, lowL: 0, lowR: 0, bassL: 0, bassR: 0 };
  return {
    process(delayIn, outLeft, outRight, sampleCount) {
      let { index, lowL, lowR, bassL, bassR } = state;
      for (let i = 0; i < sampleCount; i++) {
        const fromLeft = left[index]!;
        const fromRight = right[index]!;
        outLeft[i] = outLeft[i]! + fromLeft * RETURN_GAIN;
        outRight[i] = outRight[i]! + fromRight * RETURN_GAIN;
        // the left line takes the dry send and the right line's repeat; the right line the left's
        const intoLeft = delayIn[i]! + fromRight * feedback;
        lowL += lowPass * (intoLeft - lowL);
        bassL += highPass * (lowL - bassL);
        left[index] = lowL - bassL;
        const intoRight = fromLeft * feedback;
        lowR += lowPass * (intoRight - lowR);
        bassR += highPass * (lowR - bassR);
        right[index] = lowR - bassR;
        index = index + 1 === delaySamples ? 0 : index + 1;
      }
      Object.assign(state, { index, lowL, lowR, bassL, bassR });
    },
  };
}
