// The S3 store against a real S3-compatible server on loopback (s3rver from npm).
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { createStorage } from '../../../src/platform/storage/create-storage.js';
import type { Storage } from '../../../src/platform/storage/storage.js';

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

describe('S3 storage against a local S3-compatible server', () => {
  let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
  let storage: Storage;
  before(async () => {
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: mkdtempSync(join(tmpdir(), 'tf-s3-')),
      configureBuckets: [{ name: 'trackforge' }],
    });
    const { port } = await server.run();
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    storage = createStorage({
      STORAGE_URL: 's3://trackforge/prod/files',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      DATA_DIR: '/nonexistent',
    });
  });
  after(() => server.close());

  it('is chosen for an s3:// STORAGE_URL and cannot append (no live streams)', () => {
    assert.equal(storage.kind, 's3');
    assert.equal(storage.append, undefined);
  });

  it('stores, stats and reads an object back, whole or by byte range', async () => {
    await storage.put('tracks/wsp_a/trk_a/audio.mp3', new TextEncoder().encode('0123456789'), 'audio/mpeg');
    assert.deepEqual(await storage.stat('tracks/wsp_a/trk_a/audio.mp3'), { bytes: 10 });
    assert.equal(await readAll(await storage.getStream('tracks/wsp_a/trk_a/audio.mp3')), '0123456789');
    assert.equal(
      await readAll(await storage.getStream('tracks/wsp_a/trk_a/audio.mp3', { start: 3, end: 5 })),
      '345',
    );
  });

  it('deletes every object under a prefix and reports a missing object as undefined', async () => {
    await storage.put('tracks/wsp_b/trk_b/audio.wav', new Uint8Array([1]), 'audio/wav');
    await storage.put('tracks/wsp_b/trk_b/track.mid', new Uint8Array([2]), 'audio/midi');
    await storage.put('tracks/wsp_b/trk_c/track.mid', new Uint8Array([3]), 'audio/midi');
    await storage.deletePrefix('tracks/wsp_b/trk_b/');
    assert.equal(await storage.stat('tracks/wsp_b/trk_b/audio.wav'), undefined);
    assert.equal(await storage.stat('tracks/wsp_b/trk_b/track.mid'), undefined);
    assert.deepEqual(await storage.stat('tracks/wsp_b/trk_c/track.mid'), { bytes: 1 });
  });
  it('lists the objects under a prefix with their sizes and write times, keys relative to the store', async () => {
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
});
