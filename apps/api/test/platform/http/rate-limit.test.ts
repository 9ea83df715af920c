import assert from 'node:assert/strict';
import { type AddressInfo, connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { FrameClient } from '../../features/events/event-helpers.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';

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
      assert.match(body.detail, /6 per 60 s for this workspace's studio plan/);
      assert.ok(body.request_id);
      t.clock.advance(40_000);
      assert.equal((await get('/v1/tracks', studio.apiKeyHeaders!)).statusCode, 200);
    });

    it('gives each plan its own budget and each workspace its own counter', async () => {
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
      assert.equal(
        await spend(another.apiKeyHeaders!),
        6,
        "another workspace's key is not slowed by the first",
      );
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
      // Apart from the user's, so a runaway integration never locks its owner out of revoking it.
      assert.equal(
        (await get('/v1/me', user.apiKeyHeaders!)).statusCode,
        200,
        "the workspace's API keys have their own budget",
      );
    });

    it('gives a workspace one budget however many API keys it holds', async () => {
      nextWindow();
      const owner = await createTestAccount(t, { plan: 'studio' });
      const keys = [owner.apiKeyHeaders!];
      for (let i = 0; i < 3; i++) {
        const created = await t.app.inject({
          method: 'POST',
          url: '/v1/api-keys',
          headers: owner.headers,
          payload: { name: `key ${i}` },
        });
        assert.equal(created.statusCode, 201, created.body);
        keys.push({ authorization: `Bearer ${created.json().secret}` });
      }
      let served = 0;
      for (let round = 0; round < 4; round++) {
        for (const headers of keys) if ((await get('/v1/me', headers)).statusCode === 200) served++;
      }
      assert.equal(served, 6, '16 requests over 4 keys: the Studio budget of 6, once');
      const refused = await get('/v1/me', keys[3]!);
      assert.equal(refused.statusCode, 429);
      assert.match(
        refused.json().detail,
        /6 per 60 s for this workspace's studio plan \(all its API keys together\)/,
      );
    });

    it('counts percent-encoded spellings of a route against the same budget, GET and POST, keyed or anonymous', async () => {
      nextWindow();
      const spellings = ['/%761/me', '/%76%31/me', '/v1/%6de', '/v1/m%65', '/%76%31/%6D%65'];
      for (const url of spellings.slice(0, 3))
        assert.equal((await get(url, studio.apiKeyHeaders!)).statusCode, 200);
      for (let i = 0; i < 3; i++) assert.equal((await get('/v1/me', studio.apiKeyHeaders!)).statusCode, 200);
      for (const url of spellings) {
        const refused = await get(url, studio.apiKeyHeaders!);
        assert.equal(refused.statusCode, 429, `${url} after the budget is spent`);
        assert.equal(refused.json().code, 'rate_limited');
      }
      const post = (url: string) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: studio.apiKeyHeaders!,
          payload: { url: 'https://93.184.215.14/hook' },
        });
      assert.equal((await post('/%761/webhook-endpoints')).statusCode, 429);
      assert.equal((await post('/v1/webhook%2Dendpoints')).statusCode, 429);

      const anonymous = (url: string) => get(url, {}, '203.0.113.77');
      const statuses = [];
      for (const url of [
        '/%761/public/tracks',
        '/v1/%70ublic/tracks',
        '/v1/public/tracks',
        '/%76%31/public/tracks',
      ])
        statuses.push((await anonymous(url)).statusCode);
      assert.deepEqual(statuses, [200, 200, 200, 429]);
    });

    it('answers other spellings over HTTP with 429 once the budget is spent, or 404 when no route has them', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      nextWindow();
      for (let i = 0; i < 6; i++) assert.equal((await get('/v1/me', studio.apiKeyHeaders!)).statusCode, 200);
      const statusOf = (target: string) =>
        new Promise<number>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () =>
            socket.end(
              `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${studio.apiKeyHeaders!.authorization}\r\nConnection: close\r\n\r\n`,
            ),
          );
          let head = '';
          socket.on('data', (chunk) => {
            head += chunk;
          });
          socket.on('error', reject);
          socket.on('close', () => resolve(Number(head.split(' ')[1])));
        });
      const answers: Record<string, number> = {};
      for (const target of [
        '/%761/me',
        `http://127.0.0.1:${port}/v1/me`,
        'http://evil.example/%761/me',
        '/v1/me#fragment',
        '//v1/me',
        '/v1//me',
        '/v1/./me',
        '/v1/../v1/me',
        '/v1/%2e/me',
        '/./v1/me',
      ]) {
        answers[target] = await statusOf(target);
      }
      for (const [target, status] of Object.entries(answers)) {
        assert.ok(
          status === 429 || status === 404,
          `${target} answered ${status}: ${JSON.stringify(answers)}`,
        );
      }
      assert.equal(answers['/%761/me'], 429);
      assert.equal(answers[`http://127.0.0.1:${port}/v1/me`], 429, 'the absolute form is counted');
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
