// Minimal RIFF/WAVE reader and writer for the eval tools: the analyzer must read what the engine
// wrote without trusting the engine's own decoder, so this parses the bytes itself.

/** Decoded PCM: one Float32Array per channel, samples in −1…1. */
export interface PcmAudio {
  sampleRate: number;
  channels: Float32Array[];
  bitsPerSample: number;
}

function readTag(view: DataView, offset: number): string {
  let tag = '';
  for (let i = 0; i < 4; i++) tag += String.fromCharCode(view.getUint8(offset + i));
  return tag;
}

/** Parses a PCM (16/24/32-bit integer) or IEEE float (32-bit) WAV file. */
export function parseWav(bytes: Uint8Array): PcmAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (readTag(view, 0) !== 'RIFF' || readTag(view, 8) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  let offset = 12;
  let format = 0;
  let channelCount = 0;
  let sampleRate = 0;
  let bitsPerSample = 0;
  while (offset + 8 <= bytes.byteLength) {
    const tag = readTag(view, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (tag === 'fmt ') {
      format = view.getUint16(body, true);
      channelCount = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bitsPerSample = view.getUint16(body + 14, true);
      // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first two bytes of the sub-format GUID.
      if (format === 0xfffe && size >= 26) format = view.getUint16(body + 24, true);
    } else if (tag === 'data') {
      if (channelCount === 0) throw new Error('data chunk before fmt chunk');
      const dataBytes = Math.min(size, bytes.byteLength - body);
      return {
        sampleRate,
        bitsPerSample,
        channels: decode(view, body, dataBytes, format, channelCount, bitsPerSample),
      };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('no data chunk');
}

function decode(
  view: DataView,
  start: number,
  dataBytes: number,
  format: number,
  channelCount: number,
  bitsPerSample: number,
): Float32Array[] {
  const bytesPerSample = bitsPerSample / 8;
  const frameCount = Math.floor(dataBytes / (bytesPerSample * channelCount));
  const channels = Array.from({ length: channelCount }, () => new Float32Array(frameCount));
  for (let frame = 0; frame < frameCount; frame++) {
    for (let ch = 0; ch < channelCount; ch++) {
      const at = start + (frame * channelCount + ch) * bytesPerSample;
      let value: number;
      if (format === 3 && bitsPerSample === 32) value = view.getFloat32(at, true);
      else if (format === 1 && bitsPerSample === 16) value = view.getInt16(at, true) / 32768;
      else if (format === 1 && bitsPerSample === 24) {
        const raw = view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16);
        value = raw / 8388608;
      } else if (format === 1 && bitsPerSample === 32) value = view.getInt32(at, true) / 2147483648;
      else throw new Error(`unsupported WAV format ${format} with ${bitsPerSample} bits`);
      (channels[ch] as Float32Array)[frame] = value;
    }
  }
  return channels;
}

/** Writes 16-bit PCM WAV; used to build synthetic fixtures for the analyzer's own tests. */
export function writeWav16(channels: Float32Array[], sampleRate: number): Uint8Array {
  const frameCount = channels[0]?.length ?? 0;
  const channelCount = channels.length;
  const dataBytes = frameCount * channelCount * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const tag = (offset: number, text: string) => {
    for (let i = 0; i < 4; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  tag(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  tag(8, 'WAVE');
  tag(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channelCount * 2, true);
  view.setUint16(32, channelCount * 2, true);
  view.setUint16(34, 16, true);
  tag(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let frame = 0; frame < frameCount; frame++) {
    for (let ch = 0; ch < channelCount; ch++) {
      const sample = Math.max(-1, Math.min(1, (channels[ch] as Float32Array)[frame] as number));
      view.setInt16(44 + (frame * channelCount + ch) * 2, Math.round(sample * 32767), true);
    }
  }
  return bytes;
}
