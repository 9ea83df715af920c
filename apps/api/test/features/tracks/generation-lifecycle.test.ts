// The generation job against a fake engine: lease expiry, retries, refunds. Time is the test clock.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Generate } from '../../../src/features/tracks/generation/generation-pool.js';
import { GENERATION_QUEUE } from '../../../src/features/tracks/generation/generation-queue.js';
import { claimJob } from '../../../src/platform/jobs/job.repository.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { balanceOf, createGenerationRunner, createTrack, FAKE_GENERATED_TRACK, fund } from './helpers.js';

for (const kind of testDatabaseKinds()) {
  describe(`track generation jobs on ${kind}`, () => {
    let t: TestApp;
    let account: TestAccount;
    before(async () => {
      t = await createTestApp(kind);
      account = await createTestAccount(t);
      await fund(t, account.workspaceId, 10);
    });
    after(() => t.close());

    const runner = (
      workerId: string,
      generate: Generate,
      progressIntervalMs = 0,
      monotonicMs?: () => number,
    ) => createGenerationRunner(t, workerId, generate, progressIntervalMs, monotonicMs);

    const eventTypes = async (trackId: string) =>
      (
        await sql<{ type: string }>`select type from event where track_id = ${trackId} order by seq`.execute(
          t.database.db,
        )
      ).rows.map((row) => row.type);
    const entries = async (trackId: string) =>
      (
        await sql<{
          kind: string;
        }>`select kind from credit_entry where track_id = ${trackId} order by created_at, id`.execute(
          t.database.db,
        )
      ).rows.map((row) => row.kind);

    it('moves a track queued → generating → ready, captures its credit and emits each event', async () => {
      const created = (await createTrack(t, account)).json();
      const generate: Generate = async (_request, { onProgress }) => {
        onProgress?.(0.3);
        await new Promise((resolve) => setTimeout(resolve, 5));
        onProgress?.(0.6);
        return FAKE_GENERATED_TRACK;
      };
      assert.equal(await runner('w1', generate).runOnce(), true);
      const track = (
        await t.app.inject({ method: 'GET', url: `/v1/tracks/${created.id}`, headers: account.headers })
      ).json();
      assert.equal(track.status, 'ready');
      assert.equal(track.progress, 1);
      assert.equal(track.credits_charged, 1);
      assert.equal(track.music.key, 'D minor');
      // WAV and OGG are listed: they are made from the FLAC master on first download
      assert.deepEqual(track.audio.formats, ['mp3', 'wav', 'ogg', 'flac']);
      assert.ok(track.started_at && track.completed_at);
      const types = await eventTypes(created.id);
      assert.equal(types[0], 'track.queued');
      assert.equal(types.at(-1), 'track.ready');
      assert.ok(types.filter((type) => type === 'track.generating').length >= 2);
      assert.deepEqual(await entries(created.id), ['hold', 'capture']);
    });

    it('emits track.generating progress at most every 500 ms, rising', async () => {
      const created = (await createTrack(t, account)).json();
      // A 1.2 s render in 10 ms steps of a hand-stepped clock: no real time passes.
      let nowMs = 0;
      const generate: Generate = async (_request, { onProgress }) => {
        for (let stepMs = 0; stepMs < 1200; stepMs += 10) {
          nowMs = stepMs;
          onProgress?.(stepMs / 1300);
          await new Promise((resolve) => setImmediate(resolve));
        }
        return FAKE_GENERATED_TRACK;
      };
      await runner('w-progress', generate, 500, () => nowMs).runOnce();
      const rows = (
        await sql<{ payload: string; created_at: Date }>`select payload, created_at from event
          where track_id = ${created.id} and type = 'track.generating' order by seq`.execute(t.database.db)
      ).rows;
      const progress = rows.map((row) => JSON.parse(row.payload).data.track.progress as number);
      // The start (0) plus at most one update per 500 ms of a 1.2 s render.
      assert.ok(progress.length >= 2 && progress.length <= 3, `progress events: ${progress.join(', ')}`);
      assert.deepEqual(
        progress,
        [...progress].sort((a, b) => a - b),
      );
    });

    it('finishes a track once and charges once when a dead worker’s lease expires and another re-claims it', async () => {
      const created = (await createTrack(t, account)).json();
      const balanceBefore = await balanceOf(t, account.workspaceId);
      let releaseSlow!: () => void;
      let slowRun!: Promise<unknown>;
      const slowStarted = new Promise<void>((started) => {
        const slow = runner('slow', async () => {
          started();
          await new Promise<void>((resolve) => {
            releaseSlow = resolve;
          });
          return FAKE_GENERATED_TRACK;
        });
        // Its writes are refused (fenced) once it returns; how it ends is not what this test asks.
        slowRun = slow.runOnce().catch(() => undefined);
      });
      await slowStarted;
      // The slow worker stops heartbeating (as if its process died); its lease runs out.
      t.clock.advance(10_001);
      assert.equal(await runner('rescuer', async () => FAKE_GENERATED_TRACK).runOnce(), true);
      releaseSlow();
      await slowRun; // the dead worker's late attempt has tried its writes
      const track = (
        await t.app.inject({ method: 'GET', url: `/v1/tracks/${created.id}`, headers: account.headers })
      ).json();
      assert.equal(track.status, 'ready');
      assert.equal((await eventTypes(created.id)).filter((type) => type === 'track.ready').length, 1);
      assert.deepEqual(await entries(created.id), ['hold', 'capture']);
      assert.deepEqual(await balanceOf(t, account.workspaceId), {
        balance: balanceBefore.balance,
        held: balanceBefore.held - 1,
      });
    });

    it('retries a failing generation and, when it fails for good, marks the track failed and refunds', async () => {
      const before = await balanceOf(t, account.workspaceId);
      const created = (await createTrack(t, account)).json();
      let attempts = 0;
      const failing = runner('w-fail', async () => {
        attempts++;
        throw new Error('synth exploded');
      });
      for (let i = 0; i < 3; i++) {
        assert.equal(await failing.runOnce(), true);
        t.clock.advance(60_000);
      }
      assert.equal(attempts, 3);
      const track = (
        await t.app.inject({ method: 'GET', url: `/v1/tracks/${created.id}`, headers: account.headers })
      ).json();
      assert.equal(track.status, 'failed');
      assert.equal(track.error.code, 'generation_failed');
      assert.match(track.error.message, /synth exploded/);
      assert.equal(track.credits_charged, 0);
      assert.deepEqual(await entries(created.id), ['hold', 'refund']);
      assert.deepEqual(await balanceOf(t, account.workspaceId), before);
      assert.equal((await eventTypes(created.id)).at(-1), 'track.failed');
      assert.equal(await failing.runOnce(), false);
    });

    it('does nothing for a track deleted before its job ran, and gives the held credit back', async () => {
      const before = await balanceOf(t, account.workspaceId);
      const created = (await createTrack(t, account)).json();
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/v1/tracks/${created.id}`,
        headers: account.headers,
      });
      assert.equal(deleted.statusCode, 204);
      assert.deepEqual(await balanceOf(t, account.workspaceId), before);
      const claimed = await claimJob(t.database.db, {
        queue: GENERATION_QUEUE,
        workerId: 'x',
        now: t.clock.now(),
        leaseMs: 1,
      });
      assert.equal(claimed, undefined, 'the queued job went with the track');
    });
  });
}
