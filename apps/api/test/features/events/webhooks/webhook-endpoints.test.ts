import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WORKSPACE_CAPS } from '../../../../src/features/billing/billing-catalogue.js';
import { createTestAccount, type TestAccount } from '../../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';

for (const kind of testDatabaseKinds()) {
  describe(`/v1/webhook-endpoints on ${kind}`, () => {
    let t: TestApp;
    let owner: TestAccount;
    let other: TestAccount;

    before(async () => {
      t = await createTestApp(kind); // ALLOW_PRIVATE_WEBHOOKS is off, as in production
      owner = await createTestAccount(t, { plan: 'studio' });
      other = await createTestAccount(t, { plan: 'studio' });
    });
    after(() => t.close());

    const create = (headers: Record<string, string>, payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers, payload: payload as object });

    it("refuses an endpoint past the plan's cap with 409 plan_limit_reached naming the plan, the cap and the fix; deleting one makes room", async () => {
      for (const plan of ['free', 'studio'] as const) {
        const cap = WORKSPACE_CAPS.webhookEndpoints[plan];
        const account = await createTestAccount(t, { plan });
        const made: string[] = [];
        for (let held = 0; held < cap; held++) {
          const response = await create(account.headers, { url: `https://93.184.215.14/hook/${held}` });
          assert.equal(response.statusCode, 201, response.body);
          made.push(response.json().id);
        }
        // Disabled endpoints count too: enabling one again must not pass the cap.
        const disabled = await t.app.inject({
          method: 'PATCH',
          url: `/v1/webhook-endpoints/${made[1]}`,
          headers: account.headers,
          payload: { enabled: false },
        });
        assert.equal(disabled.statusCode, 200, disabled.body);
        const refused = await create(account.headers, { url: 'https://93.184.215.14/hook/extra' });
        assert.equal(refused.statusCode, 409, `${plan}: ${refused.body}`);
        const problem = refused.json();
        assert.equal(problem.code, 'plan_limit_reached');
        assert.equal(problem.plan, plan);
        assert.equal(problem.limit, cap);
        const upgrade = plan === 'free' ? 'studio' : 'enterprise';
        assert.equal(problem.upgrade_plan, upgrade);
        assert.match(problem.detail, new RegExp(`holds ${cap} webhook endpoints`));
        assert.match(problem.detail, /DELETE \/v1\/webhook-endpoints\/\{id\}/);
        assert.match(
          problem.detail,
          new RegExp(
            `upgrade to ${upgrade === 'studio' ? 'Studio' : 'Enterprise'} \\(${WORKSPACE_CAPS.webhookEndpoints[upgrade]}\\)`,
          ),
        );

        const deleted = await t.app.inject({
          method: 'DELETE',
          url: `/v1/webhook-endpoints/${made[0]}`,
          headers: account.headers,
        });
        assert.equal(deleted.statusCode, 204);
        const again = await create(account.headers, { url: 'https://93.184.215.14/hook/extra' });
        assert.equal(again.statusCode, 201, again.body);
      }
    });

    it('creates an endpoint with its own whsec_ secret, lists, reads and deletes it', async () => {
      const created = await create(owner.headers, {
        url: 'https://93.184.215.14/hooks',
        event_types: ['track.ready'],
      });
      assert.equal(created.statusCode, 201);
      const endpoint = created.json();
      assert.match(endpoint.id, /^whe_/);
      assert.match(endpoint.secret, /^whsec_/);
      assert.deepEqual(endpoint.event_types, ['track.ready']);
      assert.equal(endpoint.status, 'enabled');

      const list = await t.app.inject({
        method: 'GET',
        url: '/v1/webhook-endpoints',
        headers: owner.headers,
      });
      assert.deepEqual(
        list.json().data.map((row: { id: string }) => row.id),
        [endpoint.id],
      );
      const read = await t.app.inject({
        method: 'GET',
        url: `/v1/webhook-endpoints/${endpoint.id}`,
        headers: owner.headers,
      });
      assert.deepEqual(read.json(), endpoint);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/v1/webhook-endpoints/${endpoint.id}`,
        headers: owner.headers,
      });
      assert.equal(deleted.statusCode, 204);
      const gone = await t.app.inject({
        method: 'GET',
        url: `/v1/webhook-endpoints/${endpoint.id}`,
        headers: owner.headers,
      });
      assert.equal(gone.statusCode, 404);
    });

    it('replays a create with the same Idempotency-Key and refuses the key for another body', async () => {
      const headers = { ...owner.headers, 'idempotency-key': 'endpoint-once' };
      const first = await create(headers, { url: 'https://93.184.215.14/once' });
      const again = await create(headers, { url: 'https://93.184.215.14/once' });
      assert.equal(again.statusCode, 201);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.deepEqual(again.json(), first.json());
      const reused = await create(headers, { url: 'https://93.184.215.14/other' });
      assert.equal(reused.statusCode, 422);
      assert.equal(reused.json().code, 'idempotency_key_reused');
    });

    it("answers 404 for another workspace's endpoint and never lists it", async () => {
      const endpoint = (await create(owner.headers, { url: 'https://93.184.215.14/a' })).json();
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await t.app.inject({
          method,
          url: `/v1/webhook-endpoints/${endpoint.id}`,
          headers: other.headers,
        });
        assert.equal(response.statusCode, 404);
      }
      const list = await t.app.inject({
        method: 'GET',
        url: '/v1/webhook-endpoints',
        headers: other.headers,
      });
      assert.deepEqual(list.json().data, []);
    });

    it("lets the workspace's API keys manage endpoints and refuses anonymous callers", async () => {
      const keyHeaders = owner.apiKeyHeaders!;
      const byKey = await create(keyHeaders, { url: 'https://93.184.215.14/by-key' });
      assert.equal(byKey.statusCode, 201, byKey.body);
      const id = byKey.json().id;
      const listed = await t.app.inject({ method: 'GET', url: '/v1/webhook-endpoints', headers: keyHeaders });
      assert.ok(listed.json().data.some((row: { id: string }) => row.id === id));
      const read = await t.app.inject({
        method: 'GET',
        url: `/v1/webhook-endpoints/${id}`,
        headers: keyHeaders,
      });
      assert.equal(read.json().secret, byKey.json().secret);
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/v1/webhook-endpoints/${id}`,
        headers: other.apiKeyHeaders!,
      });
      assert.equal(foreign.statusCode, 404);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/v1/webhook-endpoints/${id}`,
        headers: keyHeaders,
      });
      assert.equal(deleted.statusCode, 204);
      const anonymous = await create({}, { url: 'https://93.184.215.14/a' });
      assert.equal(anonymous.statusCode, 401);
    });

    it('refuses private, loopback and link-local destinations with 400 naming url', async () => {
      for (const url of [
        'http://127.0.0.1:8080/hook',
        'http://localhost/hook',
        'http://[::1]/hook',
        'http://10.1.2.3/hook',
        'http://192.168.0.10/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::ffff:127.0.0.1]/hook',
        'http://0.0.0.0/hook',
      ]) {
        const response = await create(owner.headers, { url });
        assert.equal(response.statusCode, 400, url);
        assert.equal(response.json().code, 'validation_failed');
        assert.equal(response.json().param, 'url');
      }
    });

    it('refuses malformed URLs and unknown event types', async () => {
      const badUrl = await create(owner.headers, { url: 'ftp://example.com/x' });
      assert.equal(badUrl.statusCode, 400);
      const badType = await create(owner.headers, {
        url: 'https://93.184.215.14/a',
        event_types: ['track.exploded'],
      });
      assert.equal(badType.statusCode, 400);
      assert.equal(badType.json().errors[0].param, 'event_types[0]');
    });
  });
}
