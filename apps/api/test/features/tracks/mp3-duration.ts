// Measures an MP3's duration by walking its MPEG-1 Layer III frame headers (no decoder needed).
const BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const SAMPLE_RATES = [44100, 48000, 32000];

export function mp3DurationSeconds(bytes: Uint8Array): number {
  let offset = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    offset = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
  }
  let frames = 0;
  let sampleRate = 44100;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff || (bytes[offset + 1]! & 0xfe) !== 0xfa) {
      offset++;
      continue;
    }
    const bitrate = BITRATES_KBPS[bytes[offset + 2]! >> 4];
    sampleRate = SAMPLE_RATES[(bytes[offset + 2]! >> 2) & 3] ?? 44100;
    if (!bitrate) {
      offset++;
      continue;
    }
    const padding = (bytes[offset + 2]! >> 1) & 1;
    offset += Math.floor((144000 * bitrate) / sampleRate) + padding;
    frames++;
  }
  return (frames * 1152) / sampleRate;
}
