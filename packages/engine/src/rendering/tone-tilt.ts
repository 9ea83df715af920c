// A brightness tilt for a marketplace voice: a one-pole split at ~1.2 kHz, highs scaled up or down,
// so choosing a brighter or darker voice audibly changes the lead without touching the bank.

const SPLIT_HZ = 1200;

/** A stateful stereo tilt filter; brightness 0 dark … 0.5 neutral … 1 bright. */
export interface ToneTilt {
  process(left: Float32Array, right: Float32Array, offset: number, sampleCount: number): void;
}

/** Creates a tilt filter for the given brightness and sample rate. */
export function createToneTilt(brightness: number, sampleRate: number): ToneTilt {
  const clamped = Math.max(0, Math.min(1, brightness));
  const highGain = 0.3 + 1.4 * clamped;
  // Keep perceived level roughly constant: darker voices get a small low boost, brighter a cut.
  const lowGain = 1 + (0.5 - clamped) * 0.3;
  const coefficient = 1 - Math.exp((-2 * Math.PI * SPLIT_HZ) / sampleRate);
  let lowLeft = 0;
  let lowRight = 0;
  return {
    process(left, right, offset, sampleCount) {
      for (let i = offset; i < offset + sampleCount; i++) {
        const l = left[i] as number;
        const r = right[i] as number;
        lowLeft += coefficient * (l - lowLeft);
        lowRight += coefficient * (r - lowRight);
        left[i] = lowLeft * lowGain + (l - lowLeft) * highGain;
        right[i] = lowRight * lowGain + (r - lowRight) * highGain;
      }
    },
  };
}
