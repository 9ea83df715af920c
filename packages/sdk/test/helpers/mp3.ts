// Walks the frames of an MP3 (MPEG-1/2 Layer III) to prove the bytes decode into audio of a length,
// without a decoder: every frame header must be valid and frames must tile the file after the ID3 tag.

const BITRATES_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES_HZ = { mpeg1: [44100, 48000, 32000], mpeg2: [22050, 24000, 16000] };

export interface Mp3Summary {
  frames: number;
  sampleRateHz: number;
  durationSeconds: number;
}

export function summariseMp3(bytes: Uint8Array): Mp3Summary {
  let offset = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    // ID3v2: 10-byte header, then a syncsafe size.
    offset = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
  }
  let frames = 0;
  let sampleRateHz = 0;
  let samples = 0;
  while (offset + 4 <= bytes.length) {
    const [b0, b1, b2] = [bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!];
    if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at byte ${offset}`);
    const version = b1 & 0x18 ? (((b1 >> 3) & 0x03) === 3 ? 'mpeg1' : 'mpeg2') : 'mpeg2';
    if (((b1 >> 1) & 0x03) !== 1) throw new Error(`not Layer III at byte ${offset}`);
    const bitrateKbps = BITRATES_KBPS[version][(b2 >> 4) & 0x0f];
    const rate = SAMPLE_RATES_HZ[version][(b2 >> 2) & 0x03];
    if (!bitrateKbps || !rate) throw new Error(`bad frame header at byte ${offset}`);
    const padding = (b2 >> 1) & 0x01;
    const samplesPerFrame = version === 'mpeg1' ? 1152 : 576;
    offset += Math.floor(((samplesPerFrame / 8) * bitrateKbps * 1000) / rate) + padding;
    frames += 1;
    samples += samplesPerFrame;
    sampleRateHz = rate;
  }
  if (frames === 0) throw new Error('no MP3 frames');
  return { frames, sampleRateHz, durationSeconds: samples / sampleRateHz };
}
