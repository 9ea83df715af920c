// A look-ahead peak limiter. The required gain per sample, min(1, ceiling / peakEnvelope),
// goes through a sliding minimum over the look-ahead window, an exponential release, and a box
// average of the same window. The box average of window minima at sample n never exceeds the
// required gain at n − (L − 1), so delaying the audio by L − 1 samples makes the limit exact
// while the gain still moves smoothly (no clicks, no distortion from instant gain steps).
import { FAST_PEAK_DELAY_SAMPLES, FastPeakEnvelope } from './peak-envelope.js';

const LOOKAHEAD_SECONDS = 0.003;
/** How far under the ceiling the limiter aims: the 2× detector reads bright peaks up to ~0.2 dB low. */
export const LIMITER_MARGIN_DB = 0.25;
/** A stream cannot re-measure and go again, so it keeps more room. */
export const STREAMING_LIMITER_MARGIN_DB = 0.4;
const RELEASE_SECONDS = 0.08;

/** Look-ahead window of the limiter in samples at a sample rate. */
export function limiterLookaheadSamples(sampleRateHz: number): number {
  return Math.max(2, Math.round(LOOKAHEAD_SECONDS * sampleRateHz));
}

/** Turns required gains into a smooth gain curve, (lookahead − 1) samples late. */
export class LookaheadGainComputer {
  readonly lookaheadSamples: number;
  private readonly minValues: Float64Array;
  private readonly minIndices: Float64Array;
  private minHead = 0;
  private minLength = 0;
  private readonly boxValues: Float64Array;
  private boxSum: number;
  private index = 0;
  private release = 1;
  private samplesAtUnity: number;
  private readonly releaseCoefficient: number;

  constructor(sampleRateHz: number) {
    const window = limiterLookaheadSamples(sampleRateHz);
    this.lookaheadSamples = window;
    this.minValues = new Float64Array(window + 1);
    this.minIndices = new Float64Array(window + 1);
    this.boxValues = new Float64Array(window).fill(1);
    this.boxSum = window;
    this.samplesAtUnity = window;
    this.releaseCoefficient = 1 - Math.exp(-1 / (RELEASE_SECONDS * sampleRateHz));
  }

  /** True when the gain is 1 and stays 1 for as long as the required gains are 1. */
  get idle(): boolean {
    return this.samplesAtUnity >= this.lookaheadSamples;
  }

  /** Advances an idle computer over `count` samples whose required gain is 1 (their output gain is 1). */
  skipIdle(count: number): void {
    this.minLength = 0;
    this.boxValues.fill(1);
    this.boxSum = this.lookaheadSamples;
    this.index += count;
    this.samplesAtUnity += count;
  }

  /** Takes the required gain of the newest sample; returns the gain for the sample L − 1 back. */
  next(required: number): number {
    const window = this.lookaheadSamples;
    const capacity = window + 1;
    const values = this.minValues;
    const indices = this.minIndices;
    const index = this.index;
    // monotonic deque: drop larger values from the back, expired ones from the front
    while (this.minLength > 0) {
      const back = (this.minHead + this.minLength - 1) % capacity;
      if (values[back]! < required) break;
      this.minLength--;
    }
    values[(this.minHead + this.minLength) % capacity] = required;
    indices[(this.minHead + this.minLength) % capacity] = index;
    this.minLength++;
    if (indices[this.minHead]! <= index - window) {
      this.minHead = (this.minHead + 1) % capacity;
      this.minLength--;
    }
    const windowMin = values[this.minHead]!;
    let held = this.release;
    if (windowMin < held) held = windowMin;
    else if (windowMin - held < 1e-6) held = windowMin;
    else held += (windowMin - held) * this.releaseCoefficient;
    this.release = held;
    this.samplesAtUnity = held === 1 ? this.samplesAtUnity + 1 : 0;
    const slot = index % window;
    this.boxSum += held - this.boxValues[slot]!;
    this.boxValues[slot] = held;
    this.index = index + 1;
    // rounding drift of the running sum could let the gain creep over the bound: clamp to it
    const gain = this.boxSum / window;
    return Math.min(gain, 1);
  }
}

/**
 * Streaming limiter with a fixed input gain: detects peaks (2× oversampled), limits to the
 * ceiling and outputs exactly as many samples as it receives, `latencySamples` late.
 */
export class StreamingLimiter {
  readonly latencySamples: number;
  private readonly detector = new FastPeakEnvelope();
  private readonly gainComputer: LookaheadGainComputer;
  private readonly delayLeft: Float32Array;
  private readonly delayRight: Float32Array;
  private delayIndex = 0;
  private envelope = new Float32Array(0);

  constructor(
    sampleRateHz: number,
    private readonly gainLinear: number,
    private readonly ceilingLinear: number,
  ) {
    this.gainComputer = new LookaheadGainComputer(sampleRateHz);
    this.latencySamples = FAST_PEAK_DELAY_SAMPLES + this.gainComputer.lookaheadSamples - 1;
    this.delayLeft = new Float32Array(this.latencySamples);
    this.delayRight = new Float32Array(this.latencySamples);
  }

  /** Limits `count` samples from `offset` in place: each output is the input latencySamples back. */
  process(left: Float32Array, right: Float32Array, offset: number, count: number): void {
    if (this.envelope.length < count) this.envelope = new Float32Array(count);
    const envelope = this.envelope;
    const gain = this.gainLinear;
    const threshold = this.ceilingLinear / gain;
    this.detector.process(left, right, offset, count, envelope, 0);
    const delayLeft = this.delayLeft;
    const delayRight = this.delayRight;
    const length = delayLeft.length;
    let d = this.delayIndex;
    for (let i = 0; i < count; i++) {
      const e = envelope[i]!;
      const g = this.gainComputer.next(e > threshold ? threshold / e : 1) * gain;
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
