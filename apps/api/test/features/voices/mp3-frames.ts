// Reads an MP3's length from its frame headers (ISO 11172-3 / 13818-3), so tests check a preview's
// duration without a decoder.
const BITRATES_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
} as Record<number, number[]>;

/** Frames, sample rate and duration of a Layer III stream; throws when no frame is found. */
export function readMp3Frames(bytes: Uint8Array): {
  frames: number;
  sampleRate: number;
  durationSeconds: number;
} {
  let offset = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    const size =
      ((bytes[6]! & 0x7f) << 21) |
      ((bytes[7]! & 0x7f) << 14) |
      ((bytes[8]! & 0x7f) << 7) |
      (bytes[9]! & 0x7f);
    offset = 10 + size;
  }
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1]!;
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) {
      offset += 1;
      continue;
    }
    const version = (b1 >> 3) & 0x3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const layer = (b1 >> 1) & 0x3; // 1 = Layer III
    const b2 = bytes[offset + 2]!;
    const bitrateIndex = b2 >> 4;
    const rateIndex = (b2 >> 2) & 0x3;
    if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
      offset += 1;
      continue;
    }
    const mpeg1 = version === 3;
    const bitrate = (mpeg1 ? BITRATES_KBPS.mpeg1 : BITRATES_KBPS.mpeg2)[bitrateIndex]! * 1000;
    sampleRate = SAMPLE_RATES[version]![rateIndex]!;
    const padding = (b2 >> 1) & 0x1;
    const frameBytes = Math.floor(((mpeg1 ? 144 : 72) * bitrate) / sampleRate) + padding;
    frames += 1;
    samples += mpeg1 ? 1152 : 576;
    offset += frameBytes;
  }
  if (frames === 0) throw new Error('no MP3 frames found');
  return { frames, sampleRate, durationSeconds: samples / sampleRate };
}
