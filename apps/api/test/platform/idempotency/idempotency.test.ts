// Idempotency-Key is one plugin every POST goes through: replays, 422 for another request or
// another credential, 409 while running, scoped to the caller's workspace and credential; a replay
// is authorized like the first request and stored answers are sealed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { resolveJwtSecret } from '../../../src/features/accounts/auth/jwt-secret.js';
import {
  createIdempotencyService,
  hashRequest,
  IDEMPOTENCY_SEALING_PURPOSE,
} from '../../../src/platform/idempotency/idempotency.service.js';
import { createSecretSealer } from '../../../src/platform/shared/secret-sealing.js';
import { balanceOf, fund } from '../../features/tracks/helpers.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';

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

    const post = (
      url: string,
      key: string,
      payload?: object,
      account = owner,
      headers: Record<string, string> = account.headers,
    ) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'idempotency-key': key },
        ...(payload ? { payload } : {}),
      });

    const serviceSealingWith = (serverSecret: Uint8Array) =>
      createIdempotencyService({
        db: t.database.db,
        clock: t.clock,
        sealer: createSecretSealer(serverSecret, IDEMPOTENCY_SEALING_PURPOSE),
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
      const idempotency = serviceSealingWith(resolveJwtSecret(t.config));
      const scope = { workspaceId: owner.workspaceId, principal: `user:${owner.userId}`, key: 'busy' };
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

    it("refuses an API key that sends a user's Idempotency-Key to POST /v1/api-keys with 403, never the new key's secret", async () => {
      const first = await post('/v1/api-keys', 'user-made-key', { name: 'deploy bot' });
      assert.equal(first.statusCode, 201);
      const replay = await post(
        '/v1/api-keys',
        'user-made-key',
        { name: 'deploy bot' },
        owner,
        owner.apiKeyHeaders!,
      );
      assert.equal(replay.statusCode, 403, replay.body);
      assert.equal(replay.json().code, 'forbidden');
      assert.equal(replay.headers['idempotent-replayed'], undefined);
      assert.doesNotMatch(replay.body, /tf_live_/);
    });

    it("refuses an API key that sends a user's Idempotency-Key to the signing-secret rotation with 403", async () => {
      const first = await post('/v1/workspace/signing-secret', 'user-rotation');
      assert.equal(first.statusCode, 200);
      const replay = await post(
        '/v1/workspace/signing-secret',
        'user-rotation',
        undefined,
        owner,
        owner.apiKeyHeaders!,
      );
      assert.equal(replay.statusCode, 403, replay.body);
      // the secret is base64 ("+", "/"): looked for as text, not read as a pattern
      const secret: string = first.json().signing_secret;
      assert.ok(!replay.body.includes(secret), 'the refusal carries the rotated secret');
    });

    it('answers another credential of the workspace with 422 on a route both may call, never the first answer', async () => {
      const first = await post('/v1/webhook-endpoints', 'endpoint-once', {
        url: 'https://93.184.215.14/hook',
      });
      assert.equal(first.statusCode, 201);
      const byKey = await post(
        '/v1/webhook-endpoints',
        'endpoint-once',
        { url: 'https://93.184.215.14/hook' },
        owner,
        owner.apiKeyHeaders!,
      );
      assert.equal(byKey.statusCode, 422, byKey.body);
      assert.equal(byKey.json().code, 'idempotency_key_reused');
      assert.doesNotMatch(byKey.body, /whsec_/);
      // The credential that made it still gets its answer.
      const again = await post('/v1/webhook-endpoints', 'endpoint-once', {
        url: 'https://93.184.215.14/hook',
      });
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.json().secret, first.json().secret);
    });

    it('keeps no secret in plain text in the idempotency table', async () => {
      const key = await post('/v1/api-keys', 'stored-key', { name: 'stored' });
      const rotated = await post('/v1/workspace/signing-secret', 'stored-rotation');
      const endpoint = await post('/v1/webhook-endpoints', 'stored-endpoint', {
        url: 'https://93.184.215.14/s',
      });
      const secrets = [key.json().secret, rotated.json().signing_secret, endpoint.json().secret];
      assert.ok(secrets.every((secret) => typeof secret === 'string' && secret.length > 20));
      const rows = await sql<{
        row: string;
      }>`select row_to_json(r)::text as row from idempotency_record r`.execute(t.database.db);
      const table = rows.rows.map((row) => row.row).join('\n');
      for (const secret of secrets) assert.ok(!table.includes(secret), 'a secret is stored in plain text');
      assert.doesNotMatch(table, /tf_live_|whsec_/);
    });

    it('answers 409 conflict, and never runs the request again, when the stored answer was sealed under another server secret', async () => {
      const first = await post('/v1/api-keys', 'old-secret', { name: 'old secret' });
      assert.equal(first.statusCode, 201);
      const other = serviceSealingWith(new TextEncoder().encode('another-server-secret-0123456789abcdef'));
      const scope = { workspaceId: owner.workspaceId, principal: `user:${owner.userId}`, key: 'old-secret' };
      const { request_hash: requestHash } = await t.database.db
        .selectFrom('idempotency_record')
        .select('request_hash')
        .where('workspace_id', '=', owner.workspaceId)
        .where('key', '=', 'old-secret')
        .executeTakeFirstOrThrow();
      await assert.rejects(other.begin(scope, requestHash), { code: 'conflict' });
      // The server that sealed it still replays it.
      const replay = await serviceSealingWith(resolveJwtSecret(t.config)).begin(scope, requestHash);
      assert.equal(
        replay.kind === 'replay' && (replay.body as { secret: string }).secret,
        first.json().secret,
      );
    });

    it('refuses a key stored before answers were kept per credential with 422 instead of running it again', async () => {
      const now = t.clock.now();
      await sql`insert into idempotency_record (workspace_id, key, request_hash, response_status, created_at, expires_at)
        values (${owner.workspaceId}, 'from-before', 'old', 201, ${now}, ${new Date(now.getTime() + 86_400_000)})`.execute(
        t.database.db,
      );
      const response = await post('/v1/api-keys', 'from-before', { name: 'before' });
      assert.equal(response.statusCode, 422);
      assert.equal(response.json().code, 'idempotency_key_reused');
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
