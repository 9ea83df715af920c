// A soft vinyl bed for lo-fi: filtered hiss plus sparse seeded crackles. GM banks have no such
// sound; a seeded generator keeps it identical for the same request.
import { createRng } from '../random.js';

const HISS_LEVEL = 0.0035;
const CRACKLES_PER_SECOND = 7;
const HISS_CUTOFF_HZ = 5000;

/** Adds the vinyl bed, range by range in order. */
export interface VinylLayer {
  addRange(left: Float32Array, right: Float32Array, offset: number, sampleCount: number): void;
}

/** Creates a vinyl layer seeded for one track. */
export function createVinylLayer(seed: number, sampleRate: number): VinylLayer {
  const rng = createRng(seed).fork('vinyl-crackle');
  // The hiss needs two random numbers per sample: an inline xorshift32 seeded from the track's
  // generator is ~5× cheaper than the general-purpose Rng in this loop.
  let noiseState = (Math.floor(rng.next() * 0xffffffff) | 1) >>> 0;
  const noise = (): number => {
    noiseState ^= noiseState << 13;
    noiseState ^= noiseState >>> 17;
    noiseState ^= noiseState << 5;
    return (noiseState >>> 0) / 2147483648 - 1;
  };
  const crackleThreshold = (2 * CRACKLES_PER_SECOND) / sampleRate - 1;
  const hissCoefficient = 1 - Math.exp((-2 * Math.PI * HISS_CUTOFF_HZ) / sampleRate);
  const crackleDecay = Math.exp(-1 / (0.00035 * sampleRate));
  let hissLeft = 0;
  let hissRight = 0;
  let crackle = 0;
  let crackleBalance = 0.5;
  return {
    addRange(left, right, offset, sampleCount) {
      for (let i = offset; i < offset + sampleCount; i++) {
        hissLeft += hissCoefficient * (noise() - hissLeft);
        hissRight += hissCoefficient * (noise() - hissRight);
        if (noise() < crackleThreshold) {
          crackle = (rng.next() < 0.5 ? -1 : 1) * (0.015 + 0.06 * rng.next() ** 3);
          crackleBalance = rng.next();
        }
        crackle *= crackleDecay;
        left[i] = (left[i] as number) + hissLeft * HISS_LEVEL + crackle * (1 - crackleBalance);
        right[i] = (right[i] as number) + hissRight * HISS_LEVEL + crackle * crackleBalance;
      }
    },
  };
}
