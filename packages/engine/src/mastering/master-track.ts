// The offline master: EQ → glue compression → loudness gain → look-ahead limiter (2× detection,
// verified with the 4× BS.1770 meter) → fades or a loop seam, with the gain iterated until the
// measured result sits on the loudness target. Memory: one working copy of the track (none with
// inPlace) plus three single-channel planes (peak envelope, K-weighted power, gains); the result is
// written into the working copy once the gains are verified.
import type { AudioBuffer } from '../types.js';
import { applyFadeIn, applyFadeOut, chooseFadeOutSeconds, makeLoopSeam } from './fades.js';
import { computeLimiterGains, LIMITER_MARGIN_DB, prepareLimiterPeaks } from './limiter.js';
import {
  dbToLinear,
  gatedLoudness,
  kWeightedPower,
  LoudnessMeter,
  linearToDb,
  measureIntegratedLoudness,
  sumHops,
} from './loudness.js';
import { FAST_PEAK_DELAY_SAMPLES, FastPeakEnvelope } from './peak-envelope.js';
import { GLUE_THRESHOLD_DBFS, GlueCompressor, MasterEq } from './tone.js';
import { measureTruePeakLinear, TRUE_PEAK_DELAY_SAMPLES, TruePeakEnvelope } from './true-peak.js';

export interface MasterOptions {
  /** Integrated loudness to reach (default −14 LUFS, the streaming-platform norm). */
  targetLoudnessLufs?: number;
  /** True-peak ceiling (default −1 dBTP). */
  ceilingDbtp?: number;
  /** Default 5 ms: just enough to avoid a click at the start. */
  fadeInSeconds?: number;
  /** Default: 1 s, or 50 ms when the music already ends by itself. */
  fadeOutSeconds?: number;
  /** Make the file loop seamlessly instead of fading its ends. */
  loop?: boolean;
  /** Width of the loop seam on each side of it (default 0.1 s). */
  crossfadeSeconds?: number;
  /**
   * The input already went through the master's EQ (MasterEq, e.g. block by block while it
   * was rendered), so it is not filtered again; ignored when looping, which filters its pre-roll too.
   */
  equalized?: boolean;
  /**
   * Master in the input's own arrays and return them (default false: the input is left as it is).
   * Saves a full-length stereo copy when the caller has no further use for the mix; loops still copy.
   */
  inPlace?: boolean;
  /** Called after each pass over the track with a rough fraction done. */
  onProgress?: (fraction: number) => void;
  /**
   * Apply these gains (another master's MasterResult.gains) instead of measuring this mix: every
   * stage of the chain is causal but for the limiter's 3 ms look-ahead, so two mixes that agree up
   * to a sample come out of it identical up to there (an extension and its original). The result
   * then sits near, not on, the loudness target.
   */
  fixedGains?: MasterGains;
}

/** Everything masterTrack decided from the whole mix: with these, the chain is a causal filter. */
export interface MasterGains {
  gainDb: number;
  compressionGainDb: number;
  /** Linear, as the limiter used it (a dB round trip would not give back the same float). */
  limiterCeiling: number;
  /** A last scale under the ceiling when the iterations did not converge (else 1). */
  scale: number;
  /** The mix had no measurable loudness: only `scale` was applied. */
  silent: boolean;
}

export interface MasterResult {
  /** The master; its channels may be views into a longer working buffer (loop mode). */
  buffer: AudioBuffer;
  loudnessLufs: number;
  truePeakDbtp: number;
  /** The loudness gain applied after compression (makes up for limiting too). */
  gainDb: number;
  /** The gain the compressor's threshold was set for; createStreamingMaster's compressionGainDb. */
  compressionGainDb: number;
  /** What to pass as MasterOptions.fixedGains to master a continuation of this mix identically. */
  gains: MasterGains;
}

const LOUDNESS_TOLERANCE_LU = 0.05;
/** The real meter may differ this much from the target before the estimate is corrected. */
const VERIFIED_TOLERANCE_LU = 0.2;
const MAX_ITERATIONS = 12;
/** Loop mode runs the chain over this much of the tail first, so its state is already settled. */
const LOOP_PREROLL_SECONDS = 1;

