// Plain-JS signal helpers for the analyzer: downmix, resampling to essentia's 44.1 kHz, an
// oversampled true-peak meter (essentia.js 0.1.3's TruePeakDetector throws on every call in its
// WASM build), clipping and silence measurement.

/** The sample rate most essentia algorithms (OnsetRate, RhythmExtractor2013) assume. */
export const ANALYSIS_SAMPLE_RATE = 44100;

/** Averages channels into one mono plane. */
export function downmix(channels: Float32Array[]): Float32Array {
  const length = channels[0]?.length ?? 0;
  const mono = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < length; i++) mono[i] = (mono[i] as number) + (channel[i] as number);
  }
  const scale = 1 / Math.max(1, channels.length);
  for (let i = 0; i < length; i++) mono[i] = (mono[i] as number) * scale;
  return mono;
}

function blackman(position: number): number {
  // position in [−1, 1]
  const x = (position + 1) / 2;
  return 0.42 - 0.5 * Math.cos(2 * Math.PI * x) + 0.08 * Math.cos(4 * Math.PI * x);
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}

/** Band-limited resampling by windowed sinc (fine for analysis, not for mastering). */
export function resample(input: Float32Array, fromRateHz: number, toRateHz: number): Float32Array {
  if (fromRateHz === toRateHz) return input;
  const ratio = toRateHz / fromRateHz;
  const outLength = Math.floor(input.length * ratio);
  const output = new Float32Array(outLength);
  const cutoff = 0.95 * Math.min(1, ratio); // relative to the input Nyquist
  const halfTaps = 16;
  const halfWidth = halfTaps / cutoff;
  for (let n = 0; n < outLength; n++) {
    const center = n / ratio;
    const first = Math.ceil(center - halfWidth);
    const last = Math.floor(center + halfWidth);
    let sum = 0;
    for (let k = first; k <= last; k++) {
      if (k < 0 || k >= input.length) continue;
      const distance = k - center;
      sum += (input[k] as number) * cutoff * sinc(cutoff * distance) * blackman(distance / halfWidth);
    }
    output[n] = sum;
  }
  return output;
}

const OVERSAMPLING = 4;
const TRUE_PEAK_HALF_TAPS = 12;
// Polyphase interpolation filter for 4× oversampling, as ITU-R BS.1770-4 Annex 2 describes
// (a low-pass at the original Nyquist); phase 0 is the original sample itself.
const TRUE_PEAK_PHASES: Float64Array[] = Array.from({ length: OVERSAMPLING }, (_, phase) => {
  const taps = new Float64Array(2 * TRUE_PEAK_HALF_TAPS);
  for (let t = 0; t < taps.length; t++) {
    const distance = t - TRUE_PEAK_HALF_TAPS + 1 - phase / OVERSAMPLING;
    taps[t] = sinc(distance) * blackman(distance / (TRUE_PEAK_HALF_TAPS + 1));
  }
  return taps;
});

/** Inter-sample peak of one channel, linear, by 4× polyphase oversampling. */
export function truePeakLinear(samples: Float32Array): number {
  let peak = 0;
  const length = samples.length;
  for (let i = 0; i < length; i++) {
    const sample = Math.abs(samples[i] as number);
    if (sample > peak) peak = sample;
    for (let phase = 1; phase < OVERSAMPLING; phase++) {
      const taps = TRUE_PEAK_PHASES[phase] as Float64Array;
      let sum = 0;
      // Interpolates between sample i and i+1 using neighbours i−11 … i+12.
      for (let t = 0; t < taps.length; t++) {
        const k = i - TRUE_PEAK_HALF_TAPS + 1 + t;
        if (k >= 0 && k < length) sum += (samples[k] as number) * (taps[t] as number);
      }
      const magnitude = Math.abs(sum);
      if (magnitude > peak) peak = magnitude;
    }
  }
  return peak;
}

/** Converts a linear amplitude to decibels, with −Infinity for silence. */
export function toDb(linear: number): number {
  return linear > 0 ? 20 * Math.log10(linear) : Number.NEGATIVE_INFINITY;
}

/** Samples at or beyond 16-bit full scale (|s| ≥ 0.9999), counted across channels. */
export function countClippedSamples(channels: Float32Array[], thresholdLinear = 0.9999): number {
  let count = 0;
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) if (Math.abs(channel[i] as number) >= thresholdLinear) count++;
  }
  return count;
}

/** Longest run of consecutive windows whose RMS (over all channels) is below the threshold. */
export function longestSilenceSeconds(
  channels: Float32Array[],
  sampleRate: number,
  thresholdDbfs = -60,
  windowSeconds = 0.05,
): number {
  const windowSamples = Math.max(1, Math.round(windowSeconds * sampleRate));
  const length = channels[0]?.length ?? 0;
  const thresholdPower = 10 ** (thresholdDbfs / 10);
  let longestWindows = 0;
  let runWindows = 0;
  for (let start = 0; start < length; start += windowSamples) {
    const end = Math.min(length, start + windowSamples);
    let power = 0;
    for (const channel of channels) for (let i = start; i < end; i++) power += (channel[i] as number) ** 2;
    power /= (end - start) * channels.length;
    if (power < thresholdPower) {
      runWindows++;
      if (runWindows > longestWindows) longestWindows = runWindows;
    } else runWindows = 0;
  }
  return Math.min(longestWindows * windowSamples, length) / sampleRate;
}
