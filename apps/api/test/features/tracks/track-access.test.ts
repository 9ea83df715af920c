// Reads, lists, publishing and the workspace boundary (BOLA) on every track route.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { createTrack, fund } from './helpers.js';

for (const kind of testDatabaseKinds()) {
  describe(`track access on ${kind}`, () => {
    let t: TestApp;
    let owner: TestAccount;
    let stranger: TestAccount;
    const ids: string[] = [];
    before(async () => {
      t = await createTestApp(kind);
      owner = await createTestAccount(t);
      stranger = await createTestAccount(t);
      await fund(t, owner.workspaceId, 10);
      await fund(t, stranger.workspaceId, 10);
      for (let i = 0; i < 5; i++) {
        t.clock.advance(1000);
        ids.push((await createTrack(t, owner, { prompt: `song ${i}`, duration: 'short' })).json().id);
      }
      await createTrack(t, stranger, { prompt: 'not yours', duration: 'short' });
    });
    after(() => t.close());

    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, account?: TestAccount, payload?: object) =>
      t.app.inject({ method, url, headers: account?.headers ?? {}, ...(payload ? { payload } : {}) });

    it("answers 404 on every route of another workspace's private track, and changes nothing", async () => {
      const id = ids[0]!;
      for (const [method, path, payload] of [
        ['GET', '', undefined],
        ['GET', '/audio', undefined],
        ['GET', '/audio?format=wav', undefined],
        ['GET', '/midi', undefined],
        ['GET', '/lyrics?format=vtt', undefined],
        ['GET', '/stems', undefined],
        ['GET', '/waveform', undefined],
        ['POST', '/publish', { visibility: 'public' }],
        ['DELETE', '', undefined],
      ] as const) {
        for (const account of [stranger, undefined]) {
          const response = await call(method, `/v1/tracks/${id}${path}`, account, payload);
          const expected = account === undefined && method !== 'GET' ? [401, 404] : [404];
          assert.ok(expected.includes(response.statusCode), `${method} ${path} → ${response.statusCode}`);
          assert.doesNotMatch(response.body, /song 0/);
        }
      }
      const still = await call('GET', `/v1/tracks/${id}`, owner);
      assert.equal(still.json().visibility, 'private');
    });

    it("lists only the caller's workspace's tracks, newest first, with a keyset cursor and Link header", async () => {
      const first = await call('GET', '/v1/tracks?limit=2', owner);
      assert.equal(first.statusCode, 200);
      const page = first.json();
      assert.equal(page.object, 'list');
      assert.deepEqual(
        page.data.map((track: { id: string }) => track.id),
        [ids[4], ids[3]],
      );
      assert.equal(page.has_more, true);
      assert.match(String(first.headers.link), new RegExp(`starting_after=${ids[3]}.*rel="next"`));
      const second = (
        await call('GET', `/v1/tracks?limit=2&starting_after=${page.next_cursor}`, owner)
      ).json();
      assert.deepEqual(
        second.data.map((track: { id: string }) => track.id),
        [ids[2], ids[1]],
      );
      const back = (await call('GET', `/v1/tracks?limit=2&ending_before=${ids[2]}`, owner)).json();
      assert.deepEqual(
        back.data.map((track: { id: string }) => track.id),
        [ids[4], ids[3]],
      );
      const all = (await call('GET', '/v1/tracks?limit=100', owner)).json();
      assert.equal(all.data.length, 5);
      const foreignCursor = await call('GET', `/v1/tracks?starting_after=${ids[0]}`, stranger);
      assert.equal(foreignCursor.statusCode, 400);
      assert.equal((await call('GET', '/v1/tracks?status=ready', owner)).json().data.length, 0);
      assert.equal((await call('GET', '/v1/tracks?status=queued', owner)).json().data.length, 5);
      assert.equal((await call('GET', '/v1/tracks?limit=101', owner)).statusCode, 400);
      assert.equal((await call('GET', '/v1/tracks')).statusCode, 401);
    });

    it('lets anyone read public and unlisted tracks, and lists only public ones publicly', async () => {
      const [publicId, unlistedId] = [ids[1]!, ids[2]!];
      const published = await call('POST', `/v1/tracks/${publicId}/publish`, owner, { visibility: 'public' });
      assert.equal(published.statusCode, 200);
      assert.equal(published.json().visibility, 'public');
      await call('POST', `/v1/tracks/${unlistedId}/publish`, owner, { visibility: 'unlisted' });
      for (const id of [publicId, unlistedId]) {
        assert.equal((await call('GET', `/v1/tracks/${id}`)).statusCode, 200);
        assert.equal((await call('GET', `/v1/tracks/${id}`, stranger)).statusCode, 200);
        assert.equal((await call('GET', `/v1/tracks/${id}/audio`)).statusCode, 409, 'not ready yet');
        assert.equal(
          (await call('POST', `/v1/tracks/${id}/publish`, stranger, { visibility: 'private' })).statusCode,
          404,
        );
        assert.equal((await call('DELETE', `/v1/tracks/${id}`, stranger)).statusCode, 404);
      }
      const listed = (await call('GET', '/v1/public/tracks')).json();
      assert.deepEqual(
        listed.data.map((track: { id: string }) => track.id),
        [publicId],
      );
      assert.equal(
        (await call('GET', '/v1/tracks?visibility=unlisted', owner)).json().data[0].id,
        unlistedId,
      );
      await call('POST', `/v1/tracks/${publicId}/publish`, owner, { visibility: 'private' });
      assert.equal((await call('GET', `/v1/tracks/${publicId}`)).statusCode, 404);
      assert.equal((await call('GET', '/v1/public/tracks')).json().data.length, 0);
    });

    it('refuses an unknown visibility and answers 404 for ids that are not track ids', async () => {
      const bad = await call('POST', `/v1/tracks/${ids[0]}/publish`, owner, { visibility: 'everyone' });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().param, 'visibility');
      assert.equal((await call('GET', '/v1/tracks/trk_nope', owner)).statusCode, 404);
    });

    it('shows only the caller’s own credits ledger', async () => {
      const response = await call('GET', '/v1/credits', stranger);
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.equal(body.object, 'credits');
      assert.ok(
        body.entries.data.every((entry: { track_id: string | null }) => !ids.includes(entry.track_id ?? '')),
      );
      assert.equal((await call('GET', '/v1/credits')).statusCode, 401);
    });
  });
}
