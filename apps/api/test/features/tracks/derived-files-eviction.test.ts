// Derived formats are a cache: the sweep deletes those made more than a week ago and nothing else.
// Stems are kept with their track: after an engine change they may not be made again.
import assert from 'node:assert/strict';
import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  DERIVED_FILE_TTL_MS,
  sweepDerivedFiles,
} from '../../../src/features/tracks/generation/track-derived-files.js';
import { createLocalStorage } from '../../../src/platform/storage/local-storage.js';

describe('derived file eviction', () => {
  it('deletes derived files written before the cut-off and keeps newer ones, stems and every stored file', async () => {
    const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'tf-derived-')));
    const now = new Date('2026-03-01T12:00:00Z');
    const old = new Date(now.getTime() - DERIVED_FILE_TTL_MS - 60_000);
    const recent = new Date(now.getTime() - 60_000);
    const keys = {
      mp3: 'tracks/wsp_a/trk_a/audio.mp3',
      oldWav: 'tracks/wsp_a/trk_a/derived/audio.wav',
      recentFlac: 'tracks/wsp_a/trk_a/derived/audio.flac',
      oldOtherTrack: 'tracks/wsp_b/trk_b/derived/audio.ogg',
      oldStems: 'tracks/wsp_b/trk_b/derived/stems.zip',
    };
    for (const key of Object.values(keys))
      await storage.put(key, new Uint8Array([1, 2]), 'application/octet-stream');
    const touch = (key: string, at: Date) => utimesSync(storage.localPath!(key), at, at);
    touch(keys.mp3, old);
    touch(keys.oldWav, old);
    touch(keys.recentFlac, recent);
    touch(keys.oldOtherTrack, old);
    touch(keys.oldStems, old);

    const deleted = await sweepDerivedFiles(storage, new Date(now.getTime() - DERIVED_FILE_TTL_MS));

    assert.equal(deleted, 2);
    assert.equal(await storage.stat(keys.oldWav), undefined);
    assert.equal(await storage.stat(keys.oldOtherTrack), undefined);
    assert.deepEqual(await storage.stat(keys.recentFlac), { bytes: 2 });
    assert.deepEqual(await storage.stat(keys.mp3), { bytes: 2 }, 'stored files are never evicted');
    assert.deepEqual(await storage.stat(keys.oldStems), { bytes: 2 }, 'stems are kept with their track');
  });
});
