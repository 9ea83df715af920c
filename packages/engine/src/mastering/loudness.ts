// Loudness by ITU-R BS.1770-4 / EBU R128: K-weighting, 400 ms blocks overlapping by 75 %,
// an absolute gate at −70 LUFS and a relative gate 10 LU under the ungated mean.
import type { AudioBuffer } from '../types.js';
import { biquadGainDb, createKWeightingCoefficients } from './biquad.js';
import { measureTruePeakLinear } from './true-peak.js';

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;

export interface LoudnessMeasurement {
  /** −Infinity when every block is gated out (silence, or shorter than 400 ms). */
  integratedLufs: number;
  truePeakDbtp: number;
  samplePeakDbfs: number;
}

/** Integrated loudness, true peak and sample peak of a stereo buffer (BS.1770-4). */
export function measureLoudness(buffer: AudioBuffer): LoudnessMeasurement {
  const { left, right } = buffer;
  let samplePeak = 0;
  for (let i = 0; i < left.length; i++)
    samplePeak = Math.max(samplePeak, Math.abs(left[i]!), Math.abs(right[i]!));
  return {
    integratedLufs: measureIntegratedLoudness(left, right, buffer.sampleRate),
    truePeakDbtp: linearToDb(measureTruePeakLinear(left, right)),
    samplePeakDbfs: linearToDb(samplePeak),
  };
}

/** Gain of the whole K-weighting filter at a frequency, in dB (≈ 0 at 1 kHz, ≈ +4 above 2 kHz). */
export function kWeightingGainDb(frequencyHz: number, sampleRateHz: number): number {
  const [shelf, highPass] = createKWeightingCoefficients(sampleRateHz);
  return biquadGainDb(shelf, frequencyHz, sampleRateHz) + biquadGainDb(highPass, frequencyHz, sampleRateHz);
}

/** Integrated loudness in LUFS of a stereo pair (channel weights 1, 1). */
export function measureIntegratedLoudness(
  left: Float32Array,
  right: Float32Array,
  sampleRateHz: number,
): number {
  const meter = new LoudnessMeter(sampleRateHz);
  meter.push(left, right, 0, left.length);
  return meter.integratedLufs();
}

/** BS.1770 integrated loudness of audio pushed in order in pieces of any size. */
export class LoudnessMeter {
  private readonly filter: KWeighting;
  private readonly hopSamples: number;
  private readonly hops: number[] = [];
  private energy = 0;
  private samplesInHop = 0;
  // one piece of scratch at a time keeps memory flat for long tracks
  private power = new Float32Array(0);

  constructor(sampleRateHz: number) {
    this.filter = new KWeighting(sampleRateHz);
    this.hopSamples = Math.round(sampleRateHz * 0.1);
  }

  /** Adds `count` samples of left/right from `offset`. */
  push(left: Float32Array, right: Float32Array, offset: number, count: number): void {
    for (let done = 0; done < count; ) {
      const piece = Math.min(count - done, this.hopSamples - this.samplesInHop);
      if (this.power.length < piece) this.power = new Float32Array(this.hopSamples);
      const power = this.power;
      this.filter.process(left, right, offset + done, piece, power);
      let energy = this.energy;
      for (let i = 0; i < piece; i++) energy += power[i]!;
      this.energy = energy;
      this.samplesInHop += piece;
      done += piece;
      if (this.samplesInHop === this.hopSamples) {
        this.hops.push(this.energy);
        this.energy = 0;
        this.samplesInHop = 0;
      }
    }
  }

  /** Loudness of everything pushed so far (a partial last hop is left out, as BS.1770 blocks do). */
  integratedLufs(): number {
    return gatedLoudness(Float64Array.from(this.hops), this.hopSamples);
  }
}

/** Writes the K-weighted power (left² + right² after K-weighting) of each sample into `power`. */
export function kWeightedPower(
  left: Float32Array,
  right: Float32Array,
  sampleRateHz: number,
  power: Float32Array,
): void {
  new KWeighting(sampleRateHz).process(left, right, 0, left.length, power);
}

/** The BS.1770 K-weighting of a stereo pair, with state kept between chunks. */
class KWeighting {
  private readonly c: number[];
  private readonly z = new Float64Array(8);
  constructor(sampleRateHz: number) {
    const [s, h] = createKWeightingCoefficients(sampleRateHz);
    this.c = [s.b0, s.b1, s.b2, s.a1, s.a2, h.b0, h.b1, h.b2, h.a1, h.a2];
  }

