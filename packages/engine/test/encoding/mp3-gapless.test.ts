import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MPEGDecoder } from 'mpg123-decoder';
import { encodeMp3, encodeMp3Stream } from '../../src/encoding/index.js';
import { parseMp3Frames } from '../../src/encoding/mp3-frames.js';
import { lameFrameCount } from '../../src/encoding/mp3-gapless.js';
import { musicLike } from '../mastering/signals.js';

const SAMPLE_RATE = 44100;

async function decode(bytes: Uint8Array): Promise<Float32Array> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, samplesDecoded } = decoder.decode(bytes);
    return (channelData[0] as Float32Array).subarray(0, samplesDecoded);
  } finally {
    decoder.free();
  }
}

describe('MP3 gapless Info frame', () => {
  // an odd length, so the last frame carries padding
  const input = musicLike(6.37, 0.3, 5, SAMPLE_RATE);

  it('decodes to exactly the samples encoded, starting on the first one', async () => {
    const decoded = await decode(await encodeMp3(input));
    assert.equal(decoded.length, input.left.length);
    let errorEnergy = 0;
    let signalEnergy = 0;
    for (let i = 2000; i < decoded.length - 2000; i++) {
      errorEnergy += ((decoded[i] as number) - (input.left[i] as number)) ** 2;
      signalEnergy += (input.left[i] as number) ** 2;
    }
    // aligned coding noise sits ~20 dB or more under the signal; one sample off would not
    assert.ok(
      errorEnergy < signalEnergy / 100,
      `SNR ${(10 * Math.log10(signalEnergy / errorEnergy)).toFixed(1)} dB`,
    );
  });

  it('opens with an Info frame that counts the audio frames and names the delay and padding', async () => {
    const bytes = await encodeMp3(input);
    const frames = parseMp3Frames(bytes);
    const info = frames[0]!;
    const text = (at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
    assert.equal(text(36, 4), 'Info');
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    // frames, TOC and quality; no byte count, which a stream sent while it is encoded cannot know
    assert.equal(view.getUint32(40), 0x1 | 0x4 | 0x8);
    assert.equal(view.getUint32(44), frames.length - 1);
    // the LAME tag follows the 100-byte TOC and the quality field
    assert.equal(text(152, 9), 'LAME3.100');
    const delayAndPadding = (bytes[173]! << 16) | (bytes[174]! << 8) | bytes[175]!;
    assert.equal(delayAndPadding >> 12, 576);
    assert.equal((frames.length - 1) * 1152 - 576 - (delayAndPadding & 0xfff), input.left.length);
    assert.equal(info.offsetBytes, 0);
  });

  it('counts as many frames as LAME writes for every length, so it can lead a stream not yet encoded', async () => {
    for (let samples = 4 * 1152; samples < 7 * 1152; samples += 13) {
      const left = new Float32Array(samples).map((_, i) => 0.3 * Math.sin(i / 9));
      const stream = await encodeMp3Stream({ sampleRate: SAMPLE_RATE, left, right: left.slice() });
      assert.equal(lameFrameCount(samples), parseMp3Frames(stream).length, `${samples} samples`);
    }
  });
});
