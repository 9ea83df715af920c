import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccountService } from '../../../../src/features/accounts/account.service.js';
import { createApiKeyService } from '../../../../src/features/accounts/keys/api-key.service.js';
import { formatApiKey, parseApiKey } from '../../../../src/features/accounts/keys/api-key-format.js';
import { WORKSPACE_CAPS } from '../../../../src/features/billing/billing-catalogue.js';
import type { Db } from '../../../../src/platform/database/create-database.js';
import { systemClock } from '../../../../src/platform/shared/clock.js';
import { newId } from '../../../../src/platform/shared/ids.js';
import { createTestAccount, type TestAccount } from '../../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';

const SECRET = 'A'.repeat(43);

describe('the API key format', () => {
  it('round-trips a well-formed key and refuses any changed character', () => {
    const id = newId('key');
    const key = formatApiKey('live', id, SECRET);
    assert.match(key, /^tf_live_key_[0-9A-Z]{26}_[A-Za-z0-9_-]{49}$/);
    assert.deepEqual(parseApiKey(key), { mode: 'live', keyId: id, secret: SECRET });
    for (const position of [9, 30, 50, key.length - 1]) {
      const changed = key.slice(0, position) + (key[position] === 'B' ? 'C' : 'B') + key.slice(position + 1);
      assert.equal(parseApiKey(changed), null, `changed at ${position}`);
    }
    assert.equal(parseApiKey(key.replace('tf_live_', 'tf_test_')), null);
    assert.equal(parseApiKey(`${key}x`), null);
  });

  it('refuses malformed keys without a database read', async () => {
    const noDatabase = new Proxy({} as Db, {
      get() {
        throw new Error('the database was read');
      },
    });
    const service = createApiKeyService({
      db: noDatabase,
      clock: systemClock,
      liveKeysPerWorkspace: WORKSPACE_CAPS.apiKeys,
    });
    const forged = `${formatApiKey('live', newId('key'), SECRET).slice(0, -6)}AAAAAA`;
    for (const text of ['tf_live_', 'tf_live_key_123_abc', forged, 'tf_test_x'.repeat(10)]) {
      assert.equal(await service.authenticateApiKey(text), null, text);
    }
  });
});

