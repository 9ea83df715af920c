// The "Info" frame (Xing header with LAME's extension) that tells decoders how many samples of an
// MP3 are real: LAME delays the audio by 576 samples and pads the last frame, so without it a
// 30.000 s track decodes as 30.041 s and a loop gaps at its seam. ffmpeg, mpg123, browsers and
// players read the encoder delay and padding from it and trim exactly (the LAME tag layout:
// http://gabriel.mp3-tech.org/mp3infotag.html). The wasm LAME build writes no such frame.
import { MP3_FRAME_SAMPLES, parseMp3Frames } from './mp3-frames.js';

/** LAME's fixed encoder delay in samples (ENCDELAY in its source). */
export const LAME_ENCODER_DELAY_SAMPLES = 576;

const SIDE_INFO_BYTES_STEREO = 32;
const TOC_BYTES = 100;
const FLAG_FRAMES = 0x1;
const FLAG_TOC = 0x4;
const FLAG_QUALITY = 0x8;
/** The tag's CRC covers the frame's first 190 bytes (header, side info, Xing and LAME fields). */
const CRC_COVERED_BYTES = 190;

/** CRC-16/ARC (polynomial 0x8005 reflected, initial 0), as LAME computes the tag's CRC. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/**
 * How many frames LAME writes for `pcmSamples` samples (per channel): the encoder delay and its
 * flush add between one and two frames (checked in the tests for every length over three frames).
 * The joined segments end with the last segment's own flush, so the same count holds for them.
 */
export function lameFrameCount(pcmSamples: number): number {
  return Math.ceil(pcmSamples / MP3_FRAME_SAMPLES) + 1;
}

/**
 * The Info frame for a constant-bitrate MPEG-1 stereo stream of `pcmSamples` samples whose first
 * audio frame begins with `firstHeader` (its 4 header bytes); undefined when the stream is not one
 * this can describe (mono, or too short a frame for the tag). It depends only on the first header and
 * the length, so it can lead a stream that is sent while it is still being encoded: the frame
 * count is LAME's (lameFrameCount), and the byte count is left out (its flag unset), as it is known
 * only once the last frame is written; decoders then take the file's own size for seeking.
 */
export function gaplessInfoFrame(
  firstHeader: Uint8Array,
  pcmSamples: number,
  bitrateKbps: number,
): Uint8Array | undefined {
  const channelMode = ((firstHeader[3] as number) >> 6) & 0x3;
  if (channelMode === 3) return undefined;
  // The same header as the audio, without the padding slot: every CBR frame but padding is this long.
  const header = firstHeader.subarray(0, 4).slice();
  header[2] = (header[2] as number) & ~0x02;
  const sampleRateHz = [44100, 48000, 32000][((header[2] as number) >> 2) & 0x3];
  if (!sampleRateHz) return undefined;
  const frameBytes = Math.floor((144 * bitrateKbps * 1000) / sampleRateHz);
  const xingOffset = 4 + SIDE_INFO_BYTES_STEREO;
  if (frameBytes < CRC_COVERED_BYTES + 2) return undefined;
  const frames = lameFrameCount(pcmSamples);

  const tag = new Uint8Array(frameBytes);
  const view = new DataView(tag.buffer);
  tag.set(header, 0);
  let at = xingOffset;
  const ascii = (text: string) => {
    for (const char of text) tag[at++] = char.charCodeAt(0);
  };
  ascii('Info'); // "Info" rather than "Xing": the stream is constant bitrate
  view.setUint32(at, FLAG_FRAMES | FLAG_TOC | FLAG_QUALITY);
  view.setUint32(at + 4, frames);
  at += 8;
  // constant bitrate: byte position grows linearly with time
  for (let percent = 0; percent < TOC_BYTES; percent++) tag[at++] = Math.floor((percent * 256) / 100);
  view.setUint32(at, 0); // quality: unused
  at += 4;
  ascii('LAME3.100');
  tag[at++] = 0x01; // tag revision 0, method: constant bitrate
  tag[at++] = 0; // lowpass unknown
  at += 4 + 2 + 2; // peak and replay gains: not measured here
  tag[at++] = 0; // encoding flags, ATH type
  tag[at++] = Math.min(255, bitrateKbps);
  const paddingSamples = frames * MP3_FRAME_SAMPLES - LAME_ENCODER_DELAY_SAMPLES - pcmSamples;
  const delayAndPadding =
    (Math.min(4095, LAME_ENCODER_DELAY_SAMPLES) << 12) | Math.max(0, Math.min(4095, paddingSamples));
  tag[at++] = (delayAndPadding >> 16) & 0xff;
  tag[at++] = (delayAndPadding >> 8) & 0xff;
  tag[at++] = delayAndPadding & 0xff;
  at += 1 + 1 + 2; // misc, MP3 gain, preset and surround
  at += 4; // music length: unknown while the stream is written (0)
  at += 2; // music CRC: not computed
  view.setUint16(at, crc16(tag.subarray(0, CRC_COVERED_BYTES)));
  return tag;
}

/**
 * Prepends an Info frame (gaplessInfoFrame) to a whole constant-bitrate MPEG-1 stereo stream of
 * `pcmSamples` samples so decoders return exactly those samples; returns the stream unchanged when
 * it is not one the frame can describe.
 */
export function addGaplessInfo(stream: Uint8Array, pcmSamples: number, bitrateKbps: number): Uint8Array {
  const first = parseMp3Frames(stream)[0];
  if (first?.offsetBytes !== 0) return stream;
  const tag = gaplessInfoFrame(stream.subarray(0, 4), pcmSamples, bitrateKbps);
  if (!tag) return stream;
  const out = new Uint8Array(tag.length + stream.length);
  out.set(tag, 0);
  out.set(stream, tag.length);
  return out;
}
