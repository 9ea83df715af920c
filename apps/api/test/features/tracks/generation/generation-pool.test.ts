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
});
