// FLAC through libflacjs (libFLAC 1.3 compiled by emscripten), its WASM build loaded once per
// process from the package's own files.
import { createRequire } from 'node:module';
import type { AudioBuffer } from '../types.js';
import { createQuantiser16, quantise24 } from './quantise.js';

/** The part of libflacjs's API this encoder uses (its own typings do not load under NodeNext ESM). */
interface LibFlac {
  isReady(): boolean;
  on(event: 'ready', listener: () => void): void;
  create_libflac_encoder(
    sampleRateHz: number,
    channels: number,
    bitsPerSample: number,
    compressionLevel: number,
    totalSamples: number,
    verify: boolean,
    blockSize: number,
  ): number;
  init_encoder_stream(encoder: number, write: (data: Uint8Array) => void): number;
  FLAC__stream_encoder_process(encoder: number, channels: Int32Array[], samples: number): boolean;
  FLAC__stream_encoder_finish(encoder: number): boolean;
  FLAC__stream_encoder_delete(encoder: number): void;
  create_libflac_decoder(verify: boolean): number;
  init_decoder_stream(
    decoder: number,
    read: (bytes: number) => { buffer: Uint8Array; readDataLength: number; error: boolean },
    write: (channels: Uint8Array[], frame: { blocksize: number; bitsPerSample: number }) => void,
    error: (code: number, description: string) => void,
    metadata?: (metadata: { sampleRate: number; channels: number; total_samples: number }) => void,
    ogg?: boolean,
  ): number;
  FLAC__stream_decoder_process_until_end_of_stream(decoder: number): boolean;
  FLAC__stream_decoder_finish(decoder: number): boolean;
  FLAC__stream_decoder_delete(decoder: number): void;
}

let library: Promise<LibFlac> | null = null;

/** Loads libflacjs once; the same promise serves every later call. */
export function loadLibFlac(): Promise<LibFlac> {
  library ??= new Promise<LibFlac>((resolve, reject) => {
    const require = createRequire(import.meta.url);
    // Its emscripten 1.39 loader picks fetch() whenever fetch exists, which in Node 18+ fails on a
    // file path; hiding fetch while the module evaluates makes it read the .wasm beside itself.
    const savedFetch = globalThis.fetch;
    let flac: LibFlac;
    try {
      (globalThis as { fetch?: unknown }).fetch = undefined;
      flac = require('libflacjs/dist/libflac.wasm.js') as LibFlac;
    } catch (error) {
      reject(error);
      return;
    } finally {
      globalThis.fetch = savedFetch;
    }
    if (flac.isReady()) resolve(flac);
    else flac.on('ready', () => resolve(flac));
  });
  return library;
}

const CHUNK_SAMPLES = 4096 * 16;
/**
 * libFLAC level 1: on a 120 s track 40 % less time than the default level 5 (389 against 657 ms)
 * for 1.6 % more bytes (13.0 against 12.8 MB). Every track's master is encoded as it is made, so
 * time counts more than the last percent of size.
 */
const COMPRESSION_LEVEL = 1;

