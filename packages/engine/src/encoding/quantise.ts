// Float samples to 16- or 24-bit integers, clamped one step inside full scale; 16-bit with TPDF
// dither from a seeded generator (the difference of two uniform values: ±1 LSB triangular) or
// without. The WAV and FLAC writers share it, so a track's WAV and FLAC hold the same samples and a
// WAV made again from the FLAC is the WAV the render would have written.
import { createRng } from '../random.js';

const SCALE = 32767;
const LIMIT = 32766;

export type Quantise16 = (
  left: Float32Array,
  right: Float32Array,
  from: number,
  count: number,
  out: {
    left: Int16Array | Int32Array;
    right: Int16Array | Int32Array;
    leftAt: number;
    rightAt: number;
    step: number;
  },
) => void;

/**
 * A quantiser whose dither runs on across calls, so a buffer quantised in chunks gets the samples
 * it would get whole. Frame i's left sample goes to out.left[leftAt + i·step], its right sample to
 * out.right[rightAt + i·step]. Without a seed, samples are only rounded: audio already on the
 * 16-bit grid (a decoded 16-bit file) keeps exactly its samples. Hot loop: the generator is inlined
 * xorshift32 seeded from the engine RNG, each 32-bit draw giving the two uniform halves.
 */
export function createQuantiser16(seed: number | undefined): Quantise16 {
  let state = seed === undefined ? 0 : Math.floor(createRng(seed).fork('dither').next() * 4294967296) | 1;
  return (left, right, from, count, out) => {
    const { left: outLeft, right: outRight, leftAt, rightAt, step } = out;
    if (seed === undefined) {
      for (let i = 0; i < count; i++) {
        const l = Math.round(left[from + i]! * SCALE);
        const r = Math.round(right[from + i]! * SCALE);
        outLeft[leftAt + step * i] = l > LIMIT ? LIMIT : Math.max(l, -LIMIT);
        outRight[rightAt + step * i] = r > LIMIT ? LIMIT : Math.max(r, -LIMIT);
      }
      return;
    }
    for (let i = 0; i < count; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const l = Math.round(left[from + i]! * SCALE + ((state & 0xffff) - (state >>> 16)) / 65536);
      outLeft[leftAt + step * i] = l > LIMIT ? LIMIT : Math.max(l, -LIMIT);
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const r = Math.round(right[from + i]! * SCALE + ((state & 0xffff) - (state >>> 16)) / 65536);
      outRight[rightAt + step * i] = r > LIMIT ? LIMIT : Math.max(r, -LIMIT);
    }
  };
}

/** Rounds to the 24-bit grid, undithered (the quantisation noise sits at −144 dBFS). */
export function quantise24(sample: number): number {
  const q = Math.round(sample * 8388607);
  return q > 8388606 ? 8388606 : Math.max(q, -8388606);
}
