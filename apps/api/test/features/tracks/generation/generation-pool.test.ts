// The API's generation threads render on the engine's render pool; the track must not depend on it.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { TrackRequest } from '@trackforge/engine';
import { createGenerationPool } from '../../../../src/features/tracks/generation/generation-pool.js';

const request: TrackRequest = {
  prompt: 'upbeat funk groove with slap bass',
  // two MP3 segments, so the live stream crosses a seam of the joined encoding
  durationSeconds: 32,
  seed: 11,
  outputs: { formats: ['mp3'], stems: false, midi: true, waveform: true },
};

describe('generation threads', () => {
  const alone = createGenerationPool({ threads: 1, bank: 'small', renderThreads: 0 });
  const pooled = createGenerationPool({ threads: 1, bank: 'small', renderThreads: 2 });
  after(async () => {
    await alone.close();
    await pooled.close();
  });

  it('make the same MP3, MIDI, waveform and live stream with one thread and with the render pool', async () => {
    const run = async (pool: typeof alone) => {
      const live: Uint8Array[] = [];
      const track = await pool.generate(request, { onMp3: (bytes) => live.push(bytes) });
      return { track, live: Buffer.concat(live) };
    };
    const one = await run(alone);
    const many = await run(pooled);
    assert.ok((one.track.files.mp3?.byteLength ?? 0) > 10_000, 'an MP3 was made');
    assert.deepEqual(many.track.files.mp3, one.track.files.mp3);
    assert.deepEqual(many.track.midi, one.track.midi);
    assert.deepEqual(many.track.waveform, one.track.waveform);
    assert.deepEqual(many.track.audio, one.track.audio);
    assert.ok(one.live.length > 10_000, 'the live stream carried audio');
    assert.deepEqual(many.live, one.live);
  });

  it('stream the very bytes of the stored MP3 while encoding it once', async () => {
    const live: Uint8Array[] = [];
    const track = await pooled.generate(request, { onMp3: (bytes) => live.push(bytes) });
    assert.ok(live.length >= 2, `the MP3 came in ${live.length} pieces`);
    assert.equal(
      Buffer.from(live[0]!.subarray(36, 40)).toString(),
      'Info',
      'the gapless Info frame leads the stream',
    );
    assert.deepEqual(Buffer.concat(live), Buffer.from(track.files.mp3 as Uint8Array));
  });

  it('drop a queued render whose caller went away at once, not when its turn comes', async () => {
    const order: string[] = [];
    const running = alone.generate(request, {}).then(() => order.push('running render finished'));
    const abandoned = new AbortController();
    const queued = alone.generate(request, { signal: abandoned.signal }).then(
      () => order.push('queued render finished'),
      (error: Error) => order.push(`queued render refused: ${error.message}`),
    );
    abandoned.abort();
    await queued;
    await running;
    assert.deepEqual(order, ['queued render refused: generation was aborted', 'running render finished']);
  });

  it('make a WAV from a FLAC master in a thread, streaming it, the master moved there and not copied', async () => {
    const made = await alone.generate(
      { ...request, durationSeconds: 6, outputs: { formats: ['flac', 'wav'], midi: false, waveform: false } },
      {},
    );
    const master = made.files.flac!;
    const pieces: Uint8Array[] = [];
    const wav = await alone.transcode(master, 'wav', { onFileBytes: (bytes) => pieces.push(bytes) });
    assert.equal(master.byteLength, 0, 'handed over to the thread');
    assert.deepEqual(wav, made.files.wav, "the render's own WAV, byte for byte");
    assert.deepEqual(Buffer.concat(pieces), Buffer.from(wav));
  });

  it('stop a transcode whose caller went away, and refuse a stems render that no longer makes the master', async () => {
    const made = await alone.generate(
      { ...request, durationSeconds: 6, outputs: { formats: ['flac'], midi: false, waveform: false } },
      {},
    );
    const leaving = new AbortController();
    const ogg = alone.transcode(made.files.flac!.slice(), 'ogg', {
      signal: leaving.signal,
      onFileBytes: () => leaving.abort(),
    });
    await assert.rejects(ogg, /aborted/);
    // the master of another seed stands for what an earlier engine made of this request
    const other = await alone.generate(
      {
        ...request,
        seed: 12,
        durationSeconds: 6,
        outputs: { formats: ['flac'], midi: false, waveform: false },
      },
      {},
    );
    const stems = {
      ...request,
      durationSeconds: 6,
      outputs: { formats: ['flac' as const], stems: true, midi: false, waveform: false },
    };
    const streamed: Uint8Array[] = [];
    await assert.rejects(
      alone.generate(stems, { master: other.files.flac!, onFileBytes: (bytes) => streamed.push(bytes) }),
      (error: Error & { stage?: string }) => error.stage === 'master_changed',
    );
    assert.equal(streamed.length, 0, 'no stem went out');
    const same = await alone.generate(stems, { master: made.files.flac! });
    assert.ok(same.stemsZip && same.stemsZip.byteLength > 0);
  });
});
