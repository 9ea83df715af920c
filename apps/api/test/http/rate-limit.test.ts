import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { FrameClient } from '../events/event-helpers.js';
import { createTestAccount, type TestAccount } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDatabaseKinds } from '../helpers/databases.js';

const LIMITS = {
  RATE_LIMIT_WINDOW_SECONDS: '60',
  RATE_LIMIT_ANONYMOUS: '3',
  RATE_LIMIT_FREE: '4',
  RATE_LIMIT_STUDIO: '6',
  RATE_LIMIT_ENTERPRISE: '8',
  WEBSOCKETS_PER_WORKSPACE: '2',
};

for (const kind of testDatabaseKinds()) {
  describe(`rate limits on ${kind}`, () => {
    let t: TestApp;
    let studio: TestAccount;
    before(async () => {
      t = await createTestApp(kind, { env: LIMITS });
      studio = await createTestAccount(t, { plan: 'studio' });
    });
    after(() => t.close());

    const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '192.0.2.1') =>
      t.app.inject({ method: 'GET', url, headers, remoteAddress });
    /** Starts a fresh window for every counter: windows are timed by the injected clock. */
    const nextWindow = () => t.clock.advance(61_000);

    it('counts requests per API key and answers the IETF and X-RateLimit headers on each', async () => {
      nextWindow();
      for (let used = 1; used <= 6; used++) {
        const answer = await get('/v1/me', studio.apiKeyHeaders!);
        assert.equal(answer.statusCode, 200);
        assert.equal(answer.headers['ratelimit-policy'], '"default";q=6;w=60');
        assert.equal(answer.headers.ratelimit, `"default";r=${6 - used};t=60`);
        assert.equal(answer.headers['x-ratelimit-limit'], '6');
        assert.equal(answer.headers['x-ratelimit-remaining'], String(6 - used));
        assert.equal(answer.headers['x-ratelimit-reset'], '60');
      }
    });

    it('answers 429 rate_limited problem+json with Retry-After once the plan budget is spent, until the window ends', async () => {
      nextWindow();
      for (let i = 0; i < 6; i++) await get('/v1/tracks', studio.apiKeyHeaders!);
      t.clock.advance(20_000);
      const refused = await get('/v1/tracks', studio.apiKeyHeaders!);
      assert.equal(refused.statusCode, 429);
      assert.match(String(refused.headers['content-type']), /^application\/problem\+json/);
      const body = refused.json();
      assert.equal(body.code, 'rate_limited');
      assert.equal(body.retry_after, 40);
      assert.equal(refused.headers['retry-after'], '40');
      assert.equal(refused.headers.ratelimit, '"default";r=0;t=40');
      assert.match(body.detail, /6 per 60 s for your studio plan/);
      assert.ok(body.request_id);
      t.clock.advance(40_000);
      assert.equal((await get('/v1/tracks', studio.apiKeyHeaders!)).statusCode, 200);
    });

    it('gives each plan its own budget and each credential its own counter', async () => {
      nextWindow();
      const enterprise = await createTestAccount(t, { plan: 'enterprise' });
      const free = await createTestAccount(t, { plan: 'free' });
      const another = await createTestAccount(t, { plan: 'studio' });
      const spend = async (headers: Record<string, string>) => {
        const statuses = [];
        for (let i = 0; i < 10; i++) statuses.push((await get('/v1/me', headers)).statusCode);
        return statuses.filter((status) => status === 200).length;
      };
      assert.equal(await spend(enterprise.apiKeyHeaders!), 8);
      assert.equal(await spend(free.headers), 4);
      assert.equal(await spend(studio.apiKeyHeaders!), 6);
      assert.equal(await spend(another.apiKeyHeaders!), 6, 'another key is not slowed by the first');
    });

    it("counts a signed-in user's access tokens and session cookie against one budget", async () => {
      nextWindow();
      const user = await createTestAccount(t, { plan: 'studio' });
      for (let i = 0; i < 3; i++) assert.equal((await get('/v1/me', user.headers)).statusCode, 200);
      for (let i = 0; i < 3; i++) {
        const answer = await t.app.inject({
          method: 'GET',
          url: '/v1/me',
          cookies: { tf_session: user.sessionCookie },
        });
        assert.equal(answer.statusCode, 200);
      }
      assert.equal((await get('/v1/me', user.headers)).statusCode, 429);
      assert.equal((await get('/v1/me', user.apiKeyHeaders!)).statusCode, 200, 'the API key has its own');
    });

    it('limits anonymous requests per client address and leaves health checks alone', async () => {
      nextWindow();
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await get('/v1/public/tracks', {}, '203.0.113.9')).statusCode);
      assert.deepEqual(statuses, [200, 200, 200, 429]);
      assert.equal((await get('/v1/public/tracks', {}, '203.0.113.10')).statusCode, 200);
      for (let i = 0; i < 5; i++) {
        const health = await get('/healthz', {}, '203.0.113.9');
        assert.equal(health.statusCode, 200);
        assert.equal(health.headers.ratelimit, undefined);
      }
    });
  });

  describe(`open WebSockets per workspace on ${kind}`, () => {
    let t: TestApp;
    let owner: TestAccount;
    let other: TestAccount;
    let wsUrl: string;
    const clients: FrameClient[] = [];
    const connect = async (account: TestAccount) => {
      const client = await FrameClient.connect(wsUrl, account.apiKeyHeaders!);
      clients.push(client);
      await client.waitForFrames(1);
      return client;
    };
    before(async () => {
      t = await createTestApp(kind, { env: LIMITS, deps: { events: { pingIntervalMs: 1000 } } });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/ws/jobs`;
      owner = await createTestAccount(t, { plan: 'enterprise' });
      other = await createTestAccount(t, { plan: 'enterprise' });
    });
    after(async () => {
      await Promise.all(clients.map((client) => client.close()));
      await t.close();
    });

    it('refuses the upgrade past the cap with 429 rate_limited, per workspace, and frees the slot on close', async () => {
      const first = await connect(owner);
      await connect(owner);
      await assert.rejects(connect(owner), (error: Error & { statusCode?: number }) => {
        assert.equal(error.statusCode, 429);
        return true;
      });
      await connect(other);
      await first.close();
      // The server sees the close a moment after the client does.
      let reopened: FrameClient | undefined;
      for (let attempt = 0; attempt < 100 && !reopened; attempt++) {
        reopened = await connect(owner).catch(() => undefined);
        if (!reopened) await delay(10);
      }
      assert.ok(reopened, 'a closed socket gives its slot back');
    });
  });
}