  /**
   * K-weighted power of `count` samples from `offset` into power[0 … count).
   * Hot loop, deliberately inlined: both stages for both channels run in registers.
   */
  process(left: Float32Array, right: Float32Array, offset: number, count: number, power: Float32Array): void {
    const [sb0, sb1, sb2, sa1, sa2, hb0, hb1, hb2, ha1, ha2] = this.c as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const z = this.z;
    let ls1 = z[0]!,
      ls2 = z[1]!,
      lh1 = z[2]!,
      lh2 = z[3]!,
      rs1 = z[4]!,
      rs2 = z[5]!,
      rh1 = z[6]!,
      rh2 = z[7]!;
    for (let i = 0; i < count; i++) {
      const xl = left[offset + i]!;
      const yl = sb0 * xl + ls1;
      ls1 = sb1 * xl - sa1 * yl + ls2;
      ls2 = sb2 * xl - sa2 * yl;
      const zl = hb0 * yl + lh1;
      lh1 = hb1 * yl - ha1 * zl + lh2;
      lh2 = hb2 * yl - ha2 * zl;
      const xr = right[offset + i]!;
      const yr = sb0 * xr + rs1;
      rs1 = sb1 * xr - sa1 * yr + rs2;
      rs2 = sb2 * xr - sa2 * yr;
      const zr = hb0 * yr + rh1;
      rh1 = hb1 * yr - ha1 * zr + rh2;
      rh2 = hb2 * yr - ha2 * zr;
      power[i] = zl * zl + zr * zr;
    }
    z[0] = ls1;
    z[1] = ls2;
    z[2] = lh1;
    z[3] = lh2;
    z[4] = rs1;
    z[5] = rs2;
    z[6] = rh1;
    z[7] = rh2;
  }
}

/** Sums per-sample power into 100 ms hops (a partial last hop is dropped, as BS.1770 blocks do). */
export function sumHops(power: Float32Array, hopSamples: number, gains?: Float32Array): Float64Array {
  const hopCount = Math.floor(power.length / hopSamples);
  const hops = new Float64Array(hopCount);
  for (let hop = 0; hop < hopCount; hop++) {
    let energy = 0;
    const end = (hop + 1) * hopSamples;
    if (gains) {
      for (let i = hop * hopSamples; i < end; i++) energy += gains[i]! * gains[i]! * power[i]!;
    } else {
      for (let i = hop * hopSamples; i < end; i++) energy += power[i]!;
    }
    hops[hop] = energy;
  }
  return hops;
}

/** BS.1770 gating over 400 ms blocks of four hops: absolute −70 LUFS, then relative −10 LU. */
export function gatedLoudness(hopEnergy: Float64Array, hopSamples: number): number {
  const hopCount = hopEnergy.length;
  if (hopCount < 4) return Number.NEGATIVE_INFINITY;
  const blockCount = hopCount - 3;
  const blockSamples = 4 * hopSamples;
  const blockPower = new Float64Array(blockCount);
  const absoluteGatePower = loudnessToPower(ABSOLUTE_GATE_LUFS);
  let sum = 0;
  let count = 0;
  for (let b = 0; b < blockCount; b++) {
    const power = (hopEnergy[b]! + hopEnergy[b + 1]! + hopEnergy[b + 2]! + hopEnergy[b + 3]!) / blockSamples;
    blockPower[b] = power;
    if (power > absoluteGatePower) {
      sum += power;
      count++;
    }
  }
  if (count === 0) return Number.NEGATIVE_INFINITY;
  const relativeGatePower = loudnessToPower(powerToLoudness(sum / count) + RELATIVE_GATE_LU);
  const gatePower = Math.max(relativeGatePower, absoluteGatePower);
  sum = 0;
  count = 0;
  for (let b = 0; b < blockCount; b++) {
    const power = blockPower[b]!;
    if (power > gatePower) {
      sum += power;
      count++;
    }
  }
  return count === 0 ? Number.NEGATIVE_INFINITY : powerToLoudness(sum / count);
}

function powerToLoudness(power: number): number {
  return -0.691 + 10 * Math.log10(power);
}

function loudnessToPower(lufs: number): number {
  return 10 ** ((lufs + 0.691) / 10);
}

/** Linear magnitude → dB (−Infinity for 0). */
export function linearToDb(value: number): number {
  return 20 * Math.log10(value);
}

/** dB → linear magnitude. */
export function dbToLinear(db: number): number {
  return 10 ** (db / 20);
}
