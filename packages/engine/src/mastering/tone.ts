// The first two links of the mastering chain, both stateful so that the offline master and the
// streaming master run the very same code: a gentle EQ and a slow "glue" bus compressor.
import { createHighPassCoefficients, createShelfCoefficients } from './biquad.js';

const LOW_CUT_HZ = 30;
const AIR_SHELF_HZ = 8000;
const AIR_SHELF_GAIN_DB = 1;
const LOW_SHELF_HZ = 120;
const LOW_SHELF_GAIN_DB = -0.5;

/** Low cut at 30 Hz (rumble a mix never needs) and a subtle tilt: −0.5 dB lows, +1 dB air. */
export class MasterEq {
  private readonly c: Float64Array;
  // two state words per stage per channel: [stage0 L z1, z2, stage0 R z1, z2, stage1 L …]
  private readonly z = new Float64Array(12);
  constructor(sampleRateHz: number) {
    const stages = [
      createHighPassCoefficients(LOW_CUT_HZ, sampleRateHz),
      createShelfCoefficients(LOW_SHELF_HZ, LOW_SHELF_GAIN_DB, sampleRateHz, false),
      createShelfCoefficients(AIR_SHELF_HZ, AIR_SHELF_GAIN_DB, sampleRateHz, true),
    ];
    this.c = Float64Array.from(stages.flatMap((c) => [c.b0, c.b1, c.b2, c.a1, c.a2]));
  }

  /**
   * Filters source into target (may be the same arrays) over [offset, offset + count).
   * Hot loop, deliberately inlined: three biquads for two channels in one pass, so the six
   * independent recursions overlap in the CPU instead of running six passes over memory.
   */
  process(
    sourceLeft: Float32Array,
    sourceRight: Float32Array,
    targetLeft: Float32Array,
    targetRight: Float32Array,
    offset: number,
    count: number,
  ): void {
    const c = this.c;
    const [ab0, ab1, ab2, aa1, aa2] = [c[0]!, c[1]!, c[2]!, c[3]!, c[4]!];
    const [bb0, bb1, bb2, ba1, ba2] = [c[5]!, c[6]!, c[7]!, c[8]!, c[9]!];
    const [cb0, cb1, cb2, ca1, ca2] = [c[10]!, c[11]!, c[12]!, c[13]!, c[14]!];
    const z = this.z;
    let al1 = z[0]!,
      al2 = z[1]!,
      ar1 = z[2]!,
      ar2 = z[3]!;
    let bl1 = z[4]!,
      bl2 = z[5]!,
      br1 = z[6]!,
      br2 = z[7]!;
    let cl1 = z[8]!,
      cl2 = z[9]!,
      cr1 = z[10]!,
      cr2 = z[11]!;
    const end = offset + count;
    for (let i = offset; i < end; i++) {
      const xl = sourceLeft[i]!;
      const xr = sourceRight[i]!;
      const yl = ab0 * xl + al1;
      al1 = ab1 * xl - aa1 * yl + al2;
      al2 = ab2 * xl - aa2 * yl;
      const yr = ab0 * xr + ar1;
      ar1 = ab1 * xr - aa1 * yr + ar2;
      ar2 = ab2 * xr - aa2 * yr;
      const ul = bb0 * yl + bl1;
      bl1 = bb1 * yl - ba1 * ul + bl2;
      bl2 = bb2 * yl - ba2 * ul;
      const ur = bb0 * yr + br1;
      br1 = bb1 * yr - ba1 * ur + br2;
      br2 = bb2 * yr - ba2 * ur;
      const vl = cb0 * ul + cl1;
      cl1 = cb1 * ul - ca1 * vl + cl2;
      cl2 = cb2 * ul - ca2 * vl;
      const vr = cb0 * ur + cr1;
      cr1 = cb1 * ur - ca1 * vr + cr2;
      cr2 = cb2 * ur - ca2 * vr;
      targetLeft[i] = vl;
      targetRight[i] = vr;
    }
    const state = [al1, al2, ar1, ar2, bl1, bl2, br1, br2, cl1, cl2, cr1, cr2];
    // flush denormals so a long silent tail stays fast
    for (let k = 0; k < 12; k++) z[k] = Math.abs(state[k]!) < 1e-25 ? 0 : state[k]!;
  }
}

/** Where the glue compressor starts working, as mean-square dBFS after the loudness gain. */
export const GLUE_THRESHOLD_DBFS = -16;
const GLUE_RATIO = 2;
const GLUE_KNEE_DB = 6;
const GLUE_ATTACK_SECONDS = 0.03;
const GLUE_RELEASE_SECONDS = 0.3;
const CONTROL_INTERVAL_SAMPLES = 16;

/**
 * A slow 2:1 soft-knee RMS compressor, in place. The threshold is given before the loudness gain
 * (thresholdDb − gainDb), so compressing then amplifying equals amplifying then compressing.
 */
export class GlueCompressor {
  private powerEnvelope = 0;
  private blockPower = 0;
  private gain = 1;
  private gainStep = 0;
  private untilControl = 0;
  private readonly attackCoefficient: number;
  private readonly releaseCoefficient: number;
  constructor(
    sampleRateHz: number,
    private readonly thresholdDb: number,
  ) {
    // the detector runs once per control block, so its time constants are per block
    this.attackCoefficient = 1 - Math.exp(-CONTROL_INTERVAL_SAMPLES / (GLUE_ATTACK_SECONDS * sampleRateHz));
    this.releaseCoefficient = 1 - Math.exp(-CONTROL_INTERVAL_SAMPLES / (GLUE_RELEASE_SECONDS * sampleRateHz));
  }

  /**
   * Compresses left/right in place over [offset, offset + count). Hot loop: the detector and the dB
   * gain law run once per 16-sample block (a slow compressor loses nothing by it) and the gain is
   * ramped linearly across the next block, so the per-sample work is a sum of squares and a multiply.
   */
  process(left: Float32Array, right: Float32Array, offset: number, count: number): void {
    const slope = 1 - 1 / GLUE_RATIO;
    const halfKnee = GLUE_KNEE_DB / 2;
    let envelope = this.powerEnvelope;
    let blockPower = this.blockPower;
    let gain = this.gain;
    let step = this.gainStep;
    let untilControl = this.untilControl;
    const end = offset + count;
    let i = offset;
    while (i < end) {
      if (untilControl === 0) {
        const over = 10 * Math.log10(envelope + 1e-20) - this.thresholdDb;
        let reductionDb = 0;
        if (over >= halfKnee) reductionDb = slope * over;
        else if (over > -halfKnee) reductionDb = (slope * (over + halfKnee) ** 2) / (2 * GLUE_KNEE_DB);
        step = (10 ** (-reductionDb / 20) - gain) / CONTROL_INTERVAL_SAMPLES;
        untilControl = CONTROL_INTERVAL_SAMPLES;
      }
      const blockEnd = Math.min(end, i + untilControl);
      untilControl -= blockEnd - i;
      for (; i < blockEnd; i++) {
        const l = left[i]!;
        const r = right[i]!;
        blockPower += l * l + r * r;
        gain += step;
        left[i] = l * gain;
        right[i] = r * gain;
      }
      if (untilControl === 0) {
        const power = blockPower / (2 * CONTROL_INTERVAL_SAMPLES);
        blockPower = 0;
        envelope +=
          (power > envelope ? this.attackCoefficient : this.releaseCoefficient) * (power - envelope);
      }
    }
    this.powerEnvelope = envelope;
    this.blockPower = blockPower;
    this.gain = gain;
    this.gainStep = step;
    this.untilControl = untilControl;
  }
}
