// FLAC through libflacjs (libFLAC 1.3 compiled by emscripten), its WASM build loaded once per
// process from the package's own files.
import { createRequire } from 'node:module';
import type { AudioBuffer } from '../types.js';

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
/** libFLAC's default level: nearly the best ratio at a fraction of level 8's time. */
const COMPRESSION_LEVEL = 5;

/** Encodes stereo PCM as FLAC (default 16-bit, undithered: the master is already at its ceiling). */
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
    const scale = 2 ** (bitDepth - 1) - 1;
    const left = new Int32Array(CHUNK_SAMPLES);
    const right = new Int32Array(CHUNK_SAMPLES);
    for (let offset = 0; offset < frames; offset += CHUNK_SAMPLES) {
      const count = Math.min(CHUNK_SAMPLES, frames - offset);
      for (let i = 0; i < count; i++) {
        left[i] = quantise(buffer.left[offset + i]!, scale);
        right[i] = quantise(buffer.right[offset + i]!, scale);
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

/** Rounds to the integer grid, one step inside full scale (as the WAV writer does). */
function quantise(sample: number, scale: number): number {
  const q = Math.round(sample * scale);
  const limit = scale - 1;
  return q > limit ? limit : Math.max(q, -limit);
}
