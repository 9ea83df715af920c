// A YIN pitch tracker (de Cheveigné & Kawahara 2002): the Flite voice finds its speech's periods
// with it, and the evaluation and the tests check with it that the voice sings the written notes.
// Frames with no clear period are unvoiced (NaN).

export interface PitchTrackOptions {
  sampleRateHz: number;
  /** Hop between frames (seconds); default 0.01. */
  hopSeconds?: number;
  minFrequencyHz?: number;
  maxFrequencyHz?: number;
  /**
   * The lowest frequency looked for (default minFrequencyHz, never below it): the frames keep
   * minFrequencyHz's length and times, so a frame's answer changes only where it was lower than
   * this; the cost falls with the longest lag compared (a caller that knows the voice's range).
   */
  searchMinFrequencyHz?: number;
  /** Cumulative-mean-normalised difference below which a dip counts as a period; default 0.15. */
  threshold?: number;
  /** Frames quieter than this RMS are unvoiced; default 0.005. */
  silenceRms?: number;
}

export interface PitchTrack {
  /** Hop between frames (seconds): the asked hop rounded to whole samples. */
  hopSeconds: number;
  /** Frame centre times (seconds): the middle of the samples each frame compares. */
  timesSeconds: Float64Array;
  /** Frequency per frame (Hz), NaN where unvoiced. */
  frequenciesHz: Float64Array;
}

export function trackPitch(samples: Float32Array, options: PitchTrackOptions): PitchTrack {
  const sampleRateHz = options.sampleRateHz;
  const hopSeconds = options.hopSeconds ?? 0.01;
  const minFrequencyHz = options.minFrequencyHz ?? 70;
  const maxFrequencyHz = options.maxFrequencyHz ?? 1100;
  const threshold = options.threshold ?? 0.15;
  const silenceRms = options.silenceRms ?? 0.005;
  const maxLag = Math.ceil(sampleRateHz / minFrequencyHz);
  const minLag = Math.floor(sampleRateHz / maxFrequencyHz);
  const window = maxLag;
  // the lags compared: each one's sums are the same, whichever lags are left out
  const searchMaxLag = Math.min(
    maxLag,
    Math.ceil(sampleRateHz / Math.max(options.searchMinFrequencyHz ?? minFrequencyHz, minFrequencyHz)),
  );
  const hop = Math.max(1, Math.round(hopSeconds * sampleRateHz));
  const frameCount = Math.max(0, Math.floor((samples.length - window - maxLag) / hop));
  const timesSeconds = new Float64Array(frameCount);
  const frequenciesHz = new Float64Array(frameCount).fill(Number.NaN);
  const difference = new Float64Array(maxLag + 1);
  const cmnd = new Float64Array(maxLag + 1);
  /** The frame start `difference` holds the sums of (−1: none yet), and frames since a whole sum. */
  let summedStart = -1;
  let sinceFullSum = 0;
  for (let frame = 0; frame < frameCount; frame++) {
    const start = frame * hop;
    // the difference function compares samples start … start + window + maxLag
    timesSeconds[frame] = (start + (window + maxLag) / 2) / sampleRateHz;
    let energy = 0;
    for (let i = 0; i < window; i++) energy += samples[start + i]! ** 2;
    if (Math.sqrt(energy / window) < silenceRms) continue;
    // The difference function of this frame from the last one computed, where they overlap: the
    // samples that left the window are taken out and the ones that entered added, which costs
    // 2 × hop terms a lag instead of a window's (the singer analyses every phrase's speech with it).
    // Summed whole when that is not cheaper (a long hop or a gap) and every FULL_SUM_EVERY frames,
    // so rounding cannot build up.
    if (summedStart >= 0 && 2 * (start - summedStart) < window && sinceFullSum < FULL_SUM_EVERY) {
      addSquaredDifferences(samples, summedStart, start, searchMaxLag, difference, -1);
      addSquaredDifferences(samples, summedStart + window, start + window, searchMaxLag, difference, 1);
      sinceFullSum++;
    } else {
      difference.fill(0);
      addSquaredDifferences(samples, start, start + window, searchMaxLag, difference, 1);
      sinceFullSum = 0;
    }
    summedStart = start;
    let runningSum = 0;
    let bestLag = -1;
    const normalised = (lag: number): number => (difference[lag]! * lag) / (runningSum || 1);
    cmnd[0] = 1;
    for (let lag = 1; lag <= searchMaxLag; lag++) {
      runningSum += difference[lag]!;
      cmnd[lag] = normalised(lag);
    }
    // Every dip under the threshold is a candidate; the deepest wins, but a shorter lag nearly as
    // deep is preferred (at twice the period the dip is as deep: that would be an octave too low).
    // Taking the first dip under the threshold, as plain YIN does, jumps an octave up on vowels
    // whose second harmonic is strong.
    let deepest = Number.POSITIVE_INFINITY;
    const dips: number[] = [];
    for (let lag = Math.max(minLag, 2); lag < searchMaxLag; lag++) {
      if (cmnd[lag]! < threshold && cmnd[lag]! <= cmnd[lag - 1]! && cmnd[lag]! <= cmnd[lag + 1]!) {
        dips.push(lag);
        deepest = Math.min(deepest, cmnd[lag]!);
      }
    }
    for (const lag of dips) {
      if (cmnd[lag]! <= deepest + 0.04) {
        bestLag = lag;
        break;
      }
    }
    if (bestLag < 0) continue;
    // Parabolic interpolation around the dip for sub-sample precision.
    const a = cmnd[bestLag - 1]!;
    const b = cmnd[bestLag]!;
    const c = cmnd[bestLag + 1]!;
    const denominator = a - 2 * b + c;
    const shift = denominator !== 0 ? (0.5 * (a - c)) / denominator : 0;
    frequenciesHz[frame] = sampleRateHz / (bestLag + Math.max(-1, Math.min(1, shift)));
  }
  // The real hop, not the asked one: 5 ms at 44.1 kHz is 221 samples (5.011 ms), and a caller that
  // counted frames in asked hops would be 100 ms off by the 45th second.
  return { hopSeconds: hop / sampleRateHz, timesSeconds, frequenciesHz };
}

