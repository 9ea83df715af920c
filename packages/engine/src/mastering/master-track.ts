// The offline master: EQ → glue compression → loudness gain → look-ahead limiter (2× detection,
// verified with the 4× BS.1770 meter) → fades or a loop seam, with the gain iterated until the
// measured result sits on the loudness target.
import type { AudioBuffer } from '../types.js';
import { applyFadeIn, applyFadeOut, chooseFadeOutSeconds, makeLoopSeam } from './fades.js';
import { LIMITER_MARGIN_DB, LookaheadGainComputer } from './limiter.js';
import {
  dbToLinear,
  gatedLoudness,
  kWeightedPower,
  linearToDb,
  measureIntegratedLoudness,
  sumHops,
} from './loudness.js';
import { FAST_PEAK_DELAY_SAMPLES, FastPeakEnvelope } from './peak-envelope.js';
import { GLUE_THRESHOLD_DBFS, GlueCompressor, MasterEq } from './tone.js';
import { measureTruePeakLinear } from './true-peak.js';

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
}

export interface MasterResult {
  buffer: AudioBuffer;
  loudnessLufs: number;
  truePeakDbtp: number;
  /** The loudness gain applied after compression (makes up for limiting too). */
  gainDb: number;
  /** The gain the compressor's threshold was set for; createStreamingMaster's compressionGainDb. */
  compressionGainDb: number;
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
  const source = loop ? { left: input.left.slice(), right: input.right.slice() } : input;
  if (loop)
    makeLoopSeam(source.left, source.right, Math.round((options.crossfadeSeconds ?? 0.1) * sampleRate));

  // Loop mode processes [tail | track | head] so the chain's state at the end matches its start.
  const prerollSamples = loop ? Math.min(length, Math.round(LOOP_PREROLL_SECONDS * sampleRate)) : 0;
  const postrollSamples = loop ? Math.min(length, 256 + Math.round(0.01 * sampleRate)) : 0;
  const workLength = prerollSamples + length + postrollSamples;
  // one working copy, processed in place by EQ then compressor (memory: a 120 s track is 21 MB a plane)
  const workLeft = new Float32Array(workLength);
  const workRight = new Float32Array(workLength);
  workLeft.set(source.left.subarray(length - prerollSamples), 0);
  workRight.set(source.right.subarray(length - prerollSamples), 0);
  workLeft.set(source.left, prerollSamples);
  workRight.set(source.right, prerollSamples);
  workLeft.set(source.left.subarray(0, postrollSamples), prerollSamples + length);
  workRight.set(source.right.subarray(0, postrollSamples), prerollSamples + length);
  new MasterEq(sampleRate).process(workLeft, workRight, workLeft, workRight, 0, workLength);

