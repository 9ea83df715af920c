// A variation and an extension with the real engine (small sound bank, one worker thread): the
// extension's MP3, decoded, is the original's up to where the original's ending began.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { decodeMp3 } from './audio-decode.js';
import { balanceOf, createTrack, fund } from './helpers.js';

const kind = testDatabaseKinds().at(-1)!;
/** LAME's look-ahead and the decoder's overlap reach this far back from where the audio changes. */
const MP3_LOOKAHEAD_SECONDS = 0.1;

interface TrackJson {
  id: string;
  status: string;
  kind: string;
  parent_track_id: string | null;
  duration_seconds: number;
  music: { bpm: number; key: string; sections: { name: string; start: number; end: number }[] };
}

describe(`variations and extensions end to end on ${kind}`, () => {
  let t: TestApp;
  let account: TestAccount;
  let original: TrackJson;
  before(async () => {
    t = await createTestApp(kind, { env: { ENGINE_BANK: 'small', WORKERS: '1' } });
    account = await createTestAccount(t);
    await fund(t, account.workspaceId, 5);
    await t.services.start({ generation: { pollMs: 100 } });
    const created = await createTrack(
      t,
      account,
      { prompt: 'funky pop with slap bass, drums and piano', duration: '26s', seed: 3 },
      { prefer: 'wait=60' },
    );
    original = created.json();
    assert.equal(original.status, 'ready', created.body);
  });
  after(async () => {
    await t.close();
  });

  const mp3Of = async (id: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/tracks/${id}/audio`,
      headers: account.headers,
    });
    assert.equal(response.statusCode, 200);
    return decodeMp3(new Uint8Array(response.rawPayload));
  };
  const post = (path: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/tracks/${original.id}/${path}`,
      headers: { ...account.headers, prefer: 'wait=60' },
      payload,
    });

  it('extends a track: its decoded MP3 is the original’s up to the original’s ending, then goes on', async () => {
    const before = await balanceOf(t, account.workspaceId);
    const response = await post('extend', { seconds: 14 });
    assert.equal(response.statusCode, 201, response.body);
    const extension: TrackJson = response.json();
    assert.equal(extension.status, 'ready', response.body);
    assert.equal(extension.kind, 'extension');
    assert.equal(extension.duration_seconds, 40);
    assert.equal(extension.music.bpm, original.music.bpm);
    assert.equal(extension.music.key, original.music.key);
    assert.deepEqual(await balanceOf(t, account.workspaceId), {
      balance: before.balance - 1,
      held: before.held,
    });

    const ending = original.music.sections.at(-1)!;
    assert.ok(ending.start > 10, `the original's ending starts at ${ending.start} s`);
    const [a, b] = [await mp3Of(original.id), await mp3Of(extension.id)];
    assert.ok(Math.abs(b.left.length / b.sampleRate - 40) < 0.05);
    const samples = Math.floor((ending.start - MP3_LOOKAHEAD_SECONDS) * a.sampleRate);
    let firstDifference = -1;
    for (let i = 0; i < samples && firstDifference < 0; i++) {
      if (a.left[i] !== b.left[i] || a.right[i] !== b.right[i]) firstDifference = i;
    }
    assert.equal(firstDifference, -1, `identical for the first ${(samples / a.sampleRate).toFixed(2)} s`);
    let later = false;
    for (let i = samples; i < a.left.length && !later; i++) later = a.left[i] !== b.left[i];
    assert.ok(later, 'the ending is replaced by the continuation');
  });

  it('makes a variation with the same tempo, key and instruments and other music', async () => {
    const response = await post('variations', { keep: ['drums', 'bass'], seed: 99 });
    assert.equal(response.statusCode, 201, response.body);
    const variation: TrackJson & { music: { instruments: string[] } } = response.json();
    assert.equal(variation.status, 'ready', response.body);
    assert.equal(variation.music.bpm, original.music.bpm);
    assert.equal(variation.music.key, original.music.key);
    const [a, b] = [await mp3Of(original.id), await mp3Of(variation.id)];
    assert.equal(a.left.length, b.left.length);
    let same = 0;
    for (let i = 0; i < a.left.length; i++) if (a.left[i] === b.left[i]) same++;
    assert.ok(same < a.left.length / 2, 'the parts not kept were written again');
  });
});
