// Idempotency-Key is one plugin every POST goes through: replays, 422 for another request, 409
// while running, scoped to the caller's workspace.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createIdempotencyService, hashRequest } from '../../src/idempotency/idempotency.service.js';
import { createTestAccount, type TestAccount } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDatabaseKinds } from '../helpers/databases.js';
import { balanceOf, fund } from '../tracks/helpers.js';

for (const kind of testDatabaseKinds()) {
  describe(`Idempotency-Key on every POST on ${kind}`, () => {
    let t: TestApp;
    let owner: TestAccount;
    let other: TestAccount;
    before(async () => {
      t = await createTestApp(kind);
      owner = await createTestAccount(t);
      other = await createTestAccount(t);
      await fund(t, owner.workspaceId, 5);
    });
    after(() => t.close());

    const post = (url: string, key: string, payload?: object, account = owner) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...account.headers, 'idempotency-key': key },
        ...(payload ? { payload } : {}),
      });

    it('creates one API key for two POSTs with the same key, replaying the first answer', async () => {
      const first = await post('/v1/api-keys', 'make-ci-key', { name: 'ci' });
      const second = await post('/v1/api-keys', 'make-ci-key', { name: 'ci' });
      assert.equal(first.statusCode, 201);
      assert.equal(second.statusCode, 201);
      assert.equal(second.headers['idempotent-replayed'], 'true');
      assert.equal(first.headers['idempotent-replayed'], undefined);
      assert.equal(second.json().secret, first.json().secret);
      const keys = await t.app.inject({ method: 'GET', url: '/v1/api-keys', headers: owner.headers });
      assert.equal(keys.json().data.filter((key: { name: string }) => key.name === 'ci').length, 1);
      const reused = await post('/v1/api-keys', 'make-ci-key', { name: 'deploy' });
      assert.equal(reused.statusCode, 422);
      assert.equal(reused.json().code, 'idempotency_key_reused');
    });

    it('replays the first answer when the retry spells the same path with percent-escapes', async () => {
      const payload = { url: 'https://93.184.215.14/spelled' };
      const first = await post('/v1/webhook-endpoints', 'spelled-twice', payload);
      assert.equal(first.statusCode, 201, first.body);
      for (const url of [
        '/%761/webhook-endpoints',
        '/v1/webhook%2Dendpoints',
        '/%76%31/%77ebhook-endpoints',
      ]) {
        const again = await post(url, 'spelled-twice', payload);
        assert.equal(again.statusCode, 201, `${url}: ${again.body}`);
        assert.equal(again.headers['idempotent-replayed'], 'true', url);
        assert.equal(again.json().id, first.json().id, url);
      }
    });

    it('rotates the signing secret once for two POSTs with the same key', async () => {
      const first = await post('/v1/workspace/signing-secret', 'rotate-1');
      const second = await post('/v1/workspace/signing-secret', 'rotate-1');
      assert.equal(second.headers['idempotent-replayed'], 'true');
      assert.equal(second.json().signing_secret, first.json().signing_secret);
      const now = await t.app.inject({ method: 'GET', url: '/v1/workspace', headers: owner.headers });
      assert.equal(now.json().signing_secret, first.json().signing_secret);
      const fresh = await post('/v1/workspace/signing-secret', 'rotate-2');
      assert.notEqual(fresh.json().signing_secret, first.json().signing_secret);
    });

    it('answers 409 idempotency_in_progress while the same key is still running', async () => {
      const idempotency = createIdempotencyService({ db: t.database.db, clock: t.clock });
      const scope = { workspaceId: owner.workspaceId, key: 'busy' };
      await idempotency.begin(scope, hashRequest('POST', '/v1/api-keys', { name: 'busy' }));
      const response = await post('/v1/api-keys', 'busy', { name: 'busy' });
      assert.equal(response.statusCode, 409);
      assert.equal(response.json().code, 'idempotency_in_progress');
      assert.equal(response.headers['retry-after'], '1');
    });

    it('keeps keys of different workspaces apart', async () => {
      const mine = await post('/v1/api-keys', 'shared-name', { name: 'mine' });
      const theirs = await post('/v1/api-keys', 'shared-name', { name: 'theirs' }, other);
      assert.equal(theirs.statusCode, 201);
      assert.equal(theirs.headers['idempotent-replayed'], undefined);
      assert.notEqual(theirs.json().secret, mine.json().secret);
    });

    it('frees the key after a failed request, so a corrected retry runs', async () => {
      const url = '/v1/tracks/trk_01JABCDEFGHJKMNPQRSTVWXYZ0/publish';
      const broke = await post(url, 'publish-1', { visibility: 'public' });
      assert.equal(broke.statusCode, 404);
      const again = await post(url, 'publish-1', { visibility: 'public' });
      assert.equal(again.statusCode, 404);
      assert.equal(again.headers['idempotent-replayed'], undefined);
    });

    it('never creates a second track or hold for a replayed or concurrent create', async () => {
      const body = { prompt: 'rainy lofi', duration: 'short' };
      const start = (await balanceOf(t, owner.workspaceId)).balance;
      const [a, b] = await Promise.all([
        post('/v1/tracks', 'track-once', body),
        post('/v1/tracks', 'track-once', body),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      assert.ok(statuses[0] === 201 && (statuses[1] === 201 || statuses[1] === 409), String(statuses));
      const replay = await post('/v1/tracks', 'track-once', body);
      assert.equal(replay.statusCode, 201);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.equal(replay.json().id, (a.statusCode === 201 ? a : b).json().id);
      const list = await t.app.inject({ method: 'GET', url: '/v1/tracks', headers: owner.headers });
      assert.equal(
        list.json().data.filter((track: { prompt: string }) => track.prompt === 'rainy lofi').length,
        1,
      );
      assert.equal((await balanceOf(t, owner.workspaceId)).balance, start - 1);
    });

    it('documents the Idempotency-Key header on every POST', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      type Operation = { parameters?: unknown[] };
      // Stripe's webhook is anonymous and carries Stripe's own event id.
      const posts = Object.entries(doc.paths as Record<string, { post?: Operation }>).filter(
        ([path, item]) => item.post && path !== '/v1/webhooks/stripe',
      );
      assert.ok(posts.length >= 10);
      for (const [path, item] of posts) {
        // Inline, or the shared components.parameters entry the document generator refers to.
        const text = JSON.stringify(item.post!.parameters ?? []);
        assert.match(text, /"name":"idempotency-key"|#\/components\/parameters\/IdempotencyKey"/i, path);
      }
    });
  });
}
