// Reads the formats a track is served in back to samples or a length, for comparing a derived file
// with the stored MP3: MP3 through mpg123 (gapless, so exactly the encoded samples), WAV by its PCM,
// FLAC by its STREAMINFO, Ogg Vorbis by the last page's granule position.
import { MPEGDecoder } from 'mpg123-decoder';
import { measureIntegratedLoudness } from '../../../../../packages/engine/src/mastering/loudness.js';

export interface Decoded {
  sampleRate: number;
  left: Float32Array;
  right: Float32Array;
}

export async function decodeMp3(bytes: Uint8Array): Promise<Decoded> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, sampleRate } = decoder.decode(bytes);
    return { sampleRate, left: channelData[0] as Float32Array, right: channelData[1] as Float32Array };
  } finally {
    decoder.free();
  }
}

/** 16-bit stereo PCM WAV as the engine writes it (44-byte header). */
export function decodeWav16(bytes: Uint8Array): Decoded {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sampleRate = view.getUint32(24, true);
  const frames = view.getUint32(40, true) / 4;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    left[i] = view.getInt16(44 + 4 * i, true) / 32767;
    right[i] = view.getInt16(46 + 4 * i, true) / 32767;
  }
  return { sampleRate, left, right };
}

/** Seconds of a FLAC stream from its STREAMINFO block (sample rate and total samples). */
export function flacDurationSeconds(bytes: Uint8Array): number {
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== 'fLaC') throw new Error('not a FLAC stream');
  const info = bytes.subarray(8); // after the marker and the block header
  const sampleRate = (info[10]! << 12) | (info[11]! << 4) | (info[12]! >> 4);
  const totalSamples =
    (info[13]! & 0x0f) * 2 ** 32 +
    ((info[14]! << 24) >>> 0) +
    (info[15]! << 16) +
    (info[16]! << 8) +
    info[17]!;
  return totalSamples / sampleRate;
}

/** Seconds of an Ogg Vorbis stream: the last page's granule position over the sample rate. */
export function oggDurationSeconds(bytes: Uint8Array, sampleRate: number): number {
  let granule = 0;
  for (let offset = bytes.length - 4; offset >= 0; offset--) {
    if (
      bytes[offset] === 0x4f &&
      bytes[offset + 1] === 0x67 &&
      bytes[offset + 2] === 0x67 &&
      bytes[offset + 3] === 0x53
    ) {
      const view = new DataView(bytes.buffer, bytes.byteOffset + offset + 6, 8);
      granule = view.getUint32(0, true) + view.getUint32(4, true) * 2 ** 32;
      break;
    }
  }
  return granule / sampleRate;
}

export function loudnessLufs(audio: Decoded): number {
  return measureIntegratedLoudness(audio.left, audio.right, audio.sampleRate);
}
