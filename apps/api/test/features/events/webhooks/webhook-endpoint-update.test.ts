// PATCH /v1/webhook-endpoints/{id}: url, description, event_types and enabled, all or nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestAccount, type TestAccount } from '../../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';
import { createTrack, fund } from '../../tracks/helpers.js';

for (const kind of testDatabaseKinds()) {
  describe(`PATCH /v1/webhook-endpoints/{id} on ${kind}`, () => {
    let t: TestApp;
    let owner: TestAccount;
    let other: TestAccount;

    before(async () => {
      t = await createTestApp(kind); // ALLOW_PRIVATE_WEBHOOKS is off, as in production
      owner = await createTestAccount(t, { plan: 'studio' });
      other = await createTestAccount(t, { plan: 'studio' });
      await fund(t, owner.workspaceId, 10);
    });
    after(() => t.close());

    async function createEndpoint(payload: Record<string, unknown> = {}) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/webhook-endpoints',
        headers: owner.headers,
        payload: { url: 'https://93.184.215.14/hooks', ...payload },
      });
      assert.equal(created.statusCode, 201, created.body);
      return created.json();
    }
    const patch = (id: string, payload: unknown, headers: Record<string, string> = owner.headers) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/webhook-endpoints/${id}`,
        headers,
        payload: payload as object,
      });
    const read = async (id: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/v1/webhook-endpoints/${id}`, headers: owner.headers })
      ).json();
    const pendingDeliveries = async (endpointId: string) =>
      Number(
        (
          await sql<{
            count: string;
          }>`select count(*) as count from webhook_delivery where endpoint_id = ${endpointId} and status = 'pending'`.execute(
            t.database.db,
          )
        ).rows[0]!.count,
      );

    it('changes url, description and event_types, keeping the id and the secret', async () => {
      const endpoint = await createEndpoint({ description: 'first', event_types: ['track.ready'] });
      assert.equal(endpoint.description, 'first');
      const response = await patch(endpoint.id, {
        url: 'https://93.184.215.15/new',
        description: 'Production receiver',
        event_types: ['track.failed', 'track.ready', 'track.failed'],
      });
      assert.equal(response.statusCode, 200, response.body);
      const updated = response.json();
      assert.equal(updated.id, endpoint.id);
      assert.equal(updated.secret, endpoint.secret);
      assert.equal(updated.url, 'https://93.184.215.15/new');
      assert.equal(updated.description, 'Production receiver');
      assert.deepEqual(updated.event_types, ['track.failed', 'track.ready']);
      assert.deepEqual(await read(endpoint.id), updated);
      const cleared = (await patch(endpoint.id, { description: null, event_types: [] })).json();
      assert.equal(cleared.description, null);
      assert.deepEqual(cleared.event_types, []);
      assert.equal(cleared.url, 'https://93.184.215.15/new', 'fields left out stay as they were');
    });

    it('disables an endpoint on request, cancelling its queued deliveries, and enables it again', async () => {
      const endpoint = await createEndpoint();
      assert.equal((await createTrack(t, owner)).statusCode, 201);
      assert.equal(await pendingDeliveries(endpoint.id), 1, 'track.queued is queued for it');
      const disabled = (await patch(endpoint.id, { enabled: false })).json();
      assert.equal(disabled.status, 'disabled');
      assert.match(disabled.disabled_reason, /enabled: false/);
      assert.equal(await pendingDeliveries(endpoint.id), 0);
      assert.equal((await createTrack(t, owner)).statusCode, 201);
      assert.equal(await pendingDeliveries(endpoint.id), 0, 'a disabled endpoint gets nothing new');

      const enabled = (await patch(endpoint.id, { enabled: true })).json();
      assert.equal(enabled.status, 'enabled');
      assert.equal(enabled.disabled_reason, null);
      assert.equal((await createTrack(t, owner)).statusCode, 201);
      assert.equal(await pendingDeliveries(endpoint.id), 1, 'new events reach it again');
    });

    it('re-enables an endpoint the server disabled, with its failure clock reset', async () => {
      const endpoint = await createEndpoint();
      // As the delivery handler leaves an endpoint after 5 days of failures.
      await sql`update webhook_endpoint set status = 'disabled', disabled_reason = 'Every attempt failed for 5 days.',
        failing_since = now() - interval '6 days' where id = ${endpoint.id}`.execute(t.database.db);
      const enabled = (await patch(endpoint.id, { enabled: true })).json();
      assert.equal(enabled.status, 'enabled');
      assert.equal(enabled.disabled_reason, null);
      const row = await sql<{
        failing_since: Date | null;
      }>`select failing_since from webhook_endpoint where id = ${endpoint.id}`.execute(t.database.db);
      assert.equal(row.rows[0]!.failing_since, null);
    });

    it('refuses a private URL with 400 naming url and changes nothing', async () => {
      const endpoint = await createEndpoint({ description: 'keep me' });
      for (const url of ['http://127.0.0.1/hook', 'http://169.254.169.254/latest', 'ftp://example.com/x']) {
        const response = await patch(endpoint.id, { url, description: 'changed' });
        assert.equal(response.statusCode, 400, url);
        assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
        assert.equal(response.json().param, 'url');
      }
      const unchanged = await read(endpoint.id);
      assert.equal(unchanged.url, endpoint.url);
      assert.equal(unchanged.description, 'keep me');
    });

    it('refuses an empty body, unknown fields and bad values with 400 naming the field', async () => {
      const endpoint = await createEndpoint();
      const empty = await patch(endpoint.id, {});
      assert.equal(empty.statusCode, 400);
      assert.match(empty.json().detail, /at least one of url, description, event_types or enabled/);
      for (const [payload, param] of [
        [{ secret: 'whsec_mine' }, ''],
        [{ enabled: 'yes' }, 'enabled'],
        [{ event_types: ['track.exploded'] }, 'event_types[0]'],
        [{ description: 'x'.repeat(501) }, 'description'],
      ] as const) {
        const response = await patch(endpoint.id, payload);
        assert.equal(response.statusCode, 400, JSON.stringify(payload));
        assert.equal(response.json().code, 'validation_failed');
        if (param) assert.equal(response.json().errors[0].param, param, JSON.stringify(payload));
      }
    });

    it("answers 404 for another workspace's endpoint and an unknown id, and 401 without a credential", async () => {
      const endpoint = await createEndpoint();
      const foreign = await patch(endpoint.id, { description: 'mine now' }, other.headers);
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.json().code, 'not_found');
      assert.equal((await read(endpoint.id)).description, null);
      assert.equal((await patch('whe_01ZZZZZZZZZZZZZZZZZZZZZZZZ', { enabled: true })).statusCode, 404);
      assert.equal((await patch(endpoint.id, { enabled: true }, {})).statusCode, 401);
    });
  });
}
