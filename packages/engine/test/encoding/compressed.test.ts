import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { loadLibFlac } from '../../src/encoding/flac.js';
import {
  decodeFlac,
  encodeAudioFile,
  encodeFlac,
  encodeMp3,
  encodeOgg,
  encodeWav,
  transcodeMaster,
} from '../../src/encoding/index.js';
import { musicLike } from '../mastering/signals.js';

const MP3_BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_SAMPLE_RATES = [44100, 48000, 32000];

/** Walks MPEG-1 Layer III frame headers; returns the frames and whether the first is a Xing/Info tag. */
function readMp3Frames(bytes: Uint8Array) {
  let offset = 0;
  if (String.fromCharCode(...bytes.subarray(0, 3)) === 'ID3') {
    const size = (bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!;
    offset = 10 + size;
  }
  const frames: { bitrateKbps: number; sampleRate: number; offset: number }[] = [];
  while (offset + 4 <= bytes.length) {
    const [b0, b1, b2] = [bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!];
    // sync (11 bits), MPEG-1 (11), Layer III (01)
    if (b0 !== 0xff || (b1 & 0xfe) !== 0xfa) break;
    const bitrateKbps = MP3_BITRATES_KBPS[b2 >> 4]!;
    const sampleRate = MP3_SAMPLE_RATES[(b2 >> 2) & 3]!;
    const padding = (b2 >> 1) & 1;
    frames.push({ bitrateKbps, sampleRate, offset });
    offset += Math.floor((144000 * bitrateKbps) / sampleRate) + padding;
  }
  const first = frames[0]
    ? String.fromCharCode(...bytes.subarray(frames[0].offset, frames[0].offset + 64))
    : '';
  return { frames, end: offset, tagged: first.includes('Xing') || first.includes('Info') };
}

describe('encodeMp3', () => {
  it('writes MPEG-1 Layer III frames at the bitrate asked, as many as the duration needs', async () => {
    const input = musicLike(3, 0.3, 10);
    const bytes = await encodeMp3(input, { bitrateKbps: 192 });
    const { frames, end, tagged } = readMp3Frames(bytes);
    assert.equal(end, bytes.length, 'the frames tile the whole file');
    const audioFrames = frames.slice(tagged ? 1 : 0);
    assert.ok(audioFrames.every((f) => f.bitrateKbps === 192 && f.sampleRate === 44100));
    // LAME prepends 576 samples of encoder delay; each frame holds 1152 samples
    const expected = Math.ceil((input.left.length + 576) / 1152);
    assert.ok(
      Math.abs(audioFrames.length - expected) <= 1,
      `${audioFrames.length} frames, expected ${expected}`,
    );
  });

  it('rejects a bitrate MP3 does not have', async () => {
    await assert.rejects(encodeMp3(musicLike(0.1, 0.3), { bitrateKbps: 100 }), RangeError);
  });
});

describe('encodeOgg', () => {
  it('starts with an Ogg page holding the Vorbis identification header', async () => {
    const input = musicLike(2, 0.3, 11, 48000);
    const bytes = await encodeOgg(input, { quality: 3 });
    assert.equal(String.fromCharCode(...bytes.subarray(0, 4)), 'OggS');
    const segments = bytes[26]!;
    const packet = 27 + segments;
    assert.equal(bytes[packet], 1, 'identification packet type');
    assert.equal(String.fromCharCode(...bytes.subarray(packet + 1, packet + 7)), 'vorbis');
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    assert.equal(view.getUint32(packet + 7, true), 0, 'vorbis version');
    assert.equal(bytes[packet + 11], 2, 'channels');
    assert.equal(view.getUint32(packet + 12, true), 48000, 'sample rate');
    assert.ok(bytes.length > 10000);
  });

  it('rejects a quality outside the Vorbis scale', async () => {
    await assert.rejects(encodeOgg(musicLike(0.1, 0.3), { quality: 11 }), RangeError);
  });
});

describe('compressed encoders', () => {
  it('give identical bytes for identical audio', async () => {
    const input = musicLike(1, 0.3, 15);
    for (const encode of [encodeMp3, encodeOgg, encodeFlac]) {
      assert.deepEqual(await encode(input), await encode(input));
    }
  });
});

describe('encodeFlac', () => {
  it('is lossless: libFLAC decodes exactly the 16-bit samples of the WAV of the same audio (the same dither)', async () => {
    const input = musicLike(2, 0.4, 12);
    const bytes = await encodeFlac(input);
    assert.equal(String.fromCharCode(...bytes.subarray(0, 4)), 'fLaC');
    // STREAMINFO: 20 bits sample rate, 3 bits channels−1, 5 bits bits−1, 36 bits total samples
    const info = bytes.subarray(8, 8 + 34);
    const sampleRate = (info[10]! << 12) | (info[11]! << 4) | (info[12]! >> 4);
    const channels = ((info[12]! >> 1) & 7) + 1;
    const bitsPerSample = (((info[12]! & 1) << 4) | (info[13]! >> 4)) + 1;
    const totalSamples =
      ((info[13]! & 0x0f) * 2 ** 32 +
        ((info[14]! << 24) | (info[15]! << 16) | (info[16]! << 8) | info[17]!)) >>>
      0;
    assert.deepEqual([sampleRate, channels, bitsPerSample, totalSamples], [44100, 2, 16, input.left.length]);

    const flac = await loadLibFlac();
    const { Decoder } = createRequire(import.meta.url)('libflacjs/lib/decoder.js') as {
      Decoder: new (
        flac: unknown,
        options: { verify: boolean },
      ) => {
        decode(data: Uint8Array): boolean;
        getSamples(interleaved: false): Uint8Array[];
        destroy(): void;
      };
    };
    const decoder = new Decoder(flac, { verify: true });
    assert.ok(decoder.decode(bytes));
    const [left, right] = decoder.getSamples(false);
    decoder.destroy();
    const decodedLeft = new Int16Array(left!.buffer, left!.byteOffset, left!.byteLength / 2);
    const decodedRight = new Int16Array(right!.buffer, right!.byteOffset, right!.byteLength / 2);
    assert.equal(decodedLeft.length, input.left.length);
    const wav = encodeWav(input, { bitDepth: 16 });
    const wavSamples = new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.byteLength - 44) / 2);
    for (let i = 0; i < input.left.length; i++) {
      assert.equal(decodedLeft[i], wavSamples[2 * i]);
      assert.equal(decodedRight[i], wavSamples[2 * i + 1]);
    }
  });
});