/** Masters a rendered mix to the loudness target and true-peak ceiling, keeping its exact length. */
export function masterTrack(input: AudioBuffer, options: MasterOptions = {}): MasterResult {
  const sampleRate = input.sampleRate;
  const length = input.left.length;
  const targetLufs = options.targetLoudnessLufs ?? -14;
  const ceilingDbtp = options.ceilingDbtp ?? -1;
  const loop = options.loop ?? false;
  const fadeInSeconds = loop ? 0 : (options.fadeInSeconds ?? 0.005);
  const progress = options.onProgress ?? (() => {});

  // Loop mode processes [tail | track | head] so the chain's state at the end matches its start.
  const prerollSamples = loop ? Math.min(length, Math.round(LOOP_PREROLL_SECONDS * sampleRate)) : 0;
  const postrollSamples = loop ? Math.min(length, 256 + Math.round(0.01 * sampleRate)) : 0;
  const workLength = prerollSamples + length + postrollSamples;
  let workLeft = input.left;
  let workRight = input.right;
  if (loop || !options.inPlace) {
    workLeft = new Float32Array(workLength);
    workRight = new Float32Array(workLength);
    workLeft.set(input.left, prerollSamples);
    workRight.set(input.right, prerollSamples);
  }
  const track = (a: Float32Array) => a.subarray(prerollSamples, prerollSamples + length);
  const trackLeft = track(workLeft);
  const trackRight = track(workRight);
  if (loop) {
    makeLoopSeam(trackLeft, trackRight, Math.round((options.crossfadeSeconds ?? 0.1) * sampleRate));
    for (const channel of [workLeft, workRight]) {
      channel.copyWithin(0, length, prerollSamples + length);
      channel.copyWithin(prerollSamples + length, prerollSamples, prerollSamples + postrollSamples);
    }
  }
  if (loop || !options.equalized)
    new MasterEq(sampleRate).process(workLeft, workRight, workLeft, workRight, 0, workLength);
  progress(0.15);

  const hopSamples = Math.round(sampleRate * 0.1);
  // The first guess uses unweighted power (a gated loudness without K-weighting): it costs a tenth
  // of the K-filter, the iterations correct the guess anyway, and the compressor's detector is
  // unweighted too, so its threshold is best referred to the unweighted level.
  const inputHops = sumSquaredHops(trackLeft, trackRight, hopSamples);
  const inputLufs = gatedLoudness(inputHops, hopSamples);
  const fadeOutSeconds = loop ? 0 : (options.fadeOutSeconds ?? chooseFadeOutSeconds(inputHops));
  const buffer = { sampleRate, left: trackLeft, right: trackRight };
  if (options.fixedGains) {
    return masterWithFixedGains(options.fixedGains, {
      workLeft,
      workRight,
      buffer,
      prerollSamples,
      fadeInSeconds,
      fadeOutSeconds,
      ceilingDbtp,
    });
  }
  if (!Number.isFinite(inputLufs)) {
    // silence or under 400 ms of sound: nothing to normalise, but peaks still go under the ceiling
    const scale = Math.min(
      1,
      dbToLinear(ceilingDbtp - 0.02) / Math.max(1e-9, measureTruePeakLinear(trackLeft, trackRight)),
    );
    scaleInPlace(trackLeft, trackRight, scale);
    shapeEdges(buffer, fadeInSeconds, Math.min(fadeOutSeconds, 0.05));
    const truePeakDbtp = linearToDb(measureTruePeakLinear(trackLeft, trackRight));
    return {
      buffer,
      loudnessLufs: inputLufs,
      truePeakDbtp,
      gainDb: linearToDb(scale),
      compressionGainDb: 0,
      gains: {
        gainDb: 0,
        compressionGainDb: 0,
        limiterCeiling: dbToLinear(ceilingDbtp),
        scale,
        silent: true,
      },
    };
  }

  // The compressor's threshold is set for the first gain guess (target − input loudness), so the
  // signal it sees after gain sits where the threshold expects; the limiter's loss is then made up
  // by the gain alone. createStreamingMaster takes both gains to reproduce this.
  const compressionGainDb = targetLufs - inputLufs;
  new GlueCompressor(sampleRate, GLUE_THRESHOLD_DBFS - compressionGainDb).process(
    workLeft,
    workRight,
    0,
    workLength,
  );
  progress(0.3);
  const peaks = prepareLimiterPeaks(peakEnvelope(workLeft, workRight), sampleRate);
  const kPower = new Float32Array(length);
  kWeightedPower(trackLeft, trackRight, sampleRate, kPower);
  progress(0.45);

  // Each iteration estimates the loudness as Σ (total gain)² · K-weighted power of the compressed
  // signal: the limiter's gain moves slowly next to most of the K-filter's response, so this tracks
  // the real meter within a few tenths of a LU at a fraction of its cost. The real meter checks the
  // end, and its difference corrects the estimate if needed.
  let gainDb = compressionGainDb;
  let limiterCeiling = dbToLinear(ceilingDbtp - LIMITER_MARGIN_DB);
  const gains = new Float32Array(length);
  let verified = 0;
  let previous: { gainDb: number; lufs: number } | null = null;
  let loudnessLufs = Number.NEGATIVE_INFINITY;
  let truePeakDbtp = Number.NEGATIVE_INFINITY;
  let correctionLu = 0;
  let converged = false;
  for (let iteration = 0; iteration < MAX_ITERATIONS && !converged; iteration++) {
    computeLimiterGains(peaks, prerollSamples, dbToLinear(gainDb), limiterCeiling, gains, sampleRate);
    applyFadeIn(Math.round(fadeInSeconds * sampleRate), gains);
    applyFadeOut(Math.round(fadeOutSeconds * sampleRate), gains);
    progress(Math.min(0.8, 0.5 + 0.1 * iteration));
    const estimateLufs = gatedLoudness(sumHops(kPower, hopSamples, gains), hopSamples) + correctionLu;
    const errorLu = targetLufs - estimateLufs;
    if (Math.abs(errorLu) > LOUDNESS_TOLERANCE_LU) {
      // limiting makes loudness grow slower than gain: step by the secant once there are two points
      const slope =
        previous && gainDb !== previous.gainDb
          ? (estimateLufs - previous.lufs) / (gainDb - previous.gainDb)
          : 1;
      previous = { gainDb, lufs: estimateLufs };
      gainDb += errorLu / Math.min(1, Math.max(0.1, slope));
      continue;
    }
    // both meters read the gained signal piece by piece, so no output exists until it passes
    const measured = measureGained(workLeft, workRight, prerollSamples, gains, sampleRate);
    loudnessLufs = measured.loudnessLufs;
    if (Math.abs(targetLufs - loudnessLufs) > VERIFIED_TOLERANCE_LU && verified < 2) {
      verified++;
      correctionLu += loudnessLufs - estimateLufs;
      continue;
    }
    truePeakDbtp = linearToDb(measured.truePeakLinear);
    if (truePeakDbtp <= ceilingDbtp) converged = true;
    // the fast detector missed an inter-sample peak (bright material): aim the limiter lower
    else limiterCeiling *= dbToLinear(ceilingDbtp - truePeakDbtp - 0.05);
  }
  // out of iterations without converging (pathological material) keeps the last gains
  multiplyInPlace(trackLeft, trackRight, gains);
  progress(0.95);
  let scale = 1;
  if (!converged) {
    // last resort after the iterations: scale under the ceiling, trading a little loudness
    const truePeak = measureTruePeakLinear(trackLeft, trackRight);
    scale = Math.min(1, dbToLinear(ceilingDbtp - 0.02) / truePeak);
    scaleInPlace(trackLeft, trackRight, scale);
    truePeakDbtp = linearToDb(truePeak * scale);
    loudnessLufs = measureIntegratedLoudness(trackLeft, trackRight, sampleRate);
  }
  return {
    buffer,
    loudnessLufs,
    truePeakDbtp,
    gainDb,
    compressionGainDb,
    gains: { gainDb, compressionGainDb, limiterCeiling, scale, silent: false },
  };
}

