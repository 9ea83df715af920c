// Reads MPEG-1 Layer III frames just far enough to move their main data: the header, the side
// info, and where each frame's main data sits in the bit reservoir (ISO/IEC 11172-3 §2.4.1.7:
// main_data_begin counts bytes back from the end of the side info, skipping headers and side info).

/** Samples per MPEG-1 Layer III frame (two granules of 576). */
export const MP3_FRAME_SAMPLES = 1152;

const BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const SAMPLE_RATES_HZ = [44100, 48000, 32000];

export interface Mp3Frame {
  /** Byte offset of the header in its stream. */
  offsetBytes: number;
  /** Bytes from this header to the next. */
  lengthBytes: number;
  /** Header, CRC and side info: where this frame's own slot of main-data bytes starts. */
  headerBytes: number;
  /** How many reservoir bytes before its slot this frame's main data starts (9 bits, ≤ 511). */
  mainDataBeginBytes: number;
  /** Σ part2_3_length of its granules and channels, rounded up to whole bytes. */
  mainDataBytes: number;
  /** Window of each granule and channel in order gr0ch0, gr0ch1, gr1ch0, …: 0 long, 1 start, 2 short, 3 stop. */
  blockTypes: number[];
}

/** Whether LAME writes MPEG-1 (the only version these helpers read) at this sample rate. */
export function isMpeg1SampleRate(sampleRateHz: number): boolean {
  return SAMPLE_RATES_HZ.includes(sampleRateHz);
}

/** Reads bits MSB first from a byte array. */
class BitReader {
  private bit = 0;
  constructor(
    private readonly bytes: Uint8Array,
    offsetBytes: number,
  ) {
    this.bit = offsetBytes * 8;
  }

  /** Reads `count` ≤ 24 bits, a byte at a time. */
  read(count: number): number {
    let value = 0;
    let left = count;
    while (left > 0) {
      const offset = this.bit & 7;
      const take = Math.min(left, 8 - offset);
      const byte = this.bytes[this.bit >> 3] as number;
      value = (value << take) | ((byte >> (8 - offset - take)) & ((1 << take) - 1));
      this.bit += take;
      left -= take;
    }
    return value;
  }
}

/** Parses every frame of a stream of MPEG-1 Layer III frames (no ID3 or Xing tags: LAME as configured writes none). */
export function parseMp3Frames(bytes: Uint8Array): Mp3Frame[] {
  const frames: Mp3Frame[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 4 > bytes.length) throw new Error(`truncated MP3 header at byte ${offset}`);
    const b1 = bytes[offset + 1] as number;
    const b2 = bytes[offset + 2] as number;
    const b3 = bytes[offset + 3] as number;
    // sync (11 bits), MPEG-1 (11), Layer III (01)
    if (bytes[offset] !== 0xff || (b1 & 0xfe) !== 0xfa)
      throw new Error(`no MPEG-1 Layer III frame at byte ${offset}`);
    const protectedByCrc = (b1 & 1) === 0;
    const bitrateKbps = BITRATES_KBPS[b2 >> 4];
    const sampleRateHz = SAMPLE_RATES_HZ[(b2 >> 2) & 3];
    if (!bitrateKbps || !sampleRateHz)
      throw new Error(`free-format or reserved MP3 header at byte ${offset}`);
    const lengthBytes = Math.floor((144000 * bitrateKbps) / sampleRateHz) + ((b2 >> 1) & 1);
    const channels = b3 >> 6 === 3 ? 1 : 2;
    const headerBytes = 4 + (protectedByCrc ? 2 : 0) + (channels === 1 ? 17 : 32);
    if (offset + headerBytes > bytes.length) throw new Error(`truncated MP3 side info at byte ${offset}`);
    const reader = new BitReader(bytes, offset + 4 + (protectedByCrc ? 2 : 0));
    const mainDataBeginBytes = reader.read(9);
    reader.read(channels === 1 ? 5 : 3); // private bits
    reader.read(4 * channels); // scfsi
    let mainDataBits = 0;
    const blockTypes: number[] = [];
    for (let granule = 0; granule < 2; granule++) {
      for (let channel = 0; channel < channels; channel++) {
        mainDataBits += reader.read(12); // part2_3_length
        reader.read(9 + 8 + 4); // big_values, global_gain, scalefac_compress
        const windowSwitching = reader.read(1);
        blockTypes.push(windowSwitching ? reader.read(2) : 0);
        reader.read(windowSwitching ? 1 + 10 + 9 : 15 + 4 + 3); // the rest of the table and region fields (20 or 22 bits)
        reader.read(3); // preflag, scalefac_scale, count1table_select
      }
    }
    frames.push({
      offsetBytes: offset,
      lengthBytes,
      headerBytes,
      mainDataBeginBytes,
      mainDataBytes: Math.ceil(mainDataBits / 8),
      blockTypes,
    });
    offset += lengthBytes;
  }
  return frames;
}

/** The main-data slots of all frames joined end to end: the reservoir as a decoder sees it. */
export function collectReservoir(bytes: Uint8Array, frames: readonly Mp3Frame[]): Uint8Array {
  const total = frames.reduce((sum, frame) => sum + frame.lengthBytes - frame.headerBytes, 0);
  const reservoir = new Uint8Array(total);
  let at = 0;
  for (const frame of frames) {
    const slot = bytes.subarray(frame.offsetBytes + frame.headerBytes, frame.offsetBytes + frame.lengthBytes);
    if (slot.length !== frame.lengthBytes - frame.headerBytes) throw new Error('truncated MP3 frame');
    reservoir.set(slot, at);
    at += slot.length;
  }
  return reservoir;
}

/** Rewrites the 9-bit main_data_begin field of a frame whose header starts at `offsetBytes`. */
export function writeMainDataBegin(bytes: Uint8Array, offsetBytes: number, mainDataBeginBytes: number): void {
  const at = offsetBytes + 4 + ((bytes[offsetBytes + 1] as number) & 1 ? 0 : 2);
  bytes[at] = mainDataBeginBytes >> 1;
  bytes[at + 1] = ((mainDataBeginBytes & 1) << 7) | ((bytes[at + 1] as number) & 0x7f);
}
