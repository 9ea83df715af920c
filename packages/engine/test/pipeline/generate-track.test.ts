import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadBankFile } from '../../node/load-bank.js';
import { EngineError, generateTrack } from '../../src/index.js';
import { measureLoudness } from '../../src/mastering/index.js';
import type { AudioChunk, Stage, TrackRequest } from '../../src/types.js';

const bank = loadBankFile('small');
const SAMPLE_RATE = 44100;

function ascii(bytes: Uint8Array | undefined, from: number, length: number): string {
  return Buffer.from(bytes?.subarray(from, from + length) ?? []).toString('latin1');
}

function decodeWav16(bytes: Uint8Array): { left: Float32Array; right: Float32Array; sampleRate: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  while (ascii(bytes, offset, 4) !== 'data') offset += 8 + view.getUint32(offset + 4, true);
  const frames = view.getUint32(offset + 4, true) / 4;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    left[i] = view.getInt16(offset + 8 + i * 4, true) / 32768;
    right[i] = view.getInt16(offset + 10 + i * 4, true) / 32768;
  }
  return { left, right, sampleRate: view.getUint32(24, true) };
}

describe('generateTrack', () => {
  it('produces every requested file, exact duration, −14 LUFS, monotonic progress and in-order chunks', async () => {
    const progress: { fraction: number; stage: Stage }[] = [];
    const chunks: AudioChunk[] = [];
    const request: TrackRequest = {
      prompt: 'chill lo-fi hip hop beat for studying',
      durationSeconds: 7,
      seed: 11,
      outputs: { formats: ['wav', 'mp3', 'ogg', 'flac'], stems: true },
    };
    const result = await generateTrack(request, {
      bank,
      onProgress: (fraction, stage) => progress.push({ fraction, stage }),
      onChunk: (chunk) => chunks.push(chunk),
    });

    assert.equal(ascii(result.files.wav, 0, 4), 'RIFF');
    assert.equal(ascii(result.files.flac, 0, 4), 'fLaC');
    assert.equal(ascii(result.files.ogg, 0, 4), 'OggS');
    assert.ok((result.files.mp3?.length ?? 0) > 10_000);
    assert.equal(ascii(result.midi, 0, 4), 'MThd');
    assert.ok((result.waveform?.peaks.length ?? 0) > 0);
    assert.ok(result.stems && result.stems.length >= result.composition.parts.length);
    for (const stem of result.stems) assert.equal(ascii(stem.wav, 0, 4), 'RIFF');

    const wav = decodeWav16(result.files.wav as Uint8Array);
    assert.equal(wav.left.length, 7 * SAMPLE_RATE);
    assert.equal(result.audio.durationSeconds, 7);
    const measured = measureLoudness(wav).integratedLufs;
    assert.ok(Math.abs(measured + 14) <= 1, `measured ${measured} LUFS`);
    assert.ok(result.audio.truePeakDbtp <= -0.9);

    assert.ok(progress.length > 6, `only ${progress.length} progress updates`);
    assert.ok(progress.filter((p) => p.stage === 'rendering').length >= 3);
    for (let i = 1; i < progress.length; i++) {
      assert.ok(
        (progress[i] as (typeof progress)[number]).fraction >=
          (progress[i - 1] as (typeof progress)[number]).fraction,
      );
    }
    assert.equal(progress.at(-1)?.fraction, 1);

    let nextSample = 0;
    chunks.forEach((chunk, index) => {
      assert.equal(chunk.index, index);
      assert.equal(chunk.startSample, nextSample);
      assert.equal(chunk.final, index === chunks.length - 1);
      nextSample += chunk.buffer.left.length;
    });
    assert.equal(nextSample, 7 * SAMPLE_RATE);

    assert.equal(result.music.bpm, result.composition.bpm);
    assert.match(result.music.timeSignature, /^\d+\/\d+$/);
    assert.ok(result.music.instruments.length > 0);
    assert.ok(result.music.sections.every((section) => section.end <= 7 && section.start < section.end));
  });

  it('makes identical audio for the same request', async () => {
    const request: TrackRequest = {
      prompt: 'upbeat house track',
      durationSeconds: 5,
      seed: 5,
      outputs: { formats: ['wav'] },
    };
    const first = await generateTrack(request, { bank });
    const second = await generateTrack(request, { bank });
    assert.deepEqual(first.files.wav, second.files.wav);
  });

  it('rejects requests outside the accepted ranges with stage request', async () => {
    const base: TrackRequest = { prompt: 'ambient', durationSeconds: 30, seed: 1 };
    const invalid: TrackRequest[] = [
      { ...base, prompt: '   ' },
      { ...base, prompt: 'x'.repeat(2001) },
      { ...base, durationSeconds: 4 },
      { ...base, durationSeconds: 601 },
      { ...base, seed: -1 },
      { ...base, seed: 1.5 },
      { ...base, seed: 2 ** 32 },
    ];
    for (const request of invalid) {
      await assert.rejects(generateTrack(request, { bank }), (error: unknown) => {
        return error instanceof EngineError && error.stage === 'request';
      });
    }
  });

  it('stops with an EngineError when the signal aborts during rendering', async () => {
    const controller = new AbortController();
    await assert.rejects(
      generateTrack(
        { prompt: 'epic orchestral', durationSeconds: 20, seed: 2 },
        {
          bank,
          signal: controller.signal,
          onProgress: (fraction, stage) => {
            if (stage === 'rendering' && fraction > 0.2) controller.abort();
          },
        },
      ),
      (error: unknown) => error instanceof EngineError,
    );
  });
});
