// True-peak detection by 4× oversampling with the polyphase FIR of ITU-R BS.1770-4 Annex 2.
// Phase p at input m estimates the signal at time m − 6 + (2p + 1)/8 (centre taps 5 and 6), so
// every interpolated value lies between samples m − 6 and m − 5 and the envelope lags by 6 samples.

/** Samples by which the true-peak envelope lags its input. */
export const TRUE_PEAK_DELAY_SAMPLES = 6;

// BS.1770-4 Annex 2, Table: phases 0 and 1; phases 2 and 3 are their mirror images.
const P0 = [
  0.001708984375, 0.010986328125, -0.0196533203125, 0.033203125, -0.0594482421875, 0.1373291015625,
  0.97216796875, -0.102294921875, 0.047607421875, -0.026611328125, 0.014892578125, -0.00830078125,
] as const;
const P1 = [
  -0.0291748046875, 0.029296875, -0.0517578125, 0.089111328125, -0.16650390625, 0.465087890625, 0.77978515625,
  -0.2003173828125, 0.1015625, -0.0582275390625, 0.0330810546875, -0.0189208984375,
] as const;

/** No interpolated value exceeds this multiple of the largest magnitude in its 12-sample window. */
const MAX_FILTER_GAIN = Math.max(
  P0.reduce((sum, tap) => sum + Math.abs(tap), 0),
  P1.reduce((sum, tap) => sum + Math.abs(tap), 0),
);
const BLOCK_SAMPLES = 128;
const HISTORY = 11;

/**
 * For each i in [from, to): the largest |interpolated value| of one channel between samples
 * i + 5 and i + 6 of `work` (its 12-sample window is work[i … i + 11]); max-accumulated into spans.
 * Hot loop, deliberately inlined. Phase 0 (P0) and phase 3 (P0 reversed) share the folded sums
 * s_k = x_k + x_{11−k} and d_k = x_k − x_{11−k}: phase 0 = S + D and phase 3 = S − D with the
 * literal half-sum/half-difference taps below, so max(|phase 0|, |phase 3|) = |S| + |D|; phases 1
 * and 2 likewise with P1. Literal taps compile to immediates, which keeps registers for the window.
 */
function accumulateSpans(
  work: Float32Array,
  from: number,
  to: number,
  spans: Float32Array,
  first: boolean,
): void {
  let x1 = work[from + 10]!,
    x2 = work[from + 9]!,
    x3 = work[from + 8]!,
    x4 = work[from + 7]!;
  let x5 = work[from + 6]!,
    x6 = work[from + 5]!,
    x7 = work[from + 4]!,
    x8 = work[from + 3]!;
  let x9 = work[from + 2]!,
    x10 = work[from + 1]!,
    x11 = work[from]!;
  for (let i = from; i < to; i++) {
    const x0 = work[i + 11]!;
    const s0 = x0 + x11,
      s1 = x1 + x10,
      s2 = x2 + x9,
      s3 = x3 + x8,
      s4 = x4 + x7,
      s5 = x5 + x6;
    const d0 = x0 - x11,
      d1 = x1 - x10,
      d2 = x2 - x9,
      d3 = x3 - x8,
      d4 = x4 - x7,
      d5 = x5 - x6;
    const sumA =
      -0.0032958984375 * s0 +
      0.012939453125 * s1 -
      0.02313232421875 * s2 +
      0.0404052734375 * s3 -
      0.08087158203125 * s4 +
      0.55474853515625 * s5;
    const diffA =
      0.0050048828125 * d0 -
      0.001953125 * d1 +
      0.00347900390625 * d2 -
      0.0072021484375 * d3 +
      0.02142333984375 * d4 -
      0.41741943359375 * d5;
    const sumB =
      -0.0240478515625 * s0 +
      0.03118896484375 * s1 -
      0.05499267578125 * s2 +
      0.0953369140625 * s3 -
      0.18341064453125 * s4 +
      0.6224365234375 * s5;
    const diffB =
      -0.005126953125 * d0 -
      0.00189208984375 * d1 +
      0.00323486328125 * d2 -
      0.0062255859375 * d3 +
      0.01690673828125 * d4 -
      0.1573486328125 * d5;
    // max(a, b) = (a + b + |a − b|) / 2, to an ulp: Math.abs is branch-free but V8's Math.max
    // branches, and data-dependent branches mispredict on audio (it measured 3× slower)
    const a = Math.abs(sumA) + Math.abs(diffA);
    const b = Math.abs(sumB) + Math.abs(diffB);
    const span = 0.5 * (a + b + Math.abs(a - b));
    const other = first ? 0 : spans[i]!;
    spans[i] = 0.5 * (span + other + Math.abs(span - other));
    x11 = x10;
    x10 = x9;
    x9 = x8;
    x8 = x7;
    x7 = x6;
    x6 = x5;
    x5 = x4;
    x4 = x3;
    x3 = x2;
    x2 = x1;
    x1 = x0;
  }
}

