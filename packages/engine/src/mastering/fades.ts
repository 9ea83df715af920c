// Edges of a mastered track: short fades at both ends, or a loop seam made continuous by crossfades.

/** Raised-cosine fade-in over the first `fadeSamples` samples of each given channel, in place. */
export function applyFadeIn(fadeSamples: number, ...channels: Float32Array[]): void {
  for (const channel of channels) {
    const n = Math.min(fadeSamples, channel.length);
    for (let i = 0; i < n; i++) channel[i]! *= 0.5 - 0.5 * Math.cos((Math.PI * (i + 0.5)) / n);
  }
}

/** Raised-cosine fade-out over the last `fadeSamples` samples of each given channel, in place. */
export function applyFadeOut(fadeSamples: number, ...channels: Float32Array[]): void {
  for (const channel of channels) {
    const length = channel.length;
    const n = Math.min(fadeSamples, length);
    for (let i = 0; i < n; i++) channel[length - n + i]! *= 0.5 + 0.5 * Math.cos((Math.PI * (i + 0.5)) / n);
  }
}

/**
 * A fade-out length that keeps a natural ending: when the last 300 ms (three 100 ms hops of
 * K-weighted energy) sit 30 dB under the whole track's mean the music has rung out by itself and
 * only a 50 ms tail fade is needed; otherwise one second (short enough that no silence over a
 * second appears).
 */
export function chooseFadeOutSeconds(hopEnergy: Float64Array): number {
  const hops = hopEnergy.length;
  if (hops < 4) return 0.05;
  let whole = 0;
  for (let i = 0; i < hops; i++) whole += hopEnergy[i]!;
  const tail = hopEnergy[hops - 1]! + hopEnergy[hops - 2]! + hopEnergy[hops - 3]!;
  return tail / 3 < (whole / hops) * 1e-3 ? 0.05 : 1;
}

/**
 * Makes a buffer loop without a click, keeping its length and its content. A loop composed to
 * wrap (as composition writes it) already continues musically from its last sample into its first;
 * what breaks is the waveform, where notes ring into the cut. So instead of crossfading in copied
 * audio (which would double the last beat's hits into the downbeat, or comb-filter sustained
 * notes) the step at the wrap is spread as a raised-cosine correction, half before and half after
 * the seam, over `crossfadeSamples` each side: below 4 Hz for the usual quarter second, it is
 * inaudible, and the last sample then leads into the first by the slope its neighbours have.
 */
export function makeLoopSeam(left: Float32Array, right: Float32Array, crossfadeSamples: number): void {
  for (const channel of [left, right]) {
    const n = channel.length;
    const width = Math.min(crossfadeSamples, Math.floor(n / 2));
    if (width < 2) continue;
    // the step the seam should have: the mean of the slopes on either side of it
    const expectedStep = 0.5 * (channel[1]! - channel[0]! + (channel[n - 1]! - channel[n - 2]!));
    const excess = channel[0]! - channel[n - 1]! - expectedStep;
    for (let j = 0; j < width; j++) {
      // weight 1/2 at the seam, fading to 0 `width` samples away on each side
      const weight = 0.25 * (1 + Math.cos((Math.PI * (j + 0.5)) / width));
      channel[j]! -= excess * weight;
      channel[n - 1 - j]! += excess * weight;
    }
  }
}
