// create → ready with the real engine (small sound bank, one worker thread), then every download.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { decodeFlac, encodeFlac } from '@trackforge/engine';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { contentEtag } from '../../../src/platform/http/send-file.js';
import { createStorage } from '../../../src/platform/storage/create-storage.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import {
  decodeMp3,
  decodeWav16,
  flacDurationSeconds,
  loudnessLufs,
  oggDurationSeconds,
} from './audio-decode.js';
import { balanceOf, createTrack, fund } from './helpers.js';
import { mp3DurationSeconds } from './mp3-duration.js';

// One engine only: the real generation is slow enough that a second database adds nothing here.
const kind = testDatabaseKinds().at(-1)!;

describe(`generating a real track end to end on ${kind}`, () => {
  let t: TestApp;
  let account: TestAccount;
  let other: TestAccount;
  let track: { id: string; status: string; audio: { formats: string[] }; music: { bpm: number } };
  before(async () => {
    t = await createTestApp(kind, { env: { ENGINE_BANK: 'small', WORKERS: '1' } });
    account = await createTestAccount(t);
    other = await createTestAccount(t);
    await fund(t, account.workspaceId, 5);
    await t.services.start({ generation: { pollMs: 100 } });
  });
  after(async () => {
    await t.close();
  });

  it('holds the answer with Prefer: wait until the track is ready, then charges the held credit', async () => {
    const before = await balanceOf(t, account.workspaceId);
    const response = await createTrack(
      t,
      account,
      { prompt: 'upbeat funk groove with slap bass', duration: '6s', seed: 7 },
      {
        prefer: 'wait=60',
      },
    );
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.headers['preference-applied'], 'wait=60');
    track = response.json();
    assert.equal(track.status, 'ready', JSON.stringify(track));
    assert.deepEqual(track.audio.formats, ['mp3', 'wav', 'ogg', 'flac']);
    assert.ok(track.music.bpm > 0);
    assert.deepEqual(await balanceOf(t, account.workspaceId), {
      balance: before.balance - 1,
      held: before.held,
    });
  });

  it('serves an MP3 of the asked duration with ETag, Content-Disposition and byte ranges', async () => {
    const url = `/v1/tracks/${track.id}/audio`;
    const full = await t.app.inject({ method: 'GET', url, headers: account.headers });
    assert.equal(full.statusCode, 200);
    assert.equal(full.headers['content-type'], 'audio/mpeg');
    assert.match(
      String(full.headers['content-disposition']),
      new RegExp(`inline; filename="${track.id}.mp3"`),
    );
    const seconds = mp3DurationSeconds(full.rawPayload);
    assert.ok(Math.abs(seconds - 6) < 0.2, `mp3 lasts ${seconds} s`);
    const etag = String(full.headers.etag);
    const cached = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...account.headers, 'if-none-match': etag },
    });
    assert.equal(cached.statusCode, 304);
    const part = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...account.headers, range: 'bytes=100-199' },
    });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 100-199/${full.rawPayload.length}`);
    assert.deepEqual(part.rawPayload, full.rawPayload.subarray(100, 200));
    const outside = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...account.headers, range: 'bytes=99999999-' },
    });
    assert.equal(outside.statusCode, 416);
    assert.equal(outside.headers['content-range'], `bytes */${full.rawPayload.length}`);
  });

  it('stores the MP3, the FLAC master, the MIDI and the waveform when the track becomes ready (no live.mp3 left)', async () => {
    const folder = createStorage(t.config).localPath!(`tracks/${account.workspaceId}/${track.id}`);
    assert.deepEqual(readdirSync(folder).sort(), ['audio.flac', 'audio.mp3', 'track.mid', 'waveform.json']);
  });

  it('makes WAV and OGG from the stored FLAC master on first download, with the duration and loudness of the MP3', async () => {
    const get = (path: string) =>
      t.app.inject({ method: 'GET', url: `/v1/tracks/${track.id}${path}`, headers: account.headers });
    const mp3 = await decodeMp3(new Uint8Array((await get('/audio')).rawPayload));
    const mp3Seconds = mp3.left.length / mp3.sampleRate;
    const wavResponse = await get('/audio?format=wav');
    assert.equal(wavResponse.statusCode, 200);
    assert.equal(
      wavResponse.headers['content-length'],
      undefined,
      'the first download streams as it is made',
    );
    assert.equal(wavResponse.headers['content-type'], 'audio/wav');
    const wav = decodeWav16(new Uint8Array(wavResponse.rawPayload));
    assert.equal(wav.left.length, mp3.left.length, 'the WAV has exactly the MP3’s samples');
    const loudnessGap = Math.abs(loudnessLufs(wav) - loudnessLufs(mp3));
    assert.ok(loudnessGap < 0.3, `WAV and MP3 loudness differ by ${loudnessGap} LU`);
    const flacResponse = await get('/audio?format=flac');
    assert.equal(flacResponse.headers['content-length'], String(flacResponse.rawPayload.length), 'stored');
    const flac = new Uint8Array(flacResponse.rawPayload);
    assert.ok(
      Math.abs(flacDurationSeconds(flac) - mp3Seconds) < 0.001,
      `flac ${flacDurationSeconds(flac)} s`,
    );
    // the WAV holds exactly the master's 16-bit samples
    const master = await decodeFlac(flac);
    const differing = master.left.findIndex(
      (sample, i) =>
        Math.round(sample * 32767) !== Math.round(wav.left[i]! * 32767) ||
        Math.round(master.right[i]! * 32767) !== Math.round(wav.right[i]! * 32767),
    );
    assert.equal(differing, -1, `the WAV and the FLAC master differ from sample ${differing}`);
    const ogg = new Uint8Array((await get('/audio?format=ogg')).rawPayload);
    assert.equal(String.fromCharCode(...ogg.subarray(0, 4)), 'OggS');
    const oggSeconds = oggDurationSeconds(ogg, mp3.sampleRate);
    assert.ok(Math.abs(oggSeconds - mp3Seconds) < 0.001, `ogg ${oggSeconds} s`);
    // a second download is served from the stored file, with the same ETag
    const again = await get('/audio?format=wav');
    assert.equal(again.headers.etag, wavResponse.headers.etag);
    assert.equal(again.headers['content-length'], String(wavResponse.rawPayload.length));
    assert.deepEqual(again.rawPayload, wavResponse.rawPayload);
    // a cache revalidating with the tag weakened (as a CDN that compressed it hands it back) or in a list
    for (const tag of [`W/${wavResponse.headers.etag}`, `"older", ${wavResponse.headers.etag}`]) {
      const revalidated = await t.app.inject({
        method: 'GET',
        url: `/v1/tracks/${track.id}/audio?format=wav`,
        headers: { ...account.headers, 'if-none-match': tag },
      });
      assert.equal(revalidated.statusCode, 304, tag);
    }
  });

  it('serves the MIDI file, a zip of FLAC stems and waveform peaks', async () => {
    const get = (path: string) =>
      t.app.inject({ method: 'GET', url: `/v1/tracks/${track.id}${path}`, headers: account.headers });
    assert.equal((await get('/midi')).rawPayload.subarray(0, 4).toString(), 'MThd');
    const stems = await get('/stems');
    assert.equal(stems.headers['content-type'], 'application/zip');
    const files = unzipSync(new Uint8Array(stems.rawPayload));
    const names = Object.keys(files);
    assert.ok(names.length > 0 && names.every((name) => name.endsWith('.flac')), names.join());
    for (const name of names) {
      const seconds = flacDurationSeconds(files[name] as Uint8Array);
      assert.ok(Math.abs(seconds - 6) < 0.7, `${name} lasts ${seconds} s`);
    }
    const waveform = (await get('/waveform')).json();
    assert.equal(waveform.object, 'waveform');
    assert.ok(waveform.peaks.length > 100);
  });

  it('keeps a track’s WAV its stored master and refuses stems after the engine comes to render it differently', async () => {
    const response = await createTrack(
      t,
      account,
      { prompt: 'warm lo-fi piano', duration: '5s', seed: 11 },
      { prefer: 'wait=60' },
    );
    const made = response.json() as { id: string; status: string };
    assert.equal(made.status, 'ready', response.body);
    // What an engine change looks like from here: the track's stored master is no longer what the
    // engine renders from its request (one second of A440 stands in for the old engine's master).
    const seconds = 1;
    const tone = new Float32Array(44100 * seconds).map(
      (_, i) => 0.25 * Math.sin((2 * Math.PI * 440 * i) / 44100),
    );
    const oldMaster = await encodeFlac({ sampleRate: 44100, left: tone, right: tone });
    const key = `tracks/${account.workspaceId}/${made.id}/audio.flac`;
    await createStorage(t.config).put(key, oldMaster, 'audio/flac');
    await sql`update track set files = jsonb_set(files, '{flac}', ${JSON.stringify({ key, bytes: oldMaster.byteLength, etag: contentEtag(oldMaster) })}::jsonb) where id = ${made.id}`.execute(
      t.database.db,
    );
    t.services.finishedTracks.forget(made.id);
    const get = (path: string) =>
      t.app.inject({ method: 'GET', url: `/v1/tracks/${made.id}${path}`, headers: account.headers });

    const wav = decodeWav16(new Uint8Array((await get('/audio?format=wav')).rawPayload));
    assert.equal(wav.left.length, 44100 * seconds, 'the WAV is the stored master, not a new render');
    assert.equal(Math.round(wav.left[100]! * 32767), Math.round(tone[100]! * 32767));

    const stems = await get('/stems');
    assert.equal(stems.statusCode, 422, stems.body);
    assert.equal(stems.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(stems.json().code, 'unprocessable_track');
    assert.match(stems.json().detail, /made by an earlier version of the engine/);
    assert.equal(stems.headers.etag, undefined);
    assert.equal(
      await createStorage(t.config).stat(`tracks/${account.workspaceId}/${made.id}/derived/stems.zip`),
      undefined,
    );
  });

  it('keeps a private track’s audio from other workspaces and anonymous callers until it is published', async () => {
    const url = `/v1/tracks/${track.id}/audio`;
    assert.equal((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode, 404);
    assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 404);
    const published = await t.app.inject({
      method: 'POST',
      url: `/v1/tracks/${track.id}/publish`,
      headers: account.headers,
      payload: { visibility: 'unlisted' },
    });
    assert.equal(published.json().visibility, 'unlisted');
    const anonymous = await t.app.inject({ method: 'GET', url });
    assert.equal(anonymous.statusCode, 200);
    assert.match(String(anonymous.headers['cache-control']), /public/);
  });

  it('streams a rendering track as a progressive MP3 whose bytes are the stored audio.mp3', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    // 40 s: three MP3 segments, so the stream is sent in pieces across two seams
    const created = (
      await createTrack(t, account, { prompt: 'calm ambient pads', duration: '40s', seed: 3 })
    ).json();
    const response = await fetch(`http://127.0.0.1:${address.port}/v1/tracks/${created.id}/audio?stream=1`, {
      headers: account.headers,
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'audio/mpeg');
    const streamed = Buffer.from(await response.arrayBuffer());
    const seconds = mp3DurationSeconds(streamed);
    assert.ok(Math.abs(seconds - 40) < 0.5, `streamed mp3 lasts ${seconds} s`);
    const done = await t.app.inject({
      method: 'GET',
      url: `/v1/tracks/${created.id}`,
      headers: account.headers,
    });
    assert.equal(done.json().status, 'ready');
    const stored = await t.app.inject({
      method: 'GET',
      url: `/v1/tracks/${created.id}/audio`,
      headers: account.headers,
    });
    assert.deepEqual(streamed, stored.rawPayload, 'one encode: the live bytes are the stored file');
  });

  it('leaves no file, the live MP3 included, of a track deleted while it renders', async () => {
    const storage = createStorage(t.config);
    const created = (
      await createTrack(t, account, { prompt: 'uplifting progressive house', duration: '30s', seed: 5 })
    ).json();
    const folder = storage.localPath!(`tracks/${account.workspaceId}/${created.id}`);
    // wait for the live MP3, so the worker has written into the track's folder
    for (let i = 0; i < 600 && !existsSync(join(folder, 'live.mp3')); i++) await sleep(50);
    assert.ok(existsSync(join(folder, 'live.mp3')), 'the live MP3 was written while rendering');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/tracks/${created.id}`,
      headers: account.headers,
    });
    assert.equal(deleted.statusCode, 204);
    await untilGoneForGood(folder);
  });

  it('leaves no derived file of a track deleted while its stems are being made for a download', async () => {
    const address = t.app.server.address() as { port: number };
    const created = (
      await createTrack(
        t,
        account,
        { prompt: 'upbeat funk groove', duration: '6s', seed: 9 },
        { prefer: 'wait=60' },
      )
    ).json();
    assert.equal(created.status, 'ready');
    const response = await fetch(`http://127.0.0.1:${address.port}/v1/tracks/${created.id}/stems`, {
      headers: account.headers,
    });
    assert.equal(response.status, 200);
    const reading = response.arrayBuffer().catch(() => undefined);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/tracks/${created.id}`,
      headers: account.headers,
    });
    assert.equal(deleted.statusCode, 204);
    await reading;
    await untilGoneForGood(createStorage(t.config).localPath!(`tracks/${account.workspaceId}/${created.id}`));
  });

  it('deletes the track with every file, the derived ones included', async () => {
    const storage = createStorage(t.config);
    const folder = storage.localPath!(`tracks/${account.workspaceId}/${track.id}`);
    assert.ok(existsSync(join(folder, 'derived', 'audio.wav')), 'the derived WAV was kept before');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/tracks/${track.id}`,
      headers: account.headers,
    });
    assert.equal(deleted.statusCode, 204);
    assert.equal(existsSync(folder), false, 'no file of the track is left');
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/v1/tracks/${track.id}`, headers: account.headers }))
        .statusCode,
      404,
    );
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the folder is gone and stays gone for two seconds (work still running may end meanwhile). */
async function untilGoneForGood(folder: string): Promise<void> {
  let goneSinceMs: number | undefined;
  for (let waitedMs = 0; waitedMs < 60_000; waitedMs += 100) {
    if (existsSync(folder)) goneSinceMs = undefined;
    else goneSinceMs ??= waitedMs;
    if (goneSinceMs !== undefined && waitedMs - goneSinceMs >= 2000) return;
    await sleep(100);
  }
  assert.fail(
    `files of the deleted track are left in ${folder}: ${existsSync(folder) ? readdirSync(folder, { recursive: true }).join(', ') : ''}`,
  );
}
