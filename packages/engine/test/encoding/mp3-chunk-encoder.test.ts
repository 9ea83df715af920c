import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMp3ChunkEncoder, encodeMp3Stream } from '../../src/encoding/index.js';
import type { AudioChunk } from '../../src/types.js';
import { musicLike } from '../mastering/signals.js';

describe('MP3 chunk encoder', () => {
  it('streams the same bytes as encoding the whole audio at once, whatever the chunk sizes', async () => {
    const audio = musicLike(6, 0.3, 4);
    const parts: Uint8Array[] = [];
    const onChunk = await createMp3ChunkEncoder({ onBytes: (bytes) => parts.push(bytes) });
    const sizes = [1000, 44100, 3, 100_000, 70_000];
    let index = 0;
    for (let start = 0; start < audio.left.length; index++) {
      const end = Math.min(audio.left.length, start + (sizes[index % sizes.length] as number));
      const chunk: AudioChunk = {
        index,
        startSample: start,
        buffer: {
          sampleRate: 44100,
          left: audio.left.slice(start, end),
          right: audio.right.slice(start, end),
        },
        final: end === audio.left.length,
      };
      onChunk(chunk);
      start = end;
    }
    assert.deepEqual(new Uint8Array(Buffer.concat(parts)), await encodeMp3Stream(audio));
  });

  it('refuses a bitrate MP3 does not have', async () => {
    await assert.rejects(createMp3ChunkEncoder({ bitrateKbps: 100, onBytes: () => {} }), RangeError);
  });
});
