// A real cache in front of the API, configured as docs/DEPLOY.md says (deploy/varnish/default.vcl,
// EDGE_PURGE=http, TRUST_PROXY=1): public audio is served from the cache, a track made private or
// deleted is gone from it within 1 s, nothing answered to a credential is stored, and a forged
// X-Forwarded-For does not move a client to another rate-limit bucket. Loopback only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fund } from '../../features/tracks/helpers.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { readyTrack } from './edge-helpers.js';
import { edgeSkip, freePort, send, startVarnish, type Varnish } from './varnish.js';

const ANONYMOUS_LIMIT = 200;
const GONE_WITHIN_MS = 1_000;

describe('a Varnish cache in front of the API', { skip: edgeSkip }, () => {
  let t: TestApp;
  let varnish: Varnish;
  let owner: TestAccount;
  before(async () => {
    const varnishPort = await freePort();
    t = await createTestApp('pglite', {
      env: {
        TRUST_PROXY: '1',
        EDGE_PURGE: 'http',
        EDGE_PURGE_URL: `http://127.0.0.1:${varnishPort}/`,
        RATE_LIMIT_ANONYMOUS: String(ANONYMOUS_LIMIT),
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    varnish = await startVarnish(varnishPort, (t.app.server.address() as { port: number }).port);
    owner = await createTestAccount(t);
    await fund(t, owner.workspaceId, 10);
  });
  after(async () => {
    await varnish?.stop();
    await t?.close();
  });

  /** An anonymous GET through the cache, from its own client address. */
  const viaCache = (path: string, headers: Record<string, string> = {}, localAddress = '127.0.0.2') =>
    send(`${varnish.url}${path}`, { headers, localAddress });

  /** Polls the path through the cache until it answers 404; resolves with how long that took. */
  async function msUntilGone(path: string, change: () => Promise<void>): Promise<number> {
    const started = performance.now();
    await change();
    for (;;) {
      const elapsed = performance.now() - started;
      if ((await viaCache(path)).status === 404) return elapsed;
      if (elapsed > 10_000) throw new Error(`${path} still served 10 s after the change`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it("serves a public track's audio from the cache, byte ranges included", async () => {
    const id = await readyTrack(t, owner, 'public');
    const first = await viaCache(`/v1/tracks/${id}/audio`);
    assert.equal(first.status, 200);
    assert.equal(first.headers['x-cache'], 'MISS');
    const second = await viaCache(`/v1/tracks/${id}/audio`);
    assert.equal(second.headers['x-cache'], 'HIT');
    assert.deepEqual(second.body, first.body);
    const range = await viaCache(`/v1/tracks/${id}/audio`, { range: 'bytes=1-2' });
    assert.equal(range.status, 206);
    assert.equal(range.headers['x-cache'], 'HIT');
    assert.deepEqual(range.body, first.body.subarray(1, 3));
  });

  const changes = {
    'made private': (id: string) =>
      send(`${varnish.url}/v1/tracks/${id}/publish`, {
        method: 'POST',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        body: '{"visibility":"private"}',
      }),
    deleted: (id: string) =>
      send(`${varnish.url}/v1/tracks/${id}`, { method: 'DELETE', headers: owner.headers }),
  };
  for (const [change, act] of Object.entries(changes)) {
    it(`drops a public track ${change} from the cache within 1 s: its files, its page and the public feed`, async (context) => {
      const id = await readyTrack(t, owner, 'public');
      const paths = [`/v1/tracks/${id}/audio`, `/v1/tracks/${id}/cover.svg`, `/t/${id}`];
      for (const path of [...paths, '/v1/public/tracks']) await viaCache(path);
      for (const path of [...paths, '/v1/public/tracks']) {
        assert.equal((await viaCache(path)).headers['x-cache'], 'HIT', `${path} is cached before the change`);
      }
      const elapsedMs = await msUntilGone(paths[0]!, async () => {
        const answer = await act(id);
        assert.ok(answer.status === 200 || answer.status === 204, answer.body.toString());
      });
      context.diagnostic(`${change} → 404 through the cache after ${elapsedMs.toFixed(1)} ms`);
      assert.ok(elapsedMs < GONE_WITHIN_MS, `gone after ${elapsedMs.toFixed(0)} ms`);
      for (const path of paths) assert.equal((await viaCache(path)).status, 404, path);
      const feed = await viaCache('/v1/public/tracks');
      assert.ok(!feed.body.toString().includes(id), 'the feed no longer lists it');
    });
  }

  it("stores nothing answered to a credential, nor a private track's files fetched by their owner", async () => {
    const mine = await readyTrack(t, owner, 'private');
    for (const path of [`/v1/tracks/${mine}`, `/v1/tracks/${mine}/audio`, '/v1/me', '/v1/tracks']) {
      for (let i = 0; i < 2; i++) {
        const answer = await viaCache(path, owner.headers);
        assert.equal(answer.status, 200, path);
        assert.equal(answer.headers['x-cache'], 'MISS', `${path} with a credential, request ${i + 1}`);
      }
    }
    assert.equal(
      (await viaCache(`/v1/tracks/${mine}/audio`)).status,
      404,
      'no stranger gets the owner’s copy',
    );
    const publicTrack = await readyTrack(t, owner, 'public');
    for (let i = 0; i < 2; i++) {
      assert.equal(
        (await viaCache(`/v1/tracks/${publicTrack}`)).headers['x-cache'],
        'MISS',
        'JSON is no-store',
      );
    }
  });

  it('keeps a client in its rate-limit bucket behind the cache whatever X-Forwarded-For it sends', async () => {
    t.clock.advance(61_000);
    const missing = '/v1/tracks/trk_000000000000000000000000';
    const client = '127.0.0.9';
    let refused = 0;
    for (let i = 0; i < ANONYMOUS_LIMIT + 10; i++) {
      if ((await viaCache(missing, {}, client)).status === 429) refused++;
    }
    assert.equal(refused, 10);
    refused = 0;
    for (let i = 0; i < 20; i++) {
      if ((await viaCache(missing, { 'x-forwarded-for': `198.51.100.${i}` }, client)).status === 429)
        refused++;
    }
    assert.equal(refused, 20, 'a forged X-Forwarded-For opens no new bucket');
    assert.equal(
      (await viaCache(missing, {}, '127.0.0.10')).status,
      404,
      'another client has its own bucket',
    );
  });
});
