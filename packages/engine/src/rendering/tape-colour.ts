// Tape colour for lo-fi: every part runs through a worn cassette deck — gentle saturation, a soft
// treble roll-off and, on pitched parts, slow "wow" and faint "flutter" (a delay swaying by a
// millisecond or two, so the pitch drifts by ~10 cents). Per part, so stems still sum to the mix;
// the sway is a function of the absolute sample, so chunking never changes it.
import type { PartEffect } from './part-effect.js';

const WOW_HZ = 0.55;
/** ±1.7 ms at 0.55 Hz sways the pitch by about ±10 cents. */
const WOW_SECONDS = 0.0017;
const FLUTTER_HZ = 3.1;
const FLUTTER_SECONDS = 0.00006;
const BASE_DELAY_SECONDS = 0.0025;
const ROLL_OFF_HZ = 9000;
/** ≈tanh(drive·x)/drive: unity for quiet signals, rounding off the peaks of a part. */
const DRIVE = 2.5;
const DELAY_SIZE = 1024;
/** The sway is computed every this many samples (anchored on absolute sample numbers) and interpolated. */
const CONTROL_SAMPLES = 32;

/**
 * A rational tanh (Padé 3/2, within 2 % below ±3 and clamped past it): cheaper than Math.tanh on
 * every sample of every lo-fi part, and the saturation is gentle, so this is plenty.
 */
function softClip(x: number): number {
  if (x >= 3) return 1;
  if (x <= -3) return -1;
  const square = x * x;
  return (x * (27 + square)) / (27 + 9 * square);
}

/** Processes a part's chunks in place, in order. */
export type TapeColour = PartEffect;

/** Creates the tape stage for one part; `wow` off for drums, whose pitch a listener would not hear sway. */
export function createTapeColour(sampleRate: number, wow: boolean): TapeColour {
  const rollOff = 1 - Math.exp((-2 * Math.PI * ROLL_OFF_HZ) / sampleRate);
  const delayLeft = new Float32Array(DELAY_SIZE);
  const delayRight = new Float32Array(DELAY_SIZE);
  let write = 0;
  let lowLeft = 0;
  let lowRight = 0;
  const delaySamplesAt = (sample: number): number => {
    const t = sample / sampleRate;
    return (
      (BASE_DELAY_SECONDS +
        WOW_SECONDS * Math.sin(2 * Math.PI * WOW_HZ * t) +
        FLUTTER_SECONDS * Math.sin(2 * Math.PI * FLUTTER_HZ * t + 1)) *
      sampleRate
    );
  };
  return {
    process(left, right, offset, fromSample, sampleCount) {
      let anchor = -1;
      let delayFrom = 0;
      let delayStep = 0;
      for (let i = 0; i < sampleCount; i++) {
        const sample = fromSample + i;
        let l = softClip(DRIVE * (left[offset + i] as number)) / DRIVE;
        let r = softClip(DRIVE * (right[offset + i] as number)) / DRIVE;
        if (wow) {
          const at = sample - (sample % CONTROL_SAMPLES);
          if (at !== anchor) {
            anchor = at;
            delayFrom = delaySamplesAt(at);
            delayStep = (delaySamplesAt(at + CONTROL_SAMPLES) - delayFrom) / CONTROL_SAMPLES;
          }
          delayLeft[write] = l;
          delayRight[write] = r;
          const delay = delayFrom + delayStep * (sample - at);
          const read = write - delay + DELAY_SIZE;
          const index = Math.floor(read);
          const fraction = read - index;
          const a = index & (DELAY_SIZE - 1);
          const b = (index + 1) & (DELAY_SIZE - 1);
          l = (delayLeft[a] as number) + ((delayLeft[b] as number) - (delayLeft[a] as number)) * fraction;
          r = (delayRight[a] as number) + ((delayRight[b] as number) - (delayRight[a] as number)) * fraction;
          write = (write + 1) & (DELAY_SIZE - 1);
        }
        lowLeft += rollOff * (l - lowLeft);
        lowRight += rollOff * (r - lowRight);
        left[offset + i] = lowLeft;
        right[offset + i] = lowRight;
      }
    },
  };
}