/** Encodes stereo PCM as FLAC: 16-bit (default) TPDF-dithered as the WAV writer does, or 24-bit undithered. */
export async function encodeFlac(
  buffer: AudioBuffer,
  options: {
    bitDepth?: 16 | 24;
    /**
     * Receives the file's bytes in order as they are encoded; together they are the result (the
     * encoder has no seek callback, so STREAMINFO is written once, up front, and never rewritten).
     */
    onBytes?: (bytes: Uint8Array) => void;
  } = {},
): Promise<Uint8Array> {
  const flac = await loadLibFlac();
  const bitDepth = options.bitDepth ?? 16;
  const frames = buffer.left.length;
  const encoder = flac.create_libflac_encoder(
    buffer.sampleRate,
    2,
    bitDepth,
    COMPRESSION_LEVEL,
    frames,
    false,
    0,
  );
  if (encoder === 0) throw new Error('libflacjs could not create an encoder');
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    const status = flac.init_encoder_stream(encoder, (data) => {
      const copy = data.slice();
      parts.push(copy);
      total += data.length;
      options.onBytes?.(copy);
    });
    if (status !== 0) throw new Error(`libflacjs encoder init failed with status ${status}`);
    // 16-bit: dithered as the WAV writer dithers (seed 0), so the two files hold the same samples
    const quantise16 = bitDepth === 16 ? createQuantiser16(0) : undefined;
    const left = new Int32Array(CHUNK_SAMPLES);
    const right = new Int32Array(CHUNK_SAMPLES);
    for (let offset = 0; offset < frames; offset += CHUNK_SAMPLES) {
      const count = Math.min(CHUNK_SAMPLES, frames - offset);
      if (quantise16) {
        quantise16(buffer.left, buffer.right, offset, count, { left, right, leftAt: 0, rightAt: 0, step: 1 });
      } else {
        for (let i = 0; i < count; i++) {
          left[i] = quantise24(buffer.left[offset + i]!);
          right[i] = quantise24(buffer.right[offset + i]!);
        }
      }
      if (!flac.FLAC__stream_encoder_process(encoder, [left, right], count)) {
        throw new Error('libflacjs failed to encode a block');
      }
    }
    if (!flac.FLAC__stream_encoder_finish(encoder)) throw new Error('libflacjs failed to finish the stream');
  } finally {
    flac.FLAC__stream_encoder_delete(encoder);
  }
  const bytes = new Uint8Array(total);
  let position = 0;
  for (const part of parts) {
    bytes.set(part, position);
    position += part.length;
  }
  return bytes;
}

/**
 * Decodes a stereo FLAC file of 16 or 24 bits (the files encodeFlac writes) to PCM, each sample at
 * its integer's value over the scale encodeFlac quantised with, so writing the result again at that
 * depth without dither (a WAV, or a 24-bit FLAC) gives back exactly the file's samples.
 */
export async function decodeFlac(bytes: Uint8Array): Promise<AudioBuffer> {
  const flac = await loadLibFlac();
  const decoder = flac.create_libflac_decoder(false);
  if (decoder === 0) throw new Error('libflacjs could not create a decoder');
  let sampleRate = 0;
  let left = new Float32Array(0);
  let right = new Float32Array(0);
  let frames = 0;
  let failure: string | undefined;
  let position = 0;
  try {
    const status = flac.init_decoder_stream(
      decoder,
      (wanted) => {
        const piece = bytes.subarray(position, Math.min(bytes.length, position + wanted));
        position += piece.length;
        return { buffer: piece, readDataLength: piece.length, error: false };
      },
      (channels, frame) => {
        const count = frame.blocksize;
        if (failure || frames + count > left.length) {
          failure ??= 'more samples than its STREAMINFO names';
          return;
        }
        readSamples(channels[0]!, frame.bitsPerSample, count, left, frames);
        readSamples(channels[1]!, frame.bitsPerSample, count, right, frames);
        frames += count;
      },
      (_code, description) => {
        failure ??= description;
      },
      (metadata) => {
        sampleRate = metadata.sampleRate;
        if (metadata.channels !== 2) failure ??= `a ${metadata.channels}-channel file, not stereo`;
        // encodeFlac always names the length, so the samples have their place before they come
        left = new Float32Array(metadata.total_samples);
        right = new Float32Array(metadata.total_samples);
      },
      false,
    );
    if (status !== 0) throw new Error(`libflacjs decoder init failed with status ${status}`);
    const ok = flac.FLAC__stream_decoder_process_until_end_of_stream(decoder);
    flac.FLAC__stream_decoder_finish(decoder);
    if (!ok || failure)
      throw new Error(`not a FLAC file this decoder can read: ${failure ?? 'decoding stopped'}`);
  } finally {
    flac.FLAC__stream_decoder_delete(decoder);
  }
  if (sampleRate === 0) throw new Error('not a FLAC file this decoder can read: no STREAMINFO');
  return { sampleRate, left: left.subarray(0, frames), right: right.subarray(0, frames) };
}

/** libflacjs hands each channel's samples as little-endian integers: 2 bytes for 16-bit, 4 for 24-bit. */
function readSamples(
  bytes: Uint8Array,
  bitsPerSample: number,
  count: number,
  into: Float32Array,
  at: number,
): void {
  const scale = 2 ** (bitsPerSample - 1) - 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length === 2 * count)
    for (let i = 0; i < count; i++) into[at + i] = view.getInt16(2 * i, true) / scale;
  else for (let i = 0; i < count; i++) into[at + i] = view.getInt32(4 * i, true) / scale;
}
