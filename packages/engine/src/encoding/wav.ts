// RIFF/WAVE PCM writer. 16-bit output is TPDF-dithered from a seeded generator, so the same
// audio and seed always give the same bytes.
import type { AudioBuffer } from '../types.js';
import { createQuantiser16, quantise24 } from './quantise.js';

export interface WavOptions {
  /** Default 16. */
  bitDepth?: 16 | 24;
  /** Seed of the dither noise (default 0). */
  seed?: number;
  /**
   * 16-bit only: false writes each sample rounded without dither, for audio already on the 16-bit
   * grid (a decoded 16-bit file), which then keeps exactly its samples. Default true.
   */
  dither?: boolean;
}

const HEADER_BYTES = 44;

/** Encodes stereo PCM as a WAV file; no sample ever reaches ±full scale. */
export function encodeWav(buffer: AudioBuffer, options: WavOptions = {}): Uint8Array {
  const bitDepth = options.bitDepth ?? 16;
  const frames = buffer.left.length;
  const bytesPerSample = bitDepth / 8;
  const dataBytes = frames * 2 * bytesPerSample;
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 2, true);
  view.setUint32(24, buffer.sampleRate, true);
  view.setUint32(28, buffer.sampleRate * 2 * bytesPerSample, true);
  view.setUint16(32, 2 * bytesPerSample, true);
  view.setUint16(34, bitDepth, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  if (bitDepth === 16) write16(buffer, bytes, options.dither === false ? undefined : (options.seed ?? 0));
  else write24(buffer, bytes);
  return bytes;
}

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * 16-bit samples (createQuantiser16), through an Int16Array view when the host is little-endian
 * like WAV (every current Node platform), else a copy written with a DataView.
 */
function write16(buffer: AudioBuffer, bytes: Uint8Array, seed: number | undefined): void {
  const frames = buffer.left.length;
  const samples = LITTLE_ENDIAN_HOST
    ? new Int16Array(bytes.buffer, HEADER_BYTES, frames * 2)
    : new Int16Array(frames * 2);
  createQuantiser16(seed)(buffer.left, buffer.right, 0, frames, {
    left: samples,
    right: samples,
    leftAt: 0,
    rightAt: 1,
    step: 2,
  });
  if (!LITTLE_ENDIAN_HOST) {
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < samples.length; i++) view.setInt16(HEADER_BYTES + 2 * i, samples[i]!, true);
  }
}

/** 24-bit samples (quantise24), little-endian. */
function write24(buffer: AudioBuffer, bytes: Uint8Array): void {
  const { left, right } = buffer;
  let offset = HEADER_BYTES;
  const put = (sample: number) => {
    const q = quantise24(sample);
    bytes[offset] = q & 0xff;
    bytes[offset + 1] = (q >> 8) & 0xff;
    bytes[offset + 2] = (q >> 16) & 0xff;
    offset += 3;
  };
  for (let i = 0; i < left.length; i++) {
    put(left[i]!);
    put(right[i]!);
  }
}
