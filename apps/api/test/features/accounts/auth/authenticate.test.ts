import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../../src/features/accounts/auth/access-token.js';
import { createTestAccount, type TestAccount } from '../../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';

for (const kind of testDatabaseKinds()) {
  describe(`authentication on ${kind}`, () => {
    let t: TestApp;
    let studio: TestAccount;
    let free: TestAccount;
    before(async () => {
      t = await createTestApp(kind);
      studio = await createTestAccount(t, { plan: 'studio' });
      free = await createTestAccount(t, { plan: 'free' });
    });
    after(() => t.close());

    const me = (headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/v1/me', headers, cookies });

    it('answers /v1/me without a credential with 401 unauthenticated', async () => {
      const response = await me();
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().code, 'unauthenticated');
    });

    it('accepts an access token, an API key and the session cookie, naming the method', async () => {
      const byToken = await me(studio.headers);
      assert.equal(byToken.statusCode, 200);
      assert.equal(byToken.json().auth_method, 'access_token');
      assert.equal(byToken.json().user.id, studio.userId);
      assert.deepEqual(byToken.json().workspace.credits, { balance: 0, held: 0 });
      assert.equal(byToken.json().workspace.plan, 'studio');
      const byKey = await me(studio.apiKeyHeaders!);
      assert.equal(byKey.statusCode, 200);
      assert.equal(byKey.json().auth_method, 'api_key');
      assert.equal(byKey.json().user, null);
      assert.equal(byKey.json().workspace.id, studio.workspaceId);
      const byCookie = await me({}, { tf_session: studio.sessionCookie });
      assert.equal(byCookie.statusCode, 200);
      assert.equal(byCookie.json().auth_method, 'session');
    });

    it('gives a Free workspace no API key', () => {
      assert.equal(free.apiKey, null);
      assert.equal(free.apiKeyHeaders, null);
    });

    it('refuses a present but invalid Bearer credential with 401', async () => {
      for (const authorization of [
        'Bearer nonsense',
        'Basic abc',
        'Bearer a.b.c',
        `Bearer ${studio.accessToken}x`,
      ]) {
        const response = await me({ authorization });
        assert.equal(response.statusCode, 401, authorization);
        assert.equal(response.json().code, 'unauthenticated');
        assert.match(response.headers['content-type'] as string, /problem\+json/);
      }
    });

    it('refuses an expired access token', async () => {
      t.clock.advance((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
      try {
        const response = await me(studio.headers);
        assert.equal(response.statusCode, 401);
      } finally {
        t.clock.advance(-(ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
      }
    });

    it('refuses cookie-authenticated changes without an allowed Origin (CSRF) but not Bearer ones', async () => {
      const post = (headers: Record<string, string>, cookies?: Record<string, string>) =>
        t.app.inject({ method: 'POST', url: '/v1/api-keys', payload: { name: 'csrf' }, headers, cookies });
      const cookies = { tf_session: studio.sessionCookie };
      const origins: Record<string, string>[] = [{}, { origin: 'https://evil.example' }, { origin: 'null' }];
      for (const headers of origins) {
        const refused = await post(headers, cookies);
        assert.equal(refused.statusCode, 403, JSON.stringify(headers));
        assert.equal(refused.json().code, 'forbidden');
      }
      assert.equal((await post({ origin: t.config.PUBLIC_URL }, cookies)).statusCode, 201);
      assert.equal((await post(studio.headers)).statusCode, 201);
      assert.equal((await me({}, cookies)).statusCode, 200, 'GET needs no Origin');
    });

    it('slides the session: use renews it, 30 idle days end it', async () => {
      const account = await createTestAccount(t, { plan: 'free' });
      const cookies = { tf_session: account.sessionCookie };
      t.clock.advance(2 * 24 * 3600_000);
      const renewed = await me({}, cookies);
      assert.equal(renewed.statusCode, 200);
      assert.equal(renewed.cookies.find((c) => c.name === 'tf_session')?.maxAge, 30 * 24 * 3600);
      t.clock.advance(29 * 24 * 3600_000);
      assert.equal((await me({}, cookies)).statusCode, 200, 'still inside 30 days of the last renewal');
      t.clock.advance(31 * 24 * 3600_000);
      assert.equal((await me({}, cookies)).statusCode, 401);
    });

    it('signs out with an access token: 204, and the token fails at once', async () => {
      const account = await createTestAccount(t, { plan: 'free' });
      const signout = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/signout',
        headers: account.headers,
      });
      assert.equal(signout.statusCode, 204);
      assert.equal((await me(account.headers)).statusCode, 401);
      assert.equal((await me({}, { tf_session: account.sessionCookie })).statusCode, 401);
    });

    it('refuses sign-out with an API key (403) and without a credential (401)', async () => {
      const byKey = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/signout',
        headers: studio.apiKeyHeaders!,
      });
      assert.equal(byKey.statusCode, 403);
      const anonymous = await t.app.inject({ method: 'POST', url: '/v1/auth/signout' });
      assert.equal(anonymous.statusCode, 401);
    });

    it('treats an unknown session cookie as no credential and clears it', async () => {
      const response = await me({}, { tf_session: 'x'.repeat(43) });
      assert.equal(response.statusCode, 401);
      const cleared = response.cookies.find((c) => c.name === 'tf_session');
      assert.equal(cleared?.maxAge, 0);
    });
  });
}
