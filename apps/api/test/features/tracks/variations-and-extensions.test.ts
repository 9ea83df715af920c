// POST /v1/tracks/{id}/variations and /extend against a fake engine: what is queued, what the
// engine is asked for, what is refused (and that a refusal stores and charges nothing).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TrackRequest } from '@trackforge/engine';
import { sql } from 'kysely';
import type { Generate } from '../../../src/features/tracks/generation/generation-pool.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { balanceOf, createGenerationRunner, createTrack, FAKE_GENERATED_TRACK, fund } from './helpers.js';

for (const kind of testDatabaseKinds()) {
  describe(`variations and extensions on ${kind}`, () => {
    let t: TestApp;
    let account: TestAccount;
    let other: TestAccount;
    const requests: TrackRequest[] = [];
    const generate: Generate = async (request) => {
      requests.push(request);
      return FAKE_GENERATED_TRACK;
    };
    before(async () => {
      t = await createTestApp(kind);
      account = await createTestAccount(t);
      other = await createTestAccount(t);
      await fund(t, account.workspaceId, 20);
      await fund(t, other.workspaceId, 5);
    });
    after(() => t.close());

    const post = (
      path: string,
      payload: Record<string, unknown>,
      who: TestAccount = account,
      headers: Record<string, string> = {},
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/tracks/${path}`,
        headers: { ...who.headers, ...headers },
        payload,
      });
    const get = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/v1/tracks/${id}`, headers: account.headers })).json();
    const trackCount = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from track`.execute(t.database.db)).rows[0]?.n);
    /** Runs queued jobs with the fake engine until none is left. */
    const runAll = async (engine: Generate = generate) => {
      const runner = createGenerationRunner(t, 'w1', engine);
      while (await runner.runOnce()) {}
    };
    async function readyTrack(body: Record<string, unknown> = {}): Promise<{ id: string; seed: number }> {
      const created = (
        await createTrack(t, account, {
          prompt: 'funk groove with slap bass',
          duration: '40s',
          seed: 11,
          ...body,
        })
      ).json();
      await runAll();
      return created;
    }

    it('queues a variation with the same brief and a new seed, holding one credit', async () => {
      const original = await readyTrack({ bpm: 104, key: 'E minor' });
      const balance = await balanceOf(t, account.workspaceId);
      const response = await post(`${original.id}/variations`, { keep: ['drums', 'bass'] });
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.headers.location, `${t.config.PUBLIC_URL}/v1/tracks/${response.json().id}`);
      const variation = response.json();
      assert.equal(variation.status, 'queued');
      assert.equal(variation.kind, 'variation');
      assert.equal(variation.parent_track_id, original.id);
      assert.equal(variation.prompt, 'funk groove with slap bass');
      assert.equal(variation.duration_seconds, 40);
      assert.equal(variation.bpm, 104);
      assert.equal(variation.key, 'E minor');
      assert.notEqual(variation.seed, original.seed);
      assert.deepEqual(await balanceOf(t, account.workspaceId), {
        balance: balance.balance - 1,
        held: balance.held + 1,
      });
      requests.length = 0;
      await runAll();
      const [request] = requests;
      assert.equal(request?.seed, variation.seed);
      assert.deepEqual(request?.variation?.keep, ['drums', 'bass']);
      assert.equal(request?.variation?.from.seed, 11);
      assert.equal(request?.variation?.from.overrides?.bpm, 104);
      assert.equal(request?.variation?.from.durationSeconds, 40);
      assert.equal((await get(variation.id)).status, 'ready');
      assert.equal((await get(original.id)).kind, 'original');
      assert.equal((await get(original.id)).parent_track_id, null);
    });

    it('uses the seed asked for', async () => {
      const original = await readyTrack();
      const response = await post(`${original.id}/variations`, { keep: [], seed: 42 });
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.json().seed, 42);
    });

    it('queues an extension with the original’s seed and the longer duration; its lineage nests', async () => {
      const original = await readyTrack();
      const response = await post(`${original.id}/extend`, { seconds: 20 });
      assert.equal(response.statusCode, 201, response.body);
      const extension = response.json();
      assert.equal(extension.kind, 'extension');
      assert.equal(extension.parent_track_id, original.id);
      assert.equal(extension.duration_seconds, 60);
      assert.equal(extension.duration, '60s');
      assert.equal(extension.seed, original.seed);
      requests.length = 0;
      await runAll();
      assert.equal(requests[0]?.durationSeconds, 60);
      assert.equal(requests[0]?.extend?.from.durationSeconds, 40);
      assert.equal(requests[0]?.extend?.from.outputs, undefined);

      const again = (await post(`${extension.id}/extend`, { seconds: 30 })).json();
      requests.length = 0;
      await runAll();
      assert.equal(again.duration_seconds, 90);
      assert.equal(requests[0]?.extend?.from.extend?.from.durationSeconds, 40);
    });

    it('queues an extension that follows its own sections after the original’s last kept bar', async () => {
      // 120 bpm in 4/4: 2 s a bar; the original's ending (its outro) starts at bar 8
      const original = await readyTrack({
        bpm: 120,
        sections: [
          { name: 'verse', bars: 8 },
          { name: 'outro', bars: 4 },
        ],
      });
      const balance = await balanceOf(t, account.workspaceId);
      const sections = [
        { name: 'Chorus', bars: 8, energy: 0.9 },
        { name: 'outro', seconds: 8, instruments: ['piano'] },
      ];
      const response = await post(`${original.id}/extend`, { sections });
      assert.equal(response.statusCode, 201, response.body);
      const extension = response.json();
      assert.equal(extension.kind, 'extension');
      assert.equal(extension.parent_track_id, original.id);
      assert.equal(extension.duration_seconds, 40, '8 kept bars, 8 of chorus and 4 of outro');
      assert.equal(extension.duration, '40s');
      assert.deepEqual(await balanceOf(t, account.workspaceId), {
        balance: balance.balance - 1,
        held: balance.held + 1,
      });
      requests.length = 0;
      await runAll();
      assert.deepEqual(requests[0]?.extend?.sections, sections);
      assert.equal(requests[0]?.durationSeconds, 40);
      assert.equal(requests[0]?.extend?.from.sections?.length, 2);
    });

    it('refuses sections the engine cannot follow with 422 naming the field, storing and charging nothing', async () => {
      const original = await readyTrack({ bpm: 120, duration: '30s' });
      const before = await balanceOf(t, account.workspaceId);
      const count = await trackCount();
      for (const [sections, param] of [
        [[{ name: 'solo', bars: 4, instruments: ['kazoo-9'] }], 'sections[0].instruments[0]'],
        [[{ name: 'chorus', bars: 290 }], 'sections'],
        [[{ name: 'chorus', bars: 1 }], 'sections'],
      ] as const) {
        const response = await post(`${original.id}/extend`, { sections });
        assert.equal(response.statusCode, 422, `${JSON.stringify(sections)} ${response.body}`);
        assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
        assert.equal(response.json().code, 'unprocessable_input');
        assert.equal(response.json().param, param, response.body);
      }
      assert.match(
        (await post(`${original.id}/extend`, { sections: [{ name: 'chorus', bars: 290 }] })).json().detail,
        /at most 600 s/,
      );
      assert.equal(await trackCount(), count);
      assert.deepEqual(await balanceOf(t, account.workspaceId), before);
    });

    it('charges an extension once for a retried Idempotency-Key and gives it back when it fails', async () => {
      const original = await readyTrack();
      const before = await balanceOf(t, account.workspaceId);
      const headers = { 'idempotency-key': `extend-${original.id}` };
      const first = await post(`${original.id}/extend`, { seconds: 10 }, account, headers);
      const replay = await post(`${original.id}/extend`, { seconds: 10 }, account, headers);
      assert.equal(first.statusCode, 201);
      assert.equal(replay.statusCode, 201);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.equal(replay.json().id, first.json().id);
      assert.deepEqual(await balanceOf(t, account.workspaceId), {
        balance: before.balance - 1,
        held: before.held + 1,
      });
      const failing: Generate = async () => {
        throw new Error('synth exploded');
      };
      for (let i = 0; i < 3; i++) {
        await runAll(failing);
        t.clock.advance(60_000);
      }
      const failed = await get(first.json().id);
      assert.equal(failed.status, 'failed');
      assert.equal(failed.credits_charged, 0);
      assert.deepEqual(await balanceOf(t, account.workspaceId), before);

      const refused = await post(`${failed.id}/extend`, { seconds: 10 });
      assert.equal(refused.statusCode, 422);
      assert.equal(refused.json().code, 'unprocessable_track');
      assert.equal(refused.json().status_detail, 'failed');
      assert.equal((await post(`${failed.id}/variations`, { keep: ['drums'] })).statusCode, 422);
    });

    it('refuses a queued track, a loop and a length over 600 s with 422, storing and charging nothing', async () => {
      const loop = await readyTrack({ loop: true });
      const long = await readyTrack({ duration: '590s' });
      const queued = (await createTrack(t, account, { prompt: 'ambient pad', duration: '30s' })).json();
      const before = await balanceOf(t, account.workspaceId);
      const count = await trackCount();
      for (const [path, body, param] of [
        [`${queued.id}/extend`, { seconds: 10 }, 'id'],
        [`${queued.id}/variations`, { keep: ['drums'] }, 'id'],
        [`${loop.id}/extend`, { seconds: 10 }, 'id'],
        [`${long.id}/extend`, { seconds: 11 }, 'seconds'],
      ] as const) {
        const response = await post(path, body);
        assert.equal(response.statusCode, 422, `${path} ${response.body}`);
        assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
        assert.equal(response.json().param, param);
      }
      assert.match((await post(`${long.id}/extend`, { seconds: 11 })).json().detail, /at most 10 s/);
      assert.equal((await post(`${long.id}/extend`, { seconds: 10 })).statusCode, 201);
      assert.equal(await trackCount(), count + 1);
      assert.deepEqual(await balanceOf(t, account.workspaceId), {
        balance: before.balance - 1,
        held: before.held + 1,
      });
      await runAll();
    });

    it('refuses an unknown part and malformed bodies with 400, naming the field and what it allows', async () => {
      const original = await readyTrack();
      const count = await trackCount();
      const unknown = await post(`${original.id}/variations`, { keep: ['drums', 'kazoo'] });
      assert.equal(unknown.statusCode, 400);
      assert.equal(unknown.json().param, 'keep[1]');
      assert.match(unknown.json().detail, /^keep\[1\] must be one of "drums", .*"bass"/);
      const tooLong = await post(`${original.id}/extend`, { seconds: 596 });
      assert.equal(tooLong.statusCode, 400);
      assert.match(
        tooLong.json().detail,
        /^seconds must be at most 595: the extension lasts the original plus these/,
      );
      for (const [path, body] of [
        [`${original.id}/variations`, {}],
        [`${original.id}/variations`, { keep: 'drums' }],
        [`${original.id}/variations`, { keep: [], seed: -1 }],
        [`${original.id}/extend`, {}],
        [`${original.id}/extend`, { seconds: 2 }],
        [`${original.id}/extend`, { seconds: '10' }],
        [`${original.id}/extend`, { seconds: 10, prompt: 'other' }],
        [`${original.id}/extend`, { seconds: 10, sections: [{ name: 'chorus', bars: 8 }] }],
        [`${original.id}/extend`, { sections: [] }],
        [`${original.id}/extend`, { sections: [{ name: 'chorus' }] }],
        [`${original.id}/extend`, { sections: [{ name: 'chorus', bars: 8, tempo: 90 }] }],
      ] as const) {
        const response = await post(path, body);
        assert.equal(response.statusCode, 400, `${path} ${JSON.stringify(body)} → ${response.body}`);
        assert.equal(response.json().code, 'validation_failed');
      }
      assert.equal(await trackCount(), count);
    });

    it('answers 404 for another workspace’s track, even a public one, and for an unknown id', async () => {
      const original = await readyTrack();
      await t.app.inject({
        method: 'POST',
        url: `/v1/tracks/${original.id}/publish`,
        headers: account.headers,
        payload: { visibility: 'public' },
      });
      const before = await balanceOf(t, other.workspaceId);
      for (const path of [`${original.id}/extend`, `${original.id}/variations`]) {
        const body = path.endsWith('extend') ? { seconds: 10 } : { keep: [] };
        const response = await post(path, body, other);
        assert.equal(response.statusCode, 404, response.body);
        assert.equal(response.json().code, 'not_found');
      }
      assert.equal((await post('trk_doesnotexist/extend', { seconds: 10 })).statusCode, 404);
      assert.deepEqual(await balanceOf(t, other.workspaceId), before);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/v1/tracks/${original.id}/extend`,
        payload: { seconds: 10 },
      });
      assert.equal(anonymous.statusCode, 401);
    });
  });
}
