import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { balanceOf, createTrack, fund } from './helpers.js';

for (const kind of testDatabaseKinds()) {
  describe(`POST /v1/tracks on ${kind}`, () => {
    let t: TestApp;
    let account: TestAccount;
    before(async () => {
      t = await createTestApp(kind);
      account = await createTestAccount(t);
      await fund(t, account.workspaceId, 20);
    });
    after(() => t.close());

    it('creates a queued track, holds one credit and queues its job and event', async () => {
      const before = await balanceOf(t, account.workspaceId);
      const response = await createTrack(t, account, {
        prompt: '  dreamy synthwave drive  ',
        duration: '2:30',
        seed: 42,
        bpm: 100,
        key: 'D minor',
        metadata: { order: '17' },
      });
      assert.equal(response.statusCode, 201, response.body);
      const track = response.json();
      assert.match(track.id, /^trk_/);
      assert.equal(track.object, 'track');
      assert.equal(track.status, 'queued');
      assert.equal(track.prompt, 'dreamy synthwave drive');
      assert.equal(track.duration_seconds, 150);
      assert.equal(track.seed, 42);
      assert.equal(track.visibility, 'private');
      assert.equal(track.workspace_id, account.workspaceId);
      assert.deepEqual(track.metadata, { order: '17' });
      assert.equal(track.music, null);
      assert.equal(response.headers.location, `${t.config.PUBLIC_URL}/v1/tracks/${track.id}`);
      const after = await balanceOf(t, account.workspaceId);
      assert.deepEqual(after, { balance: before.balance - 1, held: before.held + 1 });
      const jobs = await sql<{
        n: number;
      }>`select count(*)::int as n from job where payload->>'track_id' = ${track.id}`.execute(t.database.db);
      assert.equal(jobs.rows[0]?.n, 1);
    });

    it('accepts named durations and plain seconds', async () => {
      for (const [duration, seconds] of [
        ['short', 30],
        ['standard', 120],
        ['long', 240],
        ['45s', 45],
        [90, 90],
      ] as const) {
        const response = await createTrack(t, account, { prompt: 'jazz trio', duration });
        assert.equal(response.statusCode, 201, response.body);
        assert.equal(response.json().duration_seconds, seconds);
      }
    });

    it('refuses bad input with 400 naming the field, and stores nothing', async () => {
      const before = await balanceOf(t, account.workspaceId);
      const cases: [Record<string, unknown>, string][] = [
        [{ prompt: '   ', duration: 'short' }, 'prompt'],
        [{ prompt: 'x'.repeat(2001), duration: 'short' }, 'prompt'],
        [{ prompt: 'ok', duration: '4s' }, 'duration'],
        [{ prompt: 'ok', duration: '11:00' }, 'duration'],
        [{ prompt: 'ok', duration: 'forever' }, 'duration'],
        [{ prompt: 'ok' }, 'duration'],
        [{ prompt: 'ok', duration: 'short', key: 'purple' }, 'key'],
        [{ prompt: 'ok', duration: 'short', bpm: 999 }, 'bpm'],
        [{ prompt: 'ok', duration: 'short', visibility: 'everyone' }, 'visibility'],
        [{ prompt: 'ok', duration: 'short', webhook_url: 'ftp://x' }, 'webhook_url'],
        [{ prompt: 'ok', duration: 'short', seed: -1 }, 'seed'],
        [
          {
            prompt: 'ok',
            duration: 'short',
            metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])),
          },
          'metadata',
        ],
      ];
      for (const [body, param] of cases) {
        const response = await createTrack(t, account, body);
        assert.equal(response.statusCode, 400, `${JSON.stringify(body).slice(0, 80)} → ${response.body}`);
        assert.equal(response.json().code, 'validation_failed');
        assert.equal(response.json().param, param, response.body);
      }
      const duration = await createTrack(t, account, { prompt: 'ok', duration: 'forever' });
      assert.match(duration.json().detail, /short.*standard.*long.*45s.*2:30/);
      assert.deepEqual(await balanceOf(t, account.workspaceId), before);
    });

    it('answers 402 insufficient_credits with the balance when the workspace has none', async () => {
      const broke = await createTestAccount(t);
      const { balance } = await balanceOf(t, broke.workspaceId);
      for (let i = 0; i < balance; i++) assert.equal((await createTrack(t, broke)).statusCode, 201);
      const response = await createTrack(t, broke);
      assert.equal(response.statusCode, 402);
      assert.equal(response.json().code, 'insufficient_credits');
      assert.equal(response.json().balance, 0);
      assert.match(response.json().detail, /billing\/checkout/);
    });

    it('keeps a catalogue voice_id with the track and refuses an unknown one with 404 naming voice_id', async () => {
      const voices = await t.app.inject({
        method: 'GET',
        url: '/v1/voices?limit=100',
        headers: account.headers,
      });
      const voice =
        voices.json().data.find((v: { plan_required?: string | null }) => !v.plan_required) ??
        voices.json().data[0];
      const created = await createTrack(t, account, {
        prompt: 'pop song with vocals',
        duration: 'short',
        voice_id: voice.id,
      });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.json().voice_id, voice.id);
      const unknown = await createTrack(t, account, {
        prompt: 'x',
        duration: 'short',
        voice_id: 'voc_01J00000000000000000000000',
      });
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json().param, 'voice_id');
    });

    it('needs a credential', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/tracks',
        payload: { prompt: 'x', duration: 'short' },
      });
      assert.equal(response.statusCode, 401);
    });

    it('replays the first answer for the same Idempotency-Key and body, once charged', async () => {
      const before = await balanceOf(t, account.workspaceId);
      const body = { prompt: 'ambient pads', duration: 'short' };
      const first = await createTrack(t, account, body, { 'idempotency-key': 'order-1' });
      const second = await createTrack(t, account, body, { 'idempotency-key': 'order-1' });
      assert.equal(first.statusCode, 201);
      assert.equal(second.statusCode, 201);
      assert.equal(second.headers['idempotent-replayed'], 'true');
      assert.equal(second.json().id, first.json().id);
      assert.equal((await balanceOf(t, account.workspaceId)).balance, before.balance - 1);
    });

    it('answers 422 idempotency_key_reused for the same key with another body', async () => {
      await createTrack(t, account, { prompt: 'a', duration: 'short' }, { 'idempotency-key': 'order-2' });
      const response = await createTrack(
        t,
        account,
        { prompt: 'b', duration: 'short' },
        { 'idempotency-key': 'order-2' },
      );
      assert.equal(response.statusCode, 422);
      assert.equal(response.json().code, 'idempotency_key_reused');
    });

    it('answers 409 idempotency_in_progress while the first request with the key is running', async () => {
      const now = t.clock.now();
      await sql`insert into idempotency_record (workspace_id, key, principal, request_hash, created_at, expires_at)
        values (${account.workspaceId}, 'order-3', ${`user:${account.userId}`}, 'running', ${now}, ${new Date(now.getTime() + 86_400_000)})`.execute(
        t.database.db,
      );
      const response = await createTrack(t, account, undefined, { 'idempotency-key': 'order-3' });
      assert.equal(response.statusCode, 409);
      assert.equal(response.json().code, 'idempotency_in_progress');
    });

    it('lets a key be used again after its 24 hours, and after a refused (402) attempt', async () => {
      await createTrack(t, account, { prompt: 'c', duration: 'short' }, { 'idempotency-key': 'order-4' });
      t.clock.advance(24 * 60 * 60 * 1000 + 1);
      // Access tokens live 15 minutes; the API key does not expire.
      const response = await createTrack(
        t,
        account,
        { prompt: 'd', duration: 'short' },
        {
          'idempotency-key': 'order-4',
          ...account.apiKeyHeaders,
        },
      );
      assert.equal(response.statusCode, 201);
      assert.equal(response.headers['idempotent-replayed'], undefined);
      const broke = await createTestAccount(t);
      const { balance } = await balanceOf(t, broke.workspaceId);
      for (let i = 0; i < balance; i++) await createTrack(t, broke);
      assert.equal((await createTrack(t, broke, undefined, { 'idempotency-key': 'k' })).statusCode, 402);
      await fund(t, broke.workspaceId, 1);
      assert.equal((await createTrack(t, broke, undefined, { 'idempotency-key': 'k' })).statusCode, 201);
    });
  });
}
