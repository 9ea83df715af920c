import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { loadBankFile } from '../../node/load-bank.js';
import { loadVoiceBank } from '../../node/load-voices.js';
import { createRenderPool, generateTrack } from '../../src/index.js';
import type { TrackRequest, TrackResult } from '../../src/types.js';

const bank = loadBankFile('small');
const voiceBank = loadVoiceBank();
const pool = createRenderPool(bank, { threads: 1, voiceBank });
after(() => pool.close());

const REQUEST: TrackRequest = {
  prompt: 'warm pop ballad',
  durationSeconds: 24,
  seed: 3,
  lyrics: '[verse]\nHold on to the feeling\nnever let it go\n[chorus]\nsing it to the rafters',
  outputs: { formats: ['wav'], stems: true, midi: true, waveform: false },
};

function samplesOfWav24(bytes: Uint8Array): Float32Array {
  // the stems are 24-bit WAV: the left channel of each frame
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  while (Buffer.from(bytes.subarray(offset, offset + 4)).toString('latin1') !== 'data')
    offset += 8 + view.getUint32(offset + 4, true);
  const frames = view.getUint32(offset + 4, true) / 6;
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    const at = offset + 8 + i * 6;
    const value = bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
    samples[i] = ((value << 8) >> 8) / 8388608;
  }
  return samples;
}

const rms = (samples: Float32Array, from: number, to: number) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
};

describe('a sung track', () => {
  let first: TrackResult;

  it('has a vocals stem that sounds where the lines are sung and is silent before them', async () => {
    first = await generateTrack(REQUEST, { bank, voiceBank });
    const stem = first.stems?.find((s) => s.partId === 'vocals');
    assert.ok(stem, `stems: ${first.stems?.map((s) => s.partId).join(', ')}`);
    const samples = samplesOfWav24(stem.wav);
    const lines = first.music.lyrics ?? [];
    assert.equal(lines.length, 3);
    const rate = 44100;
    for (const line of lines) {
      const level = rms(samples, Math.round(line.start * rate), Math.round(line.end * rate));
      assert.ok(level > 0.01, `"${line.text}" sung (rms ${level.toFixed(4)})`);
    }
    // (a breath and the first consonants come just before the first note)
    const before = rms(samples, 0, Math.round((lines[0]!.start - 1) * rate));
    assert.ok(before < 0.001, `silent before the first line (rms ${before})`);
    assert.equal(first.audio.durationSeconds, 24);
  });

  it('renders identical PCM for the same request, in this thread or on the render pool', async () => {
    const again = await generateTrack(REQUEST, { bank, voiceBank, renderPool: pool });
    assert.ok(first, 'the first test ran');
    assert.deepEqual(again.files.wav, first.files.wav);
    const vocal = (result: TrackResult) => result.stems?.find((s) => s.partId === 'vocals')?.wav;
    assert.deepEqual(vocal(again), vocal(first));
    assert.deepEqual(again.midi, first.midi);
  });
});
