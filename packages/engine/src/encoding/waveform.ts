// Min/max peaks for drawing a waveform: one pair per bucket over both channels.
import type { AudioBuffer, WaveformPeaks } from '../types.js';

/** Computes `peakCount` (default 1000) min/max pairs, rounded outward to 4 decimals so they bound the audio. */
export function computeWaveformPeaks(
  buffer: AudioBuffer,
  options: { peakCount?: number } = {},
): WaveformPeaks {
  const peakCount = Math.max(1, Math.floor(options.peakCount ?? 1000));
  const { left, right } = buffer;
  const length = left.length;
  const peaks = new Array<number>(peakCount * 2);
  for (let bucket = 0; bucket < peakCount; bucket++) {
    const from = Math.floor((bucket * length) / peakCount);
    // a bucket narrower than a sample (short audio) still shows the sample it falls on
    const to = Math.max(Math.floor(((bucket + 1) * length) / peakCount), Math.min(length, from + 1));
    let min = 0;
    let max = 0;
    for (let i = from; i < to; i++) {
      const a = left[i]!;
      const b = right[i]!;
      if (a < min) min = a;
      if (b < min) min = b;
      if (a > max) max = a;
      if (b > max) max = b;
    }
    peaks[bucket * 2] = Math.max(-1, Math.floor(min * 1e4) / 1e4);
    peaks[bucket * 2 + 1] = Math.min(1, Math.ceil(max * 1e4) / 1e4);
  }
  return { samplesPerPeak: length / peakCount, peaks };
}
