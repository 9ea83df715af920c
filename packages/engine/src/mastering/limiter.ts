// A look-ahead peak limiter. The required gain per sample, min(1, ceiling / peakEnvelope),
// goes through a sliding minimum over the look-ahead window, an exponential release, and a box
// average of the same window. The box average of window minima at sample n never exceeds the
// required gain at n − (L − 1), so delaying the audio by L − 1 samples makes the limit exact
// while the gain still moves smoothly (no clicks, no distortion from instant gain steps).
// The window minimum of min(1, T / e) is min(1, T / max e) exactly (division rounds
// monotonically), so both limiters below take window maxima of the envelope, which do not depend
// on the threshold: computed once offline, however many loudness iterations follow.
import { FAST_PEAK_DELAY_SAMPLES, FastPeakEnvelope } from './peak-envelope.js';

const LOOKAHEAD_SECONDS = 0.003;
/** How far under the ceiling the limiter aims: the 2× detector reads bright peaks up to ~0.2 dB low. */
export const LIMITER_MARGIN_DB = 0.25;
/** A stream cannot re-measure and go again, so it keeps more room. */
export const STREAMING_LIMITER_MARGIN_DB = 0.4;
const RELEASE_SECONDS = 0.08;
/** Samples per idle check of the offline limiter; at most the window (see computeLimiterGains). */
const IDLE_BLOCK_SAMPLES = 64;

/** Look-ahead window of the limiter in samples at a sample rate. */
export function limiterLookaheadSamples(sampleRateHz: number): number {
  return Math.max(2, Math.round(LOOKAHEAD_SECONDS * sampleRateHz));
}

/**
 * Turns values[0 … count) in place into max(values[p … p + window − 1]), reading up to the end of
 * `values` (zero past it). van Herk / Gil-Werman: a suffix maximum within each block of `window`
 * and a running prefix maximum of the next, so about three reads a value whatever the window.
 */
function forwardWindowMax(values: Float32Array, count: number, window: number, suffix: Float32Array): void {
  const length = values.length;
  for (let blockStart = 0; blockStart < count; blockStart += window) {
    const fullEnd = Math.min(length, blockStart + window);
    let peak = 0;
    for (let i = fullEnd - 1; i >= blockStart; i--) {
      peak = Math.max(peak, values[i]!);
      suffix[i - blockStart] = peak;
    }
    // the next block is read here, before its own turn overwrites it
    let ahead = 0;
    const blockEnd = Math.min(count, fullEnd);
    for (let i = blockStart; i < blockEnd; i++) {
      const last = i + window - 1;
      if (last >= fullEnd && last < length) ahead = Math.max(ahead, values[last]!);
      values[i] = Math.max(suffix[i - blockStart]!, ahead);
    }
  }
}

/** The limiter's law after the window minimum: follow it down at once, release back up, box-average. */
class LimiterGainLaw {
  readonly window: number;
  private readonly release: number;
  private readonly box: Float64Array;
  private boxSum: number;
  private slot = 0;
  private held = 1;
  private samplesAtUnity: number;

  constructor(sampleRateHz: number) {
    this.window = limiterLookaheadSamples(sampleRateHz);
    this.release = 1 - Math.exp(-1 / (RELEASE_SECONDS * sampleRateHz));
    this.box = new Float64Array(this.window).fill(1);
    this.boxSum = this.window;
    this.samplesAtUnity = this.window;
  }

  /** True when the gain is 1 and stays 1 for as long as the window maxima stay under the threshold. */
  get idle(): boolean {
    return this.samplesAtUnity >= this.window;
  }

  /**
   * Moves an idle law over `count` samples whose window maxima are under the threshold and returns
   * their gain: what run() would compute, since every step adds 1 and takes away 1 from the box.
   */
  skipIdle(count: number): number {
    this.slot = (this.slot + count) % this.window;
    this.samplesAtUnity += count;
    const limited = this.boxSum / this.window;
    return limited < 1 ? limited : 1;
  }

  /**
   * For window maxima peaks[from … to): writes gain × limiter gain to out[m + outShift] where that
   * lies inside `out` (null: only the state moves). Hot loop, deliberately inlined: every state word
   * is a local, and the branches left follow runs of the window maximum, which CPUs predict.
   */
  run(
    peaks: Float32Array,
    from: number,
    to: number,
    threshold: number,
    gain: number,
    out: Float32Array | null,
    outShift: number,
  ): void {
    const window = this.window;
    const release = this.release;
    const box = this.box;
    const outLength = out === null ? 0 : out.length;
    let boxSum = this.boxSum;
    let slot = this.slot;
    let held = this.held;
    let samplesAtUnity = this.samplesAtUnity;
    for (let m = from; m < to; m++) {
      const peak = peaks[m]!;
      const minimum = peak > threshold ? threshold / peak : 1;
      if (minimum - held < 1e-6) held = minimum;
      else held += (minimum - held) * release;
      samplesAtUnity = held === 1 ? samplesAtUnity + 1 : 0;
      boxSum += held - box[slot]!;
      box[slot] = held;
      slot = slot + 1 === window ? 0 : slot + 1;
      const j = m + outShift;
      if (j >= 0 && j < outLength) {
        // rounding drift of the running sum could let the gain creep over the bound: clamp to it
        const limited = boxSum / window;
        (out as Float32Array)[j] = (limited < 1 ? limited : 1) * gain;
      }
    }
    this.boxSum = boxSum;
    this.slot = slot;
    this.held = held;
    this.samplesAtUnity = samplesAtUnity;
  }
}