describe('decodeFlac', () => {
  it('reads back the 24-bit samples encodeFlac wrote, so encoding them again gives the same file', async () => {
    const input = musicLike(1.5, 0.9, 7);
    const bytes = await encodeFlac(input, { bitDepth: 24 });
    const decoded = await decodeFlac(bytes);
    assert.equal(decoded.sampleRate, 44100);
    assert.equal(decoded.left.length, input.left.length);
    for (let i = 0; i < input.left.length; i += 97) {
      assert.ok(Math.abs(decoded.left[i]! - input.left[i]!) <= 0.5 / 8388607 + 1e-9, `left ${i}`);
      assert.ok(Math.abs(decoded.right[i]! - input.right[i]!) <= 0.5 / 8388607 + 1e-9, `right ${i}`);
    }
    assert.deepEqual(await encodeFlac(decoded, { bitDepth: 24 }), bytes);
  });

  it('reads 16-bit extremes, silence and sign changes exactly', async () => {
    const values = [0, 1, -1, 255, -255, 256, -256, 32766, -32766, 12345, -12345];
    const frames = 4096 * 3;
    // a block of silence first, then the values, the right channel their negatives
    const left = new Float32Array(frames).map((_, i) => (i < 4096 ? 0 : values[i % values.length]! / 32767));
    const right = left.map((sample) => -sample);
    const audio = { sampleRate: 44100, left, right };
    const decoded = await decodeFlac(await encodeFlac(audio));
    const wav = encodeWav(audio, { bitDepth: 16 });
    const fromWav = new Int16Array(wav.buffer, wav.byteOffset + 44, frames * 2);
    for (let i = 0; i < frames; i++) {
      assert.equal(Math.round(decoded.left[i]! * 32767), fromWav[2 * i], `left ${i}`);
      assert.equal(Math.round(decoded.right[i]! * 32767), fromWav[2 * i + 1], `right ${i}`);
    }
  });

  it('refuses bytes that are not FLAC, naming what it could not read', async () => {
    await assert.rejects(
      decodeFlac(new TextEncoder().encode('RIFF not a flac file at all')),
      /not a FLAC file/,
    );
  });
});

describe('transcodeMaster', () => {
  it('writes from the FLAC master the very WAV the render writes (the same samples, dither and all)', async () => {
    const audio = musicLike(1, 0.5, 3);
    const master = await encodeAudioFile('flac', audio);
    assert.deepEqual(await transcodeMaster(master, 'wav'), await encodeAudioFile('wav', audio));
  });

  it('writes an OGG of the master, streaming the same bytes it returns', async () => {
    const master = await encodeAudioFile('flac', musicLike(1, 0.5, 3));
    const pieces: Uint8Array[] = [];
    const ogg = await transcodeMaster(master, 'ogg', { onBytes: (bytes) => pieces.push(bytes) });
    assert.equal(String.fromCharCode(...ogg.subarray(0, 4)), 'OggS');
    assert.deepEqual(Buffer.concat(pieces), Buffer.from(ogg));
  });

  it('stops once aborted instead of writing a file nobody waits for', async () => {
    const master = await encodeAudioFile('flac', musicLike(3, 0.5, 3));
    const stop = new AbortController();
    const pieces: Uint8Array[] = [];
    const ogg = transcodeMaster(master, 'ogg', {
      signal: stop.signal,
      onBytes: (bytes) => {
        pieces.push(bytes);
        stop.abort();
      },
    });
    await assert.rejects(ogg, /aborted/);
    const aborted = new AbortController();
    aborted.abort();
    await assert.rejects(transcodeMaster(master, 'wav', { signal: aborted.signal }), /aborted/);
  });
});