/** Frames updated from the previous one before the difference function is summed whole again. */
const FULL_SUM_EVERY = 32;

/**
 * Adds sign × Σ (x[i] − x[i + lag])² over i in [from, to) to difference[lag], for every lag 1…maxLag.
 * The hot loop: four lags at a time share each sample read, each lag's terms added in order.
 */
function addSquaredDifferences(
  samples: Float32Array,
  from: number,
  to: number,
  maxLag: number,
  difference: Float64Array,
  sign: 1 | -1,
): void {
  let lag = 1;
  for (; lag + 3 <= maxLag; lag += 4) {
    let sum0 = 0;
    let sum1 = 0;
    let sum2 = 0;
    let sum3 = 0;
    for (let i = from; i < to; i++) {
      const sample = samples[i]!;
      const delta0 = sample - samples[i + lag]!;
      const delta1 = sample - samples[i + lag + 1]!;
      const delta2 = sample - samples[i + lag + 2]!;
      const delta3 = sample - samples[i + lag + 3]!;
      sum0 += delta0 * delta0;
      sum1 += delta1 * delta1;
      sum2 += delta2 * delta2;
      sum3 += delta3 * delta3;
    }
    difference[lag]! += sign * sum0;
    difference[lag + 1]! += sign * sum1;
    difference[lag + 2]! += sign * sum2;
    difference[lag + 3]! += sign * sum3;
  }
  for (; lag <= maxLag; lag++) {
    let sum = 0;
    for (let i = from; i < to; i++) {
      const delta = samples[i]! - samples[i + lag]!;
      sum += delta * delta;
    }
    difference[lag]! += sign * sum;
  }
}

/** Cents from `referenceHz` to `frequencyHz`. */
export function centsBetween(frequencyHz: number, referenceHz: number): number {
  return 1200 * Math.log2(frequencyHz / referenceHz);
}

export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}
