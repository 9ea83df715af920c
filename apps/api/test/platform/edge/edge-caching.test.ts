// What the origin tells caches: private tracks' answers are never kept by anyone, public ones are
// kept under the track's surrogate key, and everything else is no-store.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fund } from '../../features/tracks/helpers.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { readyTrack } from './edge-helpers.js';

const FILE_PATHS = ['audio', 'audio?format=mp3', 'midi', 'waveform', 'cover.svg'];

describe('edge caching headers', () => {
  let t: TestApp;
  let owner: TestAccount;
  before(async () => {
    t = await createTestApp('pglite');
    owner = await createTestAccount(t);
    await fund(t, owner.workspaceId, 10);
  });
  after(() => t.close());

  const get = (url: string, account?: TestAccount) =>
    t.app.inject({ method: 'GET', url, headers: account?.headers ?? {} });

  it("answers the owner's private files, cover and share page with private, no-store and no surrogate key", async () => {
    const id = await readyTrack(t, owner, 'private');
    for (const url of [...FILE_PATHS.map((path) => `/v1/tracks/${id}/${path}`), `/t/${id}`]) {
      const answer = await get(url, owner);
      assert.equal(answer.statusCode, 200, `${url}: ${answer.body}`);
      assert.equal(answer.headers['cache-control'], 'private, no-store', url);
      assert.equal(answer.headers['surrogate-key'], undefined, url);
      assert.equal(answer.headers['cache-tag'], undefined, url);
    }
  });

  it("names the track in Surrogate-Key and Cache-Tag on a public track's answers, kept no longer than a browser's copy without purges", async () => {
    const id = await readyTrack(t, owner, 'public');
    for (const url of [...FILE_PATHS.map((path) => `/v1/tracks/${id}/${path}`), `/t/${id}`]) {
      const answer = await get(url);
      assert.equal(answer.statusCode, 200, `${url}: ${answer.body}`);
      assert.equal(answer.headers['cache-control'], 'public, max-age=300', url);
      assert.equal(answer.headers['surrogate-key'], id, url);
      assert.equal(answer.headers['cache-tag'], id, url);
    }
    const feed = await get('/v1/public/tracks');
    assert.equal(feed.headers['cache-control'], 'public, max-age=30');
    assert.equal(feed.headers['surrogate-key'], 'public-tracks');
  });

  it('answers JSON for a credential, errors and anything else that says nothing about caching with no-store', async () => {
    const id = await readyTrack(t, owner, 'public');
    for (const [url, account, status] of [
      [`/v1/tracks/${id}`, owner, 200],
      [`/v1/tracks/${id}`, undefined, 200],
      ['/v1/me', owner, 200],
      ['/v1/tracks/trk_doesnotexist0000000000', undefined, 404],
    ] as const) {
      const answer = await get(url, account);
      assert.equal(answer.statusCode, status, url);
      assert.equal(answer.headers['cache-control'], 'no-store', url);
    }
  });
});
