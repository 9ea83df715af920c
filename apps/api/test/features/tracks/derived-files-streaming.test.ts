// A derived file's first download streams while the engine makes it, one render serves every
// download meanwhile, and a track deleted during the render keeps nothing. The render here is a
// stand-in that hands out its bytes when the test says so, so each step can be observed.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { AppError } from '../../../src/errors.js';
import type { GeneratedTrack } from '../../../src/features/tracks/generation/generated-track.js';
import {
  type Generate,
  type GenerateOptions,
  GenerationError,
  MASTER_CHANGED_STAGE,
  type Transcode,
} from '../../../src/features/tracks/generation/generation-pool.js';
import {
  createDerivedFiles,
  DERIVED_FILE_TTL_MS,
  sweepDerivedFiles,
} from '../../../src/features/tracks/generation/track-derived-files.js';
import type { TrackRow } from '../../../src/features/tracks/track.repository.js';
import { createLocalStorage } from '../../../src/platform/storage/local-storage.js';

const track = {
  id: 'trk_derived',
  workspace_id: 'wsp_derived',
  prompt: 'calm ambient pads',
  duration_seconds: 6,
  seed: '3',
  loop: false,
  voice_spec: null,
  bpm: null,
  key: null,
  files: { mp3: { key: 'tracks/wsp_derived/trk_derived/audio.mp3', bytes: 10, etag: '"mp3"' } },
} as unknown as TrackRow;

/** A render that waits for the test to send each piece of the file, then finishes. */
function controlledRender() {
  const calls: { options: GenerateOptions; finish: () => void; fail: (error: Error) => void }[] = [];
  const pieces = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5]), new Uint8Array([6])];
  const render: Generate = (request, options) =>
    new Promise<GeneratedTrack>((resolve, reject) => {
      const format = request.outputs?.formats?.[0] ?? 'wav';
      options.signal?.addEventListener('abort', () => reject(new Error('generation was aborted')));
      calls.push({
        options,
        fail: reject,
        finish: () =>
          resolve({
            music: {} as GeneratedTrack['music'],
            audio: {} as GeneratedTrack['audio'],
            files: { [format]: Buffer.concat(pieces) },
          }),
      });
    });
  const sendPiece = (call: number, index: number) =>
    calls[call]?.options.onFileBytes?.(pieces[index] as Uint8Array);
  return { render, calls, sendPiece };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** The transcode of tracks stored without a master: never asked for. */
const noMaster: Transcode = async () => {
  throw new Error('a track without a stored master was transcoded');
};

