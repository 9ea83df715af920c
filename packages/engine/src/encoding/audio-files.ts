// A track's audio files besides MP3 in the settings the product ships them with, in one place for
// both ways they are made: from a render's mastered audio, and from a track's stored master (its
// 16-bit FLAC), which keeps a track's WAV and OGG the audio it was made with after the engine
// changes.
import type { AudioBuffer, AudioFormat } from '../types.js';
import { decodeFlac, encodeFlac } from './flac.js';
import { encodeOgg } from './wasm-encoders.js';
import { encodeWav } from './wav.js';

/** Ogg Vorbis quality of every OGG file (libvorbis's −1…10 scale: ≈64 kbps stereo). */
const OGG_QUALITY = 0.6;

/**
 * Encodes mastered audio as WAV (16-bit, TPDF-dithered), OGG or FLAC (16-bit). `onBytes` receives
 * the file's bytes in order as they are written.
 */
export async function encodeAudioFile(
  format: Exclude<AudioFormat, 'mp3'>,
  buffer: AudioBuffer,
  onBytes?: (bytes: Uint8Array) => void,
): Promise<Uint8Array> {
  switch (format) {
    case 'wav': {
      const wav = encodeWav(buffer, { bitDepth: 16 });
      onBytes?.(wav);
      return wav;
    }
    case 'ogg':
      return encodeOgg(buffer, { quality: OGG_QUALITY, onBytes });
    case 'flac':
      return encodeFlac(buffer, { bitDepth: 16, onBytes });
  }
}

/**
 * A track's WAV or OGG made from its stored master, a 16-bit FLAC: the WAV holds exactly the
 * master's samples (dithered when the FLAC was written, as the render's WAV is, so the same file),
 * the OGG is encoded from them. Once `signal` aborts it rejects (the OGG between pieces).
 */
export async function transcodeMaster(
  flac: Uint8Array,
  format: 'wav' | 'ogg',
  options: { onBytes?: (bytes: Uint8Array) => void; signal?: AbortSignal } = {},
): Promise<Uint8Array> {
  const { onBytes, signal } = options;
  const buffer = await decodeFlac(flac);
  if (signal?.aborted) throw new Error('transcoding was aborted');
  if (format === 'ogg') return encodeOgg(buffer, { quality: OGG_QUALITY, onBytes, signal });
  const wav = encodeWav(buffer, { bitDepth: 16, dither: false });
  onBytes?.(wav);
  return wav;
}