/** The chain of masterTrack with its decisions given: one pass, no iteration, no measurement first. */
function masterWithFixedGains(
  fixed: MasterGains,
  work: {
    workLeft: Float32Array;
    workRight: Float32Array;
    buffer: AudioBuffer;
    prerollSamples: number;
    fadeInSeconds: number;
    fadeOutSeconds: number;
    ceilingDbtp: number;
  },
): MasterResult {
  const { workLeft, workRight, buffer, prerollSamples } = work;
  const { left, right, sampleRate } = buffer;
  if (!fixed.silent) {
    new GlueCompressor(sampleRate, GLUE_THRESHOLD_DBFS - fixed.compressionGainDb).process(
      workLeft,
      workRight,
      0,
      workLeft.length,
    );
    const peaks = prepareLimiterPeaks(peakEnvelope(workLeft, workRight), sampleRate);
    const gains = new Float32Array(left.length);
    computeLimiterGains(
      peaks,
      prerollSamples,
      dbToLinear(fixed.gainDb),
      fixed.limiterCeiling,
      gains,
      sampleRate,
    );
    applyFadeIn(Math.round(work.fadeInSeconds * sampleRate), gains);
    applyFadeOut(Math.round(work.fadeOutSeconds * sampleRate), gains);
    multiplyInPlace(left, right, gains);
    scaleInPlace(left, right, fixed.scale);
  } else {
    scaleInPlace(left, right, fixed.scale);
    shapeEdges(buffer, work.fadeInSeconds, Math.min(work.fadeOutSeconds, 0.05));
  }
  return {
    buffer,
    loudnessLufs: measureIntegratedLoudness(left, right, sampleRate),
    truePeakDbtp: linearToDb(measureTruePeakLinear(left, right)),
    gainDb: fixed.gainDb,
    compressionGainDb: fixed.compressionGainDb,
    gains: fixed,
  };
}