  const hopSamples = Math.round(sampleRate * 0.1);
  const track = (a: Float32Array) => a.subarray(prerollSamples, prerollSamples + length);
  // The first guess uses unweighted power (a gated loudness without K-weighting): it costs a tenth
  // of the K-filter, the iterations correct the guess anyway, and the compressor's detector is
  // unweighted too, so its threshold is best referred to the unweighted level.
  const kPower = new Float32Array(length);
  const trackLeft = track(workLeft);
  const trackRight = track(workRight);
  for (let i = 0; i < length; i++)
    kPower[i] = trackLeft[i]! * trackLeft[i]! + trackRight[i]! * trackRight[i]!;
  const inputHops = sumHops(kPower, hopSamples);
  const inputLufs = gatedLoudness(inputHops, hopSamples);
  const fadeOutSeconds = loop ? 0 : (options.fadeOutSeconds ?? chooseFadeOutSeconds(inputHops));
  const outLeft = new Float32Array(length);
  const outRight = new Float32Array(length);
  const buffer = { sampleRate, left: outLeft, right: outRight };
  if (!Number.isFinite(inputLufs)) {
    // silence or under 400 ms of sound: nothing to normalise, but peaks still go under the ceiling
    const scale = Math.min(
      1,
      dbToLinear(ceilingDbtp - 0.02) / Math.max(1e-9, measureTruePeakLinear(source.left, source.right)),
    );
    for (let i = 0; i < length; i++) {
      outLeft[i] = source.left[i]! * scale;
      outRight[i] = source.right[i]! * scale;
    }
    shapeEdges(buffer, fadeInSeconds, Math.min(fadeOutSeconds, 0.05));
    const truePeakDbtp = linearToDb(measureTruePeakLinear(outLeft, outRight));
    return { buffer, loudnessLufs: inputLufs, truePeakDbtp, gainDb: linearToDb(scale), compressionGainDb: 0 };
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
  const envelope = peakEnvelope(workLeft, workRight);
  kWeightedPower(track(workLeft), track(workRight), sampleRate, kPower);

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
  let outputIsCurrent = false;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    limitGains(envelope, prerollSamples, dbToLinear(gainDb), limiterCeiling, gains, sampleRate);
    outputIsCurrent = false;
    applyFadeIn(Math.round(fadeInSeconds * sampleRate), gains);
    applyFadeOut(Math.round(fadeOutSeconds * sampleRate), gains);
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
    applyGains(workLeft, workRight, prerollSamples, gains, outLeft, outRight);
    outputIsCurrent = true;
    loudnessLufs = measureIntegratedLoudness(outLeft, outRight, sampleRate);
    if (Math.abs(targetLufs - loudnessLufs) > VERIFIED_TOLERANCE_LU && verified < 2) {
      verified++;
      correctionLu += loudnessLufs - estimateLufs;
      continue;
    }
    truePeakDbtp = linearToDb(measureTruePeakLinear(outLeft, outRight));
    if (truePeakDbtp <= ceilingDbtp) break;
    // the fast detector missed an inter-sample peak (bright material): aim the limiter lower
    limiterCeiling *= dbToLinear(ceilingDbtp - truePeakDbtp - 0.05);
  }
  if (!outputIsCurrent) {
    // out of iterations before converging (pathological material): keep the last gains
    applyGains(workLeft, workRight, prerollSamples, gains, outLeft, outRight);
    loudnessLufs = measureIntegratedLoudness(outLeft, outRight, sampleRate);
    truePeakDbtp = Number.NEGATIVE_INFINITY;
  }
  if (!(truePeakDbtp > Number.NEGATIVE_INFINITY && truePeakDbtp <= ceilingDbtp)) {
    // last resort after the iterations: scale under the ceiling, trading a little loudness
    const truePeak = measureTruePeakLinear(outLeft, outRight);
    const scale = Math.min(1, dbToLinear(ceilingDbtp - 0.02) / truePeak);
    for (let i = 0; i < length; i++) {
      outLeft[i]! *= scale;
      outRight[i]! *= scale;
    }
    truePeakDbtp = linearToDb(truePeak * scale);
    loudnessLufs = measureIntegratedLoudness(outLeft, outRight, sampleRate);
  }
  return { buffer, loudnessLufs, truePeakDbtp, gainDb, compressionGainDb };
}

function applyGains(
  left: Float32Array,
  right: Float32Array,
  startSample: number,
  gains: Float32Array,
  outLeft: Float32Array,
  outRight: Float32Array,
): void {
  for (let j = 0; j < gains.length; j++) {
    const g = gains[j]!;
    outLeft[j] = left[j + startSample]! * g;
    outRight[j] = right[j + startSample]! * g;
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

const BLOCK_SAMPLES = 64;

/**
 * Offline pass of the look-ahead limiter: the gain computer runs over the whole envelope
 * (pre-roll included, so its state is settled) and writes the total gain (loudness gain × limiter
 * gain) of every track sample into gains. Hot loop; blocks with nothing to limit while the gain
 * rests at 1 are filled without running the computer.
 */
function limitGains(
  envelope: Float32Array,
  startSample: number,
  gain: number,
  ceiling: number,
  gains: Float32Array,
  sampleRate: number,
): void {
  const computer = new LookaheadGainComputer(sampleRate);
  const delay = computer.lookaheadSamples - 1;
  const threshold = ceiling / gain;
  const length = gains.length;
  const total = envelope.length + delay;
  let k = 0;
  while (k < total) {
    const blockEnd = Math.min(total, k + BLOCK_SAMPLES);
    let quiet = computer.idle && blockEnd <= envelope.length;
    for (let i = k; quiet && i < blockEnd; i++) if (envelope[i]! > threshold) quiet = false;
    if (quiet) {
      computer.skipIdle(blockEnd - k);
      const from = Math.max(0, k - delay - startSample);
      const to = Math.min(length, blockEnd - delay - startSample);
      if (to > from) gains.fill(gain, from, to);
      k = blockEnd;
      continue;
    }
    for (; k < blockEnd; k++) {
      const e = k < envelope.length ? envelope[k]! : 0;
      const g = computer.next(e > threshold ? threshold / e : 1);
      const j = k - delay - startSample;
      if (j >= 0 && j < length) gains[j] = g * gain;
    }
  }
}