describe('derived files made on first download', () => {
  it('streams the first download while the file is made, and a second download joins the same render', async () => {
    const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'tf-derived-stream-')));
    const engine = controlledRender();
    const derived = createDerivedFiles({ storage, render: engine.render, transcode: noMaster });
    const exists = async () => true;

    const first = await derived.get(track, 'flac', exists);
    assert.ok('making' in first, 'the first download finds the file being made');
    const firstReader = first.making.read();
    const received: number[] = [];
    firstReader.on('data', (chunk: Buffer) => received.push(...chunk));
    await tick();
    engine.sendPiece(0, 0);
    await tick();
    assert.deepEqual(received, [1, 2, 3], 'the first bytes arrive before the render is done');

    const second = await derived.get(track, 'flac', exists);
    assert.ok('making' in second);
    const secondBytes = readAll(second.making.read());
    engine.sendPiece(0, 1);
    engine.sendPiece(0, 2);
    engine.calls[0]?.finish();
    assert.equal(engine.calls.length, 1, 'one render for both downloads');
    assert.deepEqual([...(await secondBytes)], [1, 2, 3, 4, 5, 6], 'the joiner reads from the first byte');

    const kept = await first.making.finished;
    assert.equal(kept.bytes, 6);
    assert.equal(kept.etag, first.making.etag);
    const later = await derived.get(track, 'flac', exists);
    assert.ok('file' in later, 'once kept, the stored file is served (Range and length known)');
    assert.deepEqual([...(await readAll(await storage.getStream(later.file.key)))], [1, 2, 3, 4, 5, 6]);
    assert.deepEqual(received, [1, 2, 3, 4, 5, 6]);
  });

  it('keeps nothing of a file whose track is deleted while it is made, on this node or another', async () => {
    const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'tf-derived-delete-')));
    const folder = storage.localPath!(`tracks/${track.workspace_id}/${track.id}`);

    // deleted here: the render is stopped and its reader fails with the track's 404, not the engine's words
    const here = controlledRender();
    const derivedHere = createDerivedFiles({ storage, render: here.render, transcode: noMaster });
    const making = await derivedHere.get(track, 'wav', async () => true);
    assert.ok('making' in making);
    const reading = readAll(making.making.read());
    here.sendPiece(0, 0);
    derivedHere.discard(track.id);
    const deleted = (error: unknown) =>
      error instanceof AppError &&
      error.code === 'not_found' &&
      /trk_derived was deleted while its wav was being made/.test(error.message);
    await assert.rejects(making.making.finished, deleted);
    await assert.rejects(reading, deleted);
    assert.equal(existsSync(folder), false);

    // deleted on another node: the render ends, and the file is removed once the track is found gone
    const there = controlledRender();
    const derivedThere = createDerivedFiles({ storage, render: there.render, transcode: noMaster });
    let trackExists = true;
    const other = await derivedThere.get(track, 'ogg', async () => trackExists);
    assert.ok('making' in other);
    for (const index of [0, 1, 2]) there.sendPiece(0, index);
    trackExists = false;
    there.calls[0]?.finish();
    await assert.rejects(other.making.finished, /deleted/);
    assert.equal(await storage.stat(`tracks/${track.workspace_id}/${track.id}/derived/audio.ogg`), undefined);
  });

  it('fails the download rather than send a file whose streamed bytes differ from the made one', async () => {
    const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'tf-derived-short-')));
    const engine = controlledRender();
    const derived = createDerivedFiles({ storage, render: engine.render, transcode: noMaster });
    const making = await derived.get(track, 'wav', async () => true);
    assert.ok('making' in making);
    const reading = readAll(making.making.read());
    engine.sendPiece(0, 0); // two of the three pieces never stream
    engine.calls[0]?.finish();
    await assert.rejects(making.making.finished, /streamed with 3 of 6 bytes/);
    await assert.rejects(reading);
    assert.equal(await storage.stat(`tracks/${track.workspace_id}/${track.id}/derived/audio.wav`), undefined);
  });

  it('stops a render when every download waiting for it is over before the file is made', async () => {
    const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'tf-derived-left-')));
    const engine = controlledRender();
    const derived = createDerivedFiles({ storage, render: engine.render, transcode: noMaster });
    const exists = async () => true;
    const [first, second] = [new AbortController(), new AbortController()];
    const a = await derived.get(track, 'ogg', exists, first.signal);
    const b = await derived.get(track, 'ogg', exists, second.signal);
    assert.ok('making' in a && 'making' in b);
    assert.equal(engine.calls.length, 1);
    const signal = engine.calls[0]?.options.signal;
    first.abort();
    assert.equal(signal?.aborted, false, 'the second download still waits');
    second.abort();
    assert.equal(signal?.aborted, true, 'nobody waits: the render stops');
    await assert.rejects(a.making.finished);
    // the next download starts afresh rather than join the stopped render
    const again = await derived.get(track, 'ogg', exists, new AbortController().signal);
    assert.ok('making' in again);
    assert.equal(engine.calls.length, 2);
    for (const index of [0, 1, 2]) engine.sendPiece(1, index);
    engine.calls[1]?.finish();
    assert.equal((await again.making.finished).bytes, 6);
  });

  describe('of a track whose master is stored', () => {
    const masterKey = `tracks/${track.workspace_id}/${track.id}/audio.flac`;
    const mastered = {
      ...track,
      files: { ...track.files, flac: { key: masterKey, bytes: 4, etag: '"master"' } },
    } as unknown as TrackRow;

    it('makes its WAV and OGG from the stored master and never renders the track again', async () => {
      const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'tf-derived-master-')));
      await storage.put(masterKey, new Uint8Array([9, 8, 7, 6]), 'audio/flac');
      const engine = controlledRender();
      const asked: { flac: number[]; format: string }[] = [];
      const transcode: Transcode = async (flac, format, options) => {
        asked.push({ flac: [...flac], format });
        options.onFileBytes?.(new Uint8Array([format === 'wav' ? 1 : 2]));
        return new Uint8Array([format === 'wav' ? 1 : 2]);
      };
      const derived = createDerivedFiles({ storage, render: engine.render, transcode });
      for (const format of ['wav', 'ogg'] as const) {
        const making = await derived.get(mastered, format, async () => true);
        assert.ok('making' in making);
        const [read, kept] = await Promise.all([readAll(making.making.read()), making.making.finished]);
        assert.deepEqual([...read], [format === 'wav' ? 1 : 2]);
        assert.equal(kept.key, `tracks/${track.workspace_id}/${track.id}/derived/audio.${format}`);
      }
      assert.deepEqual(asked, [
        { flac: [9, 8, 7, 6], format: 'wav' },
        { flac: [9, 8, 7, 6], format: 'ogg' },
      ]);
      assert.equal(engine.calls.length, 0, 'no render');
    });

    it('has its stems render reproduce the stored master, and answers 422 keeping nothing when it does not', async () => {
      const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'tf-derived-changed-')));
      await storage.put(masterKey, new Uint8Array([9, 8, 7, 6]), 'audio/flac');
      const asked: { formats: unknown; stems: unknown; master: unknown }[] = [];
      const render: Generate = async (request, options) => {
        asked.push({
          formats: request.outputs?.formats,
          stems: request.outputs?.stems,
          master: options.master ? [...options.master] : undefined,
        });
        throw new GenerationError('its master differs from the stored one', MASTER_CHANGED_STAGE);
      };
      const derived = createDerivedFiles({ storage, render, transcode: noMaster });
      const changed = (error: unknown) =>
        error instanceof AppError &&
        error.code === 'unprocessable_track' &&
        /made by an earlier version of the engine/.test(error.message);
      const making = await derived.get(mastered, 'stems', async () => true);
      assert.ok('making' in making);
      await assert.rejects(making.making.finished, changed);
      assert.deepEqual(asked, [{ formats: ['flac'], stems: true, master: [9, 8, 7, 6] }]);
      assert.equal(
        await storage.stat(`tracks/${track.workspace_id}/${track.id}/derived/stems.zip`),
        undefined,
      );
      // remembered: the next download answers at once, without rendering the track again
      await assert.rejects(
        derived.get(mastered, 'stems', async () => true),
        changed,
      );
      assert.equal(asked.length, 1);
      // until the sweep clears the mark a week on, and the check runs again
      const weekOn = new Date(Date.now() + DERIVED_FILE_TTL_MS + 60_000);
      await sweepDerivedFiles(storage, weekOn);
      const again = await derived.get(mastered, 'stems', async () => true);
      assert.ok('making' in again);
      await assert.rejects(again.making.finished, changed);
      assert.equal(asked.length, 2);
    });

    it('renders a track again, as one stored without a master, when its master is missing from the store', async () => {
      const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'tf-derived-lost-')));
      const engine = controlledRender();
      const derived = createDerivedFiles({ storage, render: engine.render, transcode: noMaster });
      const making = await derived.get(mastered, 'wav', async () => true);
      assert.ok('making' in making);
      while (engine.calls.length === 0) await tick();
      assert.equal(engine.calls[0]?.options.master, undefined);
      for (const index of [0, 1, 2]) engine.sendPiece(0, index);
      engine.calls[0]?.finish();
      assert.equal((await making.making.finished).bytes, 6);
    });
  });
});