/** A peak envelope prepared once for computeLimiterGains, which every loudness iteration reuses. */
export interface LimiterPeaks {
  /** windowMax[m] = max(envelope[m … m + L − 1]) with L the look-ahead, zero past the end. */
  windowMax: Float32Array;
  /** max(envelope[0 … i]) for i < L − 1: the windows that begin before the first sample. */
  leading: Float32Array;
}

/** Turns a peak envelope (one value per sample, aligned with it) into LimiterPeaks, in place. */
export function prepareLimiterPeaks(envelope: Float32Array, sampleRateHz: number): LimiterPeaks {
  const window = limiterLookaheadSamples(sampleRateHz);
  const leading = new Float32Array(window - 1);
  let running = 0;
  for (let i = 0; i < window - 1; i++) {
    running = Math.max(running, i < envelope.length ? envelope[i]! : 0);
    leading[i] = running;
  }
  forwardWindowMax(envelope, envelope.length, window, new Float32Array(window));
  return { windowMax: envelope, leading };
}

/**
 * The offline limiter over a whole track: writes gain × limiter gain for the `gains.length`
 * samples from `startSample` (the samples before are pre-roll that settles its state). Blocks with
 * nothing to limit while the gain rests at 1 are filled without running the law.
 */
export function computeLimiterGains(
  peaks: LimiterPeaks,
  startSample: number,
  gain: number,
  ceiling: number,
  gains: Float32Array,
  sampleRateHz: number,
): void {
  const law = new LimiterGainLaw(sampleRateHz);
  const threshold = ceiling / gain;
  law.run(peaks.leading, 0, peaks.leading.length, threshold, gain, null, 0);
  const windowMax = peaks.windowMax;
  const length = windowMax.length;
  // windows of `block` ≤ L samples at both ends of a block cover all of it, so two reads tell a quiet block
  const block = Math.min(IDLE_BLOCK_SAMPLES, law.window);
  for (let m = 0; m < length; ) {
    const blockEnd = Math.min(length, m + block);
    if (law.idle && windowMax[m]! <= threshold && windowMax[blockEnd - 1]! <= threshold) {
      const limited = law.skipIdle(blockEnd - m);
      const from = Math.max(0, m - startSample);
      const to = Math.min(gains.length, blockEnd - startSample);
      if (to > from) gains.fill(limited * gain, from, to);
    } else law.run(windowMax, m, blockEnd, threshold, gain, gains, -startSample);
    m = blockEnd;
  }
}

/**
 * Streaming limiter with a fixed input gain: detects peaks (2× oversampled), limits to the
 * ceiling and outputs exactly as many samples as it receives, `latencySamples` late.
 */
export class StreamingLimiter {
  readonly latencySamples: number;
  private readonly detector = new FastPeakEnvelope();
  private readonly law: LimiterGainLaw;
  private readonly delayLeft: Float32Array;
  private readonly delayRight: Float32Array;
  private delayIndex = 0;
  /** The last L − 1 envelope values of earlier chunks, zero before the first. */
  private readonly history: Float32Array;
  private peaks = new Float32Array(0);
  private gains = new Float32Array(0);
  private readonly suffix: Float32Array;

  constructor(
    sampleRateHz: number,
    private readonly gainLinear: number,
    private readonly ceilingLinear: number,
  ) {
    this.law = new LimiterGainLaw(sampleRateHz);
    this.latencySamples = FAST_PEAK_DELAY_SAMPLES + this.law.window - 1;
    this.delayLeft = new Float32Array(this.latencySamples);
    this.delayRight = new Float32Array(this.latencySamples);
    this.history = new Float32Array(this.law.window - 1);
    this.suffix = new Float32Array(this.law.window);
  }

  /** Limits `count` samples from `offset` in place: each output is the input latencySamples back. */
  process(left: Float32Array, right: Float32Array, offset: number, count: number): void {
    const back = this.history.length;
    if (this.gains.length < count) {
      this.peaks = new Float32Array(back + count);
      this.gains = new Float32Array(count);
    }
    // [history | this chunk's envelope]: the window ending at each new sample is a forward window here
    const peaks = this.peaks.subarray(0, back + count);
    peaks.set(this.history);
    this.detector.process(left, right, offset, count, peaks, back);
    this.history.set(peaks.subarray(count, count + back));
    forwardWindowMax(peaks, count, this.law.window, this.suffix);
    const gains = this.gains;
    this.law.run(peaks, 0, count, this.ceilingLinear / this.gainLinear, this.gainLinear, gains, 0);
    const delayLeft = this.delayLeft;
    const delayRight = this.delayRight;
    const length = delayLeft.length;
    let d = this.delayIndex;
    for (let i = 0; i < count; i++) {
      const g = gains[i]!;
      const inLeft = left[offset + i]!;
      const inRight = right[offset + i]!;
      left[offset + i] = delayLeft[d]! * g;
      right[offset + i] = delayRight[d]! * g;
      delayLeft[d] = inLeft;
      delayRight[d] = inRight;
      d = d + 1 === length ? 0 : d + 1;
    }
    this.delayIndex = d;
  }
}
