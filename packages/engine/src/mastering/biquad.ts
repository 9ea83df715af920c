// Second-order IIR sections: coefficient design (K-weighting of BS.1770, RBJ cookbook shelves and
// Butterworth high-pass) and their magnitude response. The loops that run them are inlined where used.

/** Normalised biquad coefficients (a0 = 1). */
export interface BiquadCoefficients {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * The two K-weighting stages of ITU-R BS.1770-4 for any sample rate. The standard tabulates
 * them at 48 kHz only; these analogue prototypes (pre-filter shelf f0 ≈ 1682 Hz, +4 dB; RLB
 * high-pass f0 ≈ 38 Hz) reproduce that table exactly at 48 kHz (libebur128's derivation).
 */
export function createKWeightingCoefficients(sampleRateHz: number): [BiquadCoefficients, BiquadCoefficients] {
  const shelfHz = 1681.974450955533;
  const shelfGainDb = 3.999843853973347;
  const shelfQ = 0.7071752369554196;
  let k = Math.tan((Math.PI * shelfHz) / sampleRateHz);
  const vh = 10 ** (shelfGainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / shelfQ + k * k;
  const shelf: BiquadCoefficients = {
    b0: (vh + (vb * k) / shelfQ + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / shelfQ + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / shelfQ + k * k) / a0,
  };
  const highPassHz = 38.13547087602444;
  const highPassQ = 0.5003270373238773;
  k = Math.tan((Math.PI * highPassHz) / sampleRateHz);
  a0 = 1 + k / highPassQ + k * k;
  // BS.1770 leaves the RLB numerator unnormalised (1, −2, 1): its passband gain is ~1 already
  const highPass: BiquadCoefficients = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / highPassQ + k * k) / a0,
  };
  return [shelf, highPass];
}

/** RBJ cookbook high-pass (Q 0.7071 = Butterworth). */
export function createHighPassCoefficients(
  cutoffHz: number,
  sampleRateHz: number,
  q = Math.SQRT1_2,
): BiquadCoefficients {
  const w0 = (2 * Math.PI * cutoffHz) / sampleRateHz;
  const alpha = Math.sin(w0) / (2 * q);
  const cos = Math.cos(w0);
  const a0 = 1 + alpha;
  return {
    b0: (1 + cos) / 2 / a0,
    b1: -(1 + cos) / a0,
    b2: (1 + cos) / 2 / a0,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha) / a0,
  };
}

/** RBJ cookbook shelf (slope 1); `high` picks a high shelf, else a low shelf. */
export function createShelfCoefficients(
  cornerHz: number,
  gainDb: number,
  sampleRateHz: number,
  high: boolean,
): BiquadCoefficients {
  const a = 10 ** (gainDb / 40);
  const w0 = (2 * Math.PI * cornerHz) / sampleRateHz;
  const cos = Math.cos(w0);
  const alpha = (Math.sin(w0) / 2) * Math.SQRT2;
  const root = 2 * Math.sqrt(a) * alpha;
  const sign = high ? 1 : -1;
  const a0 = a + 1 - sign * (a - 1) * cos + root;
  return {
    b0: (a * (a + 1 + sign * (a - 1) * cos + root)) / a0,
    b1: (-2 * sign * a * (a - 1 + sign * (a + 1) * cos)) / a0,
    b2: (a * (a + 1 + sign * (a - 1) * cos - root)) / a0,
    a1: (2 * sign * (a - 1 - sign * (a + 1) * cos)) / a0,
    a2: (a + 1 - sign * (a - 1) * cos - root) / a0,
  };
}

/** Magnitude response of a biquad at a frequency, in dB. */
export function biquadGainDb(c: BiquadCoefficients, frequencyHz: number, sampleRateHz: number): number {
  const w = (2 * Math.PI * frequencyHz) / sampleRateHz;
  const cos1 = Math.cos(w);
  const sin1 = Math.sin(w);
  const cos2 = Math.cos(2 * w);
  const sin2 = Math.sin(2 * w);
  const numRe = c.b0 + c.b1 * cos1 + c.b2 * cos2;
  const numIm = -(c.b1 * sin1 + c.b2 * sin2);
  const denRe = 1 + c.a1 * cos1 + c.a2 * cos2;
  const denIm = -(c.a1 * sin1 + c.a2 * sin2);
  return 10 * Math.log10((numRe * numRe + numIm * numIm) / (denRe * denRe + denIm * denIm));
}