for (const kind of testDatabaseKinds()) {
  describe(`API keys on ${kind}`, () => {
    let t: TestApp;
    let studio: TestAccount;
    let other: TestAccount;
    before(async () => {
      t = await createTestApp(kind);
      studio = await createTestAccount(t, { plan: 'studio' });
      other = await createTestAccount(t, { plan: 'enterprise' });
    });
    after(() => t.close());

    const create = (headers: Record<string, string>, payload: unknown = { name: 'server' }) =>
      t.app.inject({ method: 'POST', url: '/v1/api-keys', headers, payload: payload as object });
    const list = (headers: Record<string, string>, query = '') =>
      t.app.inject({ method: 'GET', url: `/v1/api-keys${query}`, headers });
    const me = (key: string) =>
      t.app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${key}` } });

    it('creates a key whose secret is shown once and works at once', async () => {
      const response = await create(studio.headers, { name: ' production server ' });
      assert.equal(response.statusCode, 201);
      const key = response.json();
      assert.match(key.id, /^key_/);
      assert.equal(key.object, 'api_key');
      assert.equal(key.name, 'production server');
      assert.match(key.secret, new RegExp(`^tf_live_${key.id}_`));
      assert.equal(key.last_four, key.secret.slice(-4));
      assert.equal(key.last_used_at, null);
      const used = await me(key.secret);
      assert.equal(used.statusCode, 200);
      assert.equal(used.json().workspace.id, studio.workspaceId);
      assert.equal(used.json().auth_method, 'api_key');
    });

    it('creates tf_test_ keys on request', async () => {
      const response = await create(studio.headers, { name: 'ci', mode: 'test' });
      assert.equal(response.statusCode, 201);
      assert.match(response.json().secret, /^tf_test_key_/);
      assert.equal((await me(response.json().secret)).statusCode, 200);
    });

    it('lists the workspace’s keys newest first without secrets, with pagination', async () => {
      const response = await list(studio.headers);
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.equal(body.object, 'list');
      assert.equal(body.data.length, 3);
      assert.ok(body.data.every((k: Record<string, unknown>) => !('secret' in k)));
      assert.doesNotMatch(response.body, /tf_live_key_\w+_[A-Za-z0-9_-]{49}/);
      const names = body.data.map((k: { name: string }) => k.name);
      assert.deepEqual(names, ['ci', 'production server', 'test key']);
      const page = (await list(studio.headers, '?limit=2')).json();
      assert.equal(page.has_more, true);
      const rest = (await list(studio.headers, `?limit=2&starting_after=${page.next_cursor}`)).json();
      assert.deepEqual(
        rest.data.map((k: { name: string }) => k.name),
        ['test key'],
      );
      const others = (await list(other.headers)).json();
      assert.deepEqual(
        others.data.map((k: { name: string }) => k.name),
        ['test key'],
      );
    });

    it('records last_used_at off the request path', async () => {
      t.clock.advance(120_000);
      assert.equal((await me(studio.apiKey!)).statusCode, 200);
      // The write is in flight after the answer; give it a moment on the event loop.
      let usedAt: string | null = null;
      for (let i = 0; i < 100 && !usedAt; i++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        const keys = (await list(studio.headers)).json().data;
        usedAt = keys.find((k: { name: string }) => k.name === 'test key').last_used_at;
      }
      assert.equal(usedAt, t.clock.now().toISOString());
    });

    it('revokes a key: 204, gone from the list, refused at once', async () => {
      const { id, secret } = (await create(studio.headers, { name: 'short-lived' })).json();
      assert.equal((await me(secret)).statusCode, 200);
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/v1/api-keys/${id}`,
        headers: studio.headers,
      });
      assert.equal(revoked.statusCode, 204);
      const refused = await me(secret);
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.json().code, 'unauthenticated');
      assert.ok(!(await list(studio.headers)).json().data.some((k: { id: string }) => k.id === id));
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/v1/api-keys/${id}`,
        headers: studio.headers,
      });
      assert.equal(again.statusCode, 404);
    });

    it('reads one key by id without its secret; revoked, foreign and unknown keys are 404', async () => {
      const created = (await create(studio.headers, { name: 'read me' })).json();
      const get = (id: string, headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: `/v1/api-keys/${id}`, headers });
      const read = await get(created.id, studio.headers);
      assert.equal(read.statusCode, 200);
      const { secret, ...withoutSecret } = created;
      assert.deepEqual(read.json(), withoutSecret);
      assert.ok(!read.body.includes(secret.slice(-20)), 'the secret is never shown again');
      const foreign = await get(created.id, other.headers);
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.json().code, 'not_found');
      assert.equal(foreign.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal((await get('key_01ZZZZZZZZZZZZZZZZZZZZZZZZ', studio.headers)).statusCode, 404);
      assert.equal((await get(created.id, studio.apiKeyHeaders!)).statusCode, 403, 'keys cannot read keys');
      await t.app.inject({ method: 'DELETE', url: `/v1/api-keys/${created.id}`, headers: studio.headers });
      assert.equal((await get(created.id, studio.headers)).statusCode, 404);
    });

    it('does not let one workspace revoke another’s key', async () => {
      const { id } = (await list(other.headers)).json().data[0];
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/v1/api-keys/${id}`,
        headers: studio.headers,
      });
      assert.equal(response.statusCode, 404);
      assert.equal((await me(other.apiKey!)).statusCode, 200);
    });

    it('refuses key management with an API key: 403 forbidden', async () => {
      for (const [method, url] of [
        ['POST', '/v1/api-keys'],
        ['GET', '/v1/api-keys'],
        ['DELETE', '/v1/api-keys/key_01JD0000000000000000000000'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: studio.apiKeyHeaders!,
          payload: method === 'POST' ? { name: 'x' } : undefined,
        });
        assert.equal(response.statusCode, 403, `${method} ${url}`);
        assert.equal(response.json().code, 'forbidden');
      }
    });

    it('refuses to create keys on the Free plan with 403 plan_required', async () => {
      const free = await createTestAccount(t, { plan: 'free' });
      const response = await create(free.headers);
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().code, 'plan_required');
      assert.equal(response.json().required_plan, 'studio');
    });

    it("refuses a key past the Studio plan's cap with 409 plan_limit_reached naming the plan, the cap and the fix; revoking one makes room", async () => {
      const cap = WORKSPACE_CAPS.apiKeys.studio;
      const account = await createTestAccount(t, { plan: 'studio' }); // holds its 'test key'
      const made: string[] = [];
      for (let held = 1; held < cap; held++) {
        const response = await create(account.headers, { name: `key ${held}` });
        assert.equal(response.statusCode, 201, response.body);
        made.push(response.json().id);
      }
      const refused = await create(account.headers, { name: 'one too many' });
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.headers['content-type'], 'application/problem+json; charset=utf-8');
      const problem = refused.json();
      assert.equal(problem.code, 'plan_limit_reached');
      assert.equal(problem.plan, 'studio');
      assert.equal(problem.limit, cap);
      assert.equal(problem.upgrade_plan, 'enterprise');
      assert.match(problem.detail, new RegExp(`holds ${cap} live API keys; the Studio plan allows ${cap}`));
      assert.match(problem.detail, /revoke one .*DELETE \/v1\/api-keys\/\{id\}.* upgrade to Enterprise/);
      assert.equal((await list(account.headers, '?limit=100')).json().data.length, cap);

      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/v1/api-keys/${made[0]}`,
        headers: account.headers,
      });
      assert.equal(revoked.statusCode, 204);
      assert.equal((await create(account.headers, { name: 'in its place' })).statusCode, 201);
      assert.equal((await create(account.headers, { name: 'still too many' })).statusCode, 409);
    });

    it('makes only as many keys as the cap allows when creations race', async () => {
      const cap = WORKSPACE_CAPS.apiKeys.studio;
      const account = await createTestAccount(t, { plan: 'studio' });
      for (let held = 1; held < cap - 2; held++) {
        assert.equal((await create(account.headers, { name: `key ${held}` })).statusCode, 201);
      }
      const racing = await Promise.all(
        Array.from({ length: 6 }, (_, i) => create(account.headers, { name: `racer ${i}` })),
      );
      const statuses = racing.map((response) => response.statusCode).sort();
      assert.deepEqual(statuses, [201, 201, 409, 409, 409, 409]);
      assert.equal((await list(account.headers, '?limit=100')).json().data.length, cap);
    });

    it('stops a key when its workspace drops to the Free plan', async () => {
      const account = await createTestAccount(t, { plan: 'studio' });
      await createAccountService({ db: t.database.db, clock: t.clock }).setWorkspacePlan(
        account.workspaceId,
        'free',
      );
      const response = await me(account.apiKey!);
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().code, 'plan_required');
    });

    it('refuses malformed and forged keys with 401', async () => {
      const forged = formatApiKey('live', newId('key'), SECRET);
      // One character of the secret changed (a random key may already end in x).
      const tampered = `${studio.apiKey!.slice(0, -1)}${studio.apiKey!.endsWith('x') ? 'y' : 'x'}`;
      for (const key of ['tf_live_nonsense', forged, tampered]) {
        const response = await me(key);
        assert.equal(response.statusCode, 401, key);
        assert.equal(response.json().code, 'unauthenticated');
      }
    });

    it('names the field when the name is missing', async () => {
      const response = await create(studio.headers, {});
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().param, 'name');
    });
  });
}
