import assert from 'node:assert/strict';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { createLocalStorage } from '../../../src/platform/storage/local-storage.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('local storage', () => {
  const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'tf-storage-')));

  it('stores, stats and reads back an object, whole or by inclusive byte range', async () => {
    await storage.put('tracks/wsp_a/trk_a/audio.mp3', new TextEncoder().encode('0123456789'), 'audio/mpeg');
    assert.deepEqual(await storage.stat('tracks/wsp_a/trk_a/audio.mp3'), { bytes: 10 });
    assert.equal(
      (await readAll(await storage.getStream('tracks/wsp_a/trk_a/audio.mp3'))).toString(),
      '0123456789',
    );
    const range = await storage.getStream('tracks/wsp_a/trk_a/audio.mp3', { start: 2, end: 4 });
    assert.equal((await readAll(range)).toString(), '234');
  });

  it('deletes every object under a prefix and reports missing objects as undefined', async () => {
    await storage.put('tracks/wsp_b/trk_b/audio.wav', new Uint8Array([1, 2]), 'audio/wav');
    await storage.put('tracks/wsp_b/trk_b/track.mid', new Uint8Array([3]), 'audio/midi');
    await storage.deletePrefix('tracks/wsp_b/trk_b/');
    assert.equal(await storage.stat('tracks/wsp_b/trk_b/audio.wav'), undefined);
    await assert.rejects(storage.getStream('tracks/wsp_b/trk_b/track.mid'));
  });

  it('refuses keys that would escape its root', async () => {
    await assert.rejects(storage.put('../escape', new Uint8Array([1]), 'text/plain'), /unsafe storage key/);
  });
  it('lists the objects under a prefix with their sizes and write times', async () => {
    await storage.put('tracks/wsp_l/trk_l/audio.mp3', new Uint8Array([1, 2, 3]), 'audio/mpeg');
    await storage.put('tracks/wsp_l/trk_l/derived/audio.wav', new Uint8Array([4]), 'audio/wav');
    await storage.put('tracks/wsp_m/trk_m/audio.mp3', new Uint8Array([5]), 'audio/mpeg');
    const listed = [];
    for await (const object of storage.list('tracks/wsp_l/')) listed.push(object);
    assert.deepEqual(listed.map((object) => [object.key, object.bytes]).sort(), [
      ['tracks/wsp_l/trk_l/audio.mp3', 3],
      ['tracks/wsp_l/trk_l/derived/audio.wav', 1],
    ]);
    assert.ok(listed.every((object) => object.modifiedAt.getTime() > 0));
  });

  it('writes files 0600 in folders 0700 even under a umask that would share them', async () => {
    const previous = process.umask(0o022);
    try {
      await storage.put('tracks/wsp_p/trk_p/audio.mp3', new Uint8Array([1]), 'audio/mpeg');
      await storage.append!('tracks/wsp_p/trk_p/live.mp3', new Uint8Array([2]));
    } finally {
      process.umask(previous);
    }
    const modeOf = (key: string) => statSync(storage.localPath!(key)).mode & 0o777;
    assert.equal(modeOf('tracks/wsp_p/trk_p/audio.mp3'), 0o600);
    assert.equal(modeOf('tracks/wsp_p/trk_p/live.mp3'), 0o600);
    for (const folder of ['tracks/wsp_p/trk_p', 'tracks/wsp_p']) assert.equal(modeOf(folder), 0o700, folder);
  });
});