const MEASURE_CHUNK_SAMPLES = 8192;
const TRUE_PEAK_FLUSH = new Float32Array(TRUE_PEAK_DELAY_SAMPLES + 6);

/** Integrated loudness and true peak of work × gains (track samples from startSample), one pass. */
function measureGained(
  left: Float32Array,
  right: Float32Array,
  startSample: number,
  gains: Float32Array,
  sampleRate: number,
): { loudnessLufs: number; truePeakLinear: number } {
  const meter = new LoudnessMeter(sampleRate);
  const detector = new TruePeakEnvelope();
  const pieceLeft = new Float32Array(MEASURE_CHUNK_SAMPLES);
  const pieceRight = new Float32Array(MEASURE_CHUNK_SAMPLES);
  let samplePeak = 0;
  for (let from = 0; from < gains.length; from += MEASURE_CHUNK_SAMPLES) {
    const count = Math.min(MEASURE_CHUNK_SAMPLES, gains.length - from);
    for (let i = 0; i < count; i++) {
      const g = gains[from + i]!;
      const l = left[startSample + from + i]! * g;
      const r = right[startSample + from + i]! * g;
      pieceLeft[i] = l;
      pieceRight[i] = r;
      const al = Math.abs(l);
      const ar = Math.abs(r);
      // branch-free max, as in the meters
      const m = 0.5 * (al + ar + Math.abs(al - ar));
      samplePeak = 0.5 * (m + samplePeak + Math.abs(m - samplePeak));
    }
    meter.push(pieceLeft, pieceRight, 0, count);
    // with no output array the detector skips blocks that cannot beat the peak found so far
    detector.process(pieceLeft, pieceRight, 0, count, null, 0, 0);
  }
  detector.process(TRUE_PEAK_FLUSH, TRUE_PEAK_FLUSH, 0, TRUE_PEAK_FLUSH.length, null, 0, 0);
  return { loudnessLufs: meter.integratedLufs(), truePeakLinear: Math.max(samplePeak, detector.maxPeak) };
}

/** Sums left² + right² into 100 ms hops. */
function sumSquaredHops(left: Float32Array, right: Float32Array, hopSamples: number): Float64Array {
  const hops = new Float64Array(Math.floor(left.length / hopSamples));
  for (let hop = 0; hop < hops.length; hop++) {
    let energy = 0;
    const end = (hop + 1) * hopSamples;
    for (let i = hop * hopSamples; i < end; i++) energy += left[i]! * left[i]! + right[i]! * right[i]!;
    hops[hop] = energy;
  }
  return hops;
}

function multiplyInPlace(left: Float32Array, right: Float32Array, gains: Float32Array): void {
  for (let i = 0; i < gains.length; i++) {
    const g = gains[i]!;
    left[i]! *= g;
    right[i]! *= g;
  }
}

function scaleInPlace(left: Float32Array, right: Float32Array, scale: number): void {
  if (scale === 1) return;
  for (let i = 0; i < left.length; i++) {
    left[i]! *= scale;
    right[i]! *= scale;
  }
}

function shapeEdges(buffer: AudioBuffer, fadeInSeconds: number, fadeOutSeconds: number): void {
  applyFadeIn(Math.round(fadeInSeconds * buffer.sampleRate), buffer.left, buffer.right);
  applyFadeOut(Math.round(fadeOutSeconds * buffer.sampleRate), buffer.left, buffer.right);
}

/** The limiter's peak envelope aligned with the samples (the detector's delay removed). */
function peakEnvelope(left: Float32Array, right: Float32Array): Float32Array {
  const detector = new FastPeakEnvelope();
  const raw = new Float32Array(left.length + FAST_PEAK_DELAY_SAMPLES);
  detector.process(left, right, 0, left.length, raw, 0);
  const zeros = new Float32Array(FAST_PEAK_DELAY_SAMPLES);
  detector.process(zeros, zeros, 0, zeros.length, raw, left.length);
  return raw.subarray(FAST_PEAK_DELAY_SAMPLES);
}
