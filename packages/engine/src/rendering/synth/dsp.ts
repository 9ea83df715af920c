// The synthesiser's building blocks: band-limited oscillators (PolyBLEP), a resonant
// state-variable filter (the trapezoidal "TPT" form, stable under fast cutoff sweeps), ADSR
// envelopes and a seeded noise source. Plain numbers in, numbers out: no allocation per sample.

/**
 * PolyBLEP correction for a discontinuity at phase 0 (t in [0, 1), dt the phase step): subtracting
 * it from a naive saw removes most of the aliasing a hard edge folds back below Nyquist.
 */
export function polyBlep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

/** A band-limited sawtooth at phase t (rising −1 → 1). */
export function sawBlep(t: number, dt: number): number {
  return 2 * t - 1 - polyBlep(t, dt);
}

/** A band-limited square (duty 0.5) at phase t. */
export function squareBlep(t: number, dt: number): number {
  const naive = t < 0.5 ? 1 : -1;
  const shifted = t + 0.5 >= 1 ? t - 0.5 : t + 0.5;
  return naive + polyBlep(t, dt) - polyBlep(shifted, dt);
}

/** A resonant state-variable filter (Simper's trapezoidal form); low, band and high outputs. */
export class StateVariableFilter {
  private ic1 = 0;
  private ic2 = 0;
  private a1 = 0;
  private a2 = 0;
  private a3 = 0;
  private k = 1;
  band = 0;
  high = 0;

  constructor(private readonly sampleRate: number) {}

  /** cutoffHz is clamped below Nyquist; resonance 0 (none) … ~0.97 (near self-oscillation). */
  set(cutoffHz: number, resonance: number): void {
    const fc = Math.min(Math.max(cutoffHz, 10), this.sampleRate * 0.45);
    const g = Math.tan((Math.PI * fc) / this.sampleRate);
    this.k = 2 - 2 * Math.min(Math.max(resonance, 0), 0.98);
    this.a1 = 1 / (1 + g * (g + this.k));
    this.a2 = g * this.a1;
    this.a3 = g * this.a2;
  }

  /** Filters one sample and returns the low-pass output (band and high are kept on the filter). */
  process(input: number): number {
    const v3 = input - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    this.band = v1;
    this.high = input - this.k * v1 - v2;
    return v2;
  }
}

export interface AdsrShape {
  attackSeconds: number;
  decaySeconds: number;
  /** 0…1 */
  sustain: number;
  releaseSeconds: number;
}

/**
 * A linear-attack, exponential-decay/release ADSR. The exponential segments approach their target
 * with a time constant of a third of the stage, so a stage is 95 % done at its stated length.
 */
export class Adsr {
  value = 0;
  private stage: 'attack' | 'decay' | 'release' | 'done' = 'attack';
  private readonly attackStep: number;
  private readonly decayCoefficient: number;
  private readonly releaseCoefficient: number;

  constructor(
    private readonly shape: AdsrShape,
    sampleRate: number,
  ) {
    this.attackStep = 1 / Math.max(1, shape.attackSeconds * sampleRate);
    this.decayCoefficient = Math.exp(-3 / Math.max(1, shape.decaySeconds * sampleRate));
    this.releaseCoefficient = Math.exp(-3 / Math.max(1, shape.releaseSeconds * sampleRate));
  }

  release(): void {
    if (this.stage !== 'done') this.stage = 'release';
  }

  get finished(): boolean {
    return this.stage === 'done';
  }

  next(): number {
    switch (this.stage) {
      case 'attack':
        this.value += this.attackStep;
        if (this.value >= 1) {
          this.value = 1;
          this.stage = 'decay';
        }
        break;
      case 'decay':
        this.value = this.shape.sustain + (this.value - this.shape.sustain) * this.decayCoefficient;
        break;
      case 'release':
        this.value *= this.releaseCoefficient;
        if (this.value < 1e-4) {
          this.value = 0;
          this.stage = 'done';
        }
        break;
      case 'done':
        break;
    }
    return this.value;
  }
}

/** A seeded xorshift32 white-noise source in [−1, 1): cheap enough to call per sample. */
export function createNoise(seed: number): () => number {
  let state = (seed | 1) >>> 0;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2147483648 - 1;
  };
}

/** MIDI pitch → Hz (A4 = 440). */
export function pitchToHz(pitch: number): number {
  return 440 * 2 ** ((pitch - 69) / 12);
}
