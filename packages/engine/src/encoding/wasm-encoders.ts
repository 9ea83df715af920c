// MP3 (LAME) and Ogg Vorbis through wasm-media-encoders, whose WASM is inlined in the package
// (no file or network access). Encoder instances are made on first use and kept for reuse; a call
// takes one for itself, so calls that interleave (they yield between pieces) never share one.
import { createMp3Encoder, createOggEncoder } from 'wasm-media-encoders';
import type { AudioBuffer } from '../types.js';
import { yieldToEventLoop } from '../yield-to-event-loop.js';

type Mp3Encoder = Awaited<ReturnType<typeof createMp3Encoder>>;
type OggEncoder = Awaited<ReturnType<typeof createOggEncoder>>;
type Mp3Bitrate = 8 | 16 | 24 | 32 | 40 | 48 | 64 | 80 | 96 | 112 | 128 | 160 | 192 | 224 | 256 | 320;
const MP3_BITRATES: readonly number[] = [
  8, 16, 24, 32, 40, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320,
];
/** Samples per encode() call: keeps the encoder's WASM input buffer small, and is how often a call yields (≈30 ms of LAME). */
const CHUNK_SAMPLES = 1152 * 64;

const idleMp3Encoders: Mp3Encoder[] = [];
const idleOggEncoders: OggEncoder[] = [];

/** Throws RangeError unless MP3 has this constant bitrate. */
export function checkMp3Bitrate(bitrateKbps: number): void {
  if (!MP3_BITRATES.includes(bitrateKbps))
    throw new RangeError(`unsupported MP3 bitrate ${bitrateKbps} kbps`);
}

/** Encodes stereo PCM as one constant-bitrate MP3 stream with a single LAME encoder (default 192 kbps). */
export async function encodeMp3Stream(
  buffer: AudioBuffer,
  options: { bitrateKbps?: number } = {},
): Promise<Uint8Array> {
  const bitrateKbps = options.bitrateKbps ?? 192;
  checkMp3Bitrate(bitrateKbps);
  const encoder = idleMp3Encoders.pop() ?? (await createMp3Encoder());
  try {
    encoder.configure({ sampleRate: buffer.sampleRate, channels: 2, bitrate: bitrateKbps as Mp3Bitrate });
    return await runEncoder(encoder, buffer);
  } finally {
    idleMp3Encoders.push(encoder);
  }
}

/** The Ogg stream serial number: fixed, since the package would draw it from Math.random. */
const OGG_SERIAL_NUMBER = 0x54464f47;

/**
 * Encodes stereo PCM as Ogg Vorbis. `quality` is libvorbis's VBR scale from −1 to 10 (default 4,
 * ≈128 kbps stereo; 0 ≈ 64 kbps, 6 ≈ 192 kbps), not a 0–1 fraction.
 */
export async function encodeOgg(
  buffer: AudioBuffer,
  options: {
    quality?: number;
    /** Receives the file's bytes in order as they are encoded; together they are the result. */
    onBytes?: (bytes: Uint8Array) => void;
    /** Stops the encode between pieces (it rejects) once aborted. */
    signal?: AbortSignal;
  } = {},
): Promise<Uint8Array> {
  const quality = options.quality ?? 4;
  if (!(quality >= -1 && quality <= 10)) throw new RangeError(`Vorbis quality ${quality} is outside −1 … 10`);
  const encoder = idleOggEncoders.pop() ?? (await createOggEncoder());
  try {
    encoder.configure({
      sampleRate: buffer.sampleRate,
      channels: 2,
      vbrQuality: quality,
      oggSerialNo: OGG_SERIAL_NUMBER,
    });
    return await runEncoder(encoder, buffer, options.onBytes, options.signal);
  } finally {
    idleOggEncoders.push(encoder);
  }
}

async function runEncoder(
  encoder: Mp3Encoder | OggEncoder,
  buffer: AudioBuffer,
  onBytes?: (bytes: Uint8Array) => void,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  // encode() returns a view into WASM memory that the next call overwrites: copy each piece
  const keep = (piece: Uint8Array) => {
    if (piece.length === 0) return;
    const copy = piece.slice();
    parts.push(copy);
    total += piece.length;
    onBytes?.(copy);
  };
  for (let offset = 0; offset < buffer.left.length; offset += CHUNK_SAMPLES) {
    if (offset > 0) await yieldToEventLoop();
    if (signal?.aborted) throw new Error('encoding was aborted');
    const end = Math.min(buffer.left.length, offset + CHUNK_SAMPLES);
    keep(encoder.encode([buffer.left.subarray(offset, end), buffer.right.subarray(offset, end)]));
  }
  keep(encoder.finalize());
  const bytes = new Uint8Array(total);
  let position = 0;
  for (const part of parts) {
    bytes.set(part, position);
    position += part.length;
  }
  return bytes;
}
