// Deterministic test signals for the mastering and encoding tests.
import { createRng } from '../../src/random.js';
import type { AudioBuffer } from '../../src/types.js';

/** A stereo sine with the same peak amplitude in both channels. */
export function stereoSine(
  frequencyHz: number,
  amplitude: number,
  durationSeconds: number,
  sampleRate = 48000,
  phaseRadians = 0,
): AudioBuffer {
  const length = Math.round(durationSeconds * sampleRate);
  const left = new Float32Array(length);
  for (let i = 0; i < length; i++)
    left[i] = amplitude * Math.sin((2 * Math.PI * frequencyHz * i) / sampleRate + phaseRadians);
  return { sampleRate, left, right: left.slice() };
}

/** Concatenates buffers of one sample rate. */
export function concat(...buffers: AudioBuffer[]): AudioBuffer {
  const length = buffers.reduce((sum, b) => sum + b.left.length, 0);
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  let offset = 0;
  for (const b of buffers) {
    left.set(b.left, offset);
    right.set(b.right, offset);
    offset += b.left.length;
  }
  return { sampleRate: buffers[0]!.sampleRate, left, right };
}

/**
 * Music-like material: pink-ish noise in bursts (a drum-ish envelope every half second), a bass
 * tone, a chord and a bright partial, at a given overall scale. Seeded, so tests are repeatable.
 */
export function musicLike(durationSeconds: number, scale: number, seed = 1, sampleRate = 44100): AudioBuffer {
  const rng = createRng(seed).fork('test-signal');
  const length = Math.round(durationSeconds * sampleRate);
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  const beatSamples = Math.round(0.5 * sampleRate);
  for (let i = 0; i < length; i++) {
    const white = rng.next() * 2 - 1;
    // Paul Kellet's economy pink filter
    b0 = 0.99765 * b0 + white * 0.099046;
    b1 = 0.963 * b1 + white * 0.2965164;
    b2 = 0.57 * b2 + white * 1.0526913;
    const pink = (b0 + b1 + b2 + white * 0.1848) * 0.2;
    const hit = Math.exp(-(i % beatSamples) / (0.06 * sampleRate));
    const t = i / sampleRate;
    const bass = 0.5 * Math.sin(2 * Math.PI * 55 * t) * (0.6 + 0.4 * hit);
    const chord =
      0.15 *
      (Math.sin(2 * Math.PI * 220 * t) +
        Math.sin(2 * Math.PI * 277.18 * t) +
        Math.sin(2 * Math.PI * 329.63 * t));
    const bright = 0.05 * Math.sin(2 * Math.PI * 5274 * t);
    left[i] = scale * (pink * hit + bass + chord + bright);
    right[i] = scale * (pink * hit * 0.8 + bass + 0.9 * chord - bright);
  }
  return { sampleRate, left, right };
}

/** Joins streamed chunks into one buffer. */
export function joinChunks(chunks: AudioBuffer[]): AudioBuffer {
  return concat(...chunks);
}