/**
 * Streaming stereo true-peak envelope: env[k] = max over both channels of |x[k]| and the
 * interpolated values on either side of k, emitted TRUE_PEAK_DELAY_SAMPLES after sample k.
 * Blocks whose window cannot reach `skipBelow` (by the filter's gain bound) are not interpolated:
 * their envelope is written as 0, which is exact for a limiter whose threshold is `skipBelow`.
 */
export class TruePeakEnvelope {
  // per channel: the last 11 samples, then the chunk being processed
  private workLeft = new Float32Array(HISTORY);
  private workRight = new Float32Array(HISTORY);
  private spans = new Float32Array(0);
  private previousSpanPeak = 0;
  private previousBlockMax = 0;
  /** Largest envelope value computed so far (linear). */
  maxPeak = 0;

  /**
   * Consumes `count` samples of `left`/`right` from `offset`; writes one envelope value per input
   * sample to `out` from `outOffset`, each for the sample 6 earlier. With `out` null it only
   * tracks maxPeak and also skips blocks that cannot beat it.
   */
  process(
    left: Float32Array,
    right: Float32Array,
    offset: number,
    count: number,
    out: Float32Array | null,
    outOffset: number,
    skipBelow: number,
  ): void {
    if (this.workLeft.length < HISTORY + count) {
      const grownLeft = new Float32Array(HISTORY + count);
      const grownRight = new Float32Array(HISTORY + count);
      grownLeft.set(this.workLeft.subarray(0, HISTORY));
      grownRight.set(this.workRight.subarray(0, HISTORY));
      this.workLeft = grownLeft;
      this.workRight = grownRight;
      this.spans = new Float32Array(count);
    }
    const workLeft = this.workLeft;
    const workRight = this.workRight;
    const spans = this.spans;
    workLeft.set(left.subarray(offset, offset + count), HISTORY);
    workRight.set(right.subarray(offset, offset + count), HISTORY);
    let previous = this.previousSpanPeak;
    let previousBlockMax = this.previousBlockMax;
    let maxPeak = this.maxPeak;
    for (let blockStart = 0; blockStart < count; blockStart += BLOCK_SAMPLES) {
      const blockEnd = Math.min(count, blockStart + BLOCK_SAMPLES);
      let blockMax = 0;
      for (let i = HISTORY + blockStart; i < HISTORY + blockEnd; i++) {
        blockMax = Math.max(blockMax, Math.abs(workLeft[i]!), Math.abs(workRight[i]!));
      }
      const windowMax = Math.max(blockMax, previousBlockMax);
      previousBlockMax = blockMax;
      const threshold = out === null && maxPeak > skipBelow ? maxPeak : skipBelow;
      // the window of sample i reaches 11 back: inside this block and the one before when ≥ 11 long
      if (windowMax * MAX_FILTER_GAIN <= threshold && blockEnd - blockStart >= HISTORY) {
        if (out !== null) out.fill(0, outOffset + blockStart, outOffset + blockEnd);
        previous = 0;
        continue;
      }
      accumulateSpans(workLeft, blockStart, blockEnd, spans, true);
      accumulateSpans(workRight, blockStart, blockEnd, spans, false);
      for (let i = blockStart; i < blockEnd; i++) {
        // envelope of sample m − 6: its own magnitude and the spans on both sides of it
        const span = spans[i]!;
        const al = Math.abs(workLeft[i + 5]!);
        const ar = Math.abs(workRight[i + 5]!);
        const own = 0.5 * (al + ar + Math.abs(al - ar));
        const sides = 0.5 * (span + previous + Math.abs(span - previous));
        const env = 0.5 * (own + sides + Math.abs(own - sides));
        if (env > maxPeak) maxPeak = env;
        if (out !== null) out[outOffset + i] = env;
        previous = span;
      }
    }
    workLeft.copyWithin(0, count, count + HISTORY);
    workRight.copyWithin(0, count, count + HISTORY);
    this.previousSpanPeak = previous;
    this.previousBlockMax = previousBlockMax;
    this.maxPeak = maxPeak;
  }
}

const MEASURE_CHUNK_SAMPLES = 1 << 16;
const FLUSH = new Float32Array(TRUE_PEAK_DELAY_SAMPLES + 6);

/** The true peak of a stereo signal as a linear magnitude (≥ its sample peak). */
export function measureTruePeakLinear(left: Float32Array, right: Float32Array): number {
  const detector = new TruePeakEnvelope();
  let samplePeak = 0;
  for (let i = 0; i < left.length; i++)
    samplePeak = Math.max(samplePeak, Math.abs(left[i]!), Math.abs(right[i]!));
  // chunks keep the detector's working copy small however long the track
  for (let offset = 0; offset < left.length; offset += MEASURE_CHUNK_SAMPLES) {
    detector.process(
      left,
      right,
      offset,
      Math.min(MEASURE_CHUNK_SAMPLES, left.length - offset),
      null,
      0,
      samplePeak,
    );
  }
  // zeros after the end let the filter ring out past the last samples
  detector.process(FLUSH, FLUSH, 0, FLUSH.length, null, 0, samplePeak);
  return Math.max(samplePeak, detector.maxPeak);
}
