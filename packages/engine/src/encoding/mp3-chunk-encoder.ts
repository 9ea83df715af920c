// MP3 of mastered audio while it is still being made (deps.onChunk), for a listener who starts
// playing before the track is ready. One LAME instance of its own per stream: the shared encoders
// in wasm-encoders.ts serve the finished files, which may be encoding at the same time.
import { createMp3Encoder } from 'wasm-media-encoders';
import type { AudioChunk } from '../types.js';
import { checkMp3Bitrate } from './wasm-encoders.js';

/** Samples per encode() call, as in wasm-encoders.ts: bounds the WASM input buffer. */
const PIECE_SAMPLES = 1152 * 64;

export interface Mp3ChunkEncoderOptions {
  sampleRate?: number;
  /** Constant bitrate; default 192 kbps, as the finished MP3. */
  bitrateKbps?: number;
  /** Receives each piece of the stream in order; the bytes are the caller's to keep. */
  onBytes: (bytes: Uint8Array) => void;
}

/** Returns an onChunk that encodes each mastered chunk and flushes the stream at the final one. */
export async function createMp3ChunkEncoder(
  options: Mp3ChunkEncoderOptions,
): Promise<(chunk: AudioChunk) => void> {
  const bitrateKbps = options.bitrateKbps ?? 192;
  checkMp3Bitrate(bitrateKbps);
  const encoder = await createMp3Encoder();
  encoder.configure({
    sampleRate: (options.sampleRate ?? 44100) as 44100,
    channels: 2,
    bitrate: bitrateKbps as 192,
  });
  // encode() returns a view into WASM memory that the next call overwrites: hand out copies
  const forward = (bytes: Uint8Array) => {
    if (bytes.length > 0) options.onBytes(bytes.slice());
  };
  return (chunk) => {
    const { left, right } = chunk.buffer;
    for (let offset = 0; offset < left.length; offset += PIECE_SAMPLES) {
      const end = Math.min(left.length, offset + PIECE_SAMPLES);
      forward(encoder.encode([left.subarray(offset, end), right.subarray(offset, end)]));
    }
    if (chunk.final) forward(encoder.finalize());
  };
}
