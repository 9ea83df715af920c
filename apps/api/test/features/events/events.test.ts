import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { composeEventLog } from '../../../src/compose.js';
import { createEventsService } from '../../../src/features/events/events.service.js';
import { transaction } from '../../../src/platform/database/create-database.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { appendTestEvent } from './event-helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

for (const kind of testDatabaseKinds()) {
  describe(`events and the workspace signing secret on ${kind}`, () => {
    let t: TestApp;
    let owner: TestAccount;
    let other: TestAccount;

    before(async () => {
      t = await createTestApp(kind);
      owner = await createTestAccount(t, { plan: 'studio' });
      other = await createTestAccount(t, { plan: 'studio' });
    });
    after(() => t.close());

    it('appendEvent stores the exact JSON it returns and notifies its id on commit only', async () => {
      const notified: string[] = [];
      const stop = await t.database.listen('tf_events', (id) => notified.push(id));
      const rolledBack = await transaction(t.database.db, async (tx) => {
        const event = await composeEventLog(t.clock).append(tx, {
          workspaceId: owner.workspaceId,
          type: 'track.failed',
          data: { track: { id: 'trk_x' } },
        });
        await sql`select 1/0`.execute(tx).catch(() => {});
        return event;
      }).catch(() => undefined);
      const event = await appendTestEvent(t, owner.workspaceId, 'track.ready', {
        id: 'trk_y',
        status: 'ready',
      });
      // Notifications arrive in commit order: once the committed event's has, a rolled-back one would have too.
      const deadlineMs = Date.now() + 5_000;
      while (!notified.includes(event.id) && Date.now() < deadlineMs) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await stop();
      assert.ok(notified.includes(event.id));
      if (rolledBack) assert.ok(!notified.includes(rolledBack.id));
      assert.match(event.id, /^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
      const row = await t.database.db
        .selectFrom('event')
        .selectAll()
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.payload, JSON.stringify(event));
    });

    it("commits a workspace's events in seq order: a second append waits for the first one's transaction", async () => {
      // What a resuming client relies on: replay after last_event_id sends the higher seq, so an
      // event may never commit after one with a higher seq (it would be sent twice, or lost).
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let firstAppended!: () => void;
      const appended = new Promise<void>((resolve) => {
        firstAppended = resolve;
      });
      const committed: string[] = [];
      const first = transaction(t.database.db, async (tx) => {
        const event = await composeEventLog(t.clock).append(tx, {
          workspaceId: owner.workspaceId,
          type: 'track.generating',
          data: { track: { id: 'trk_first' } },
        });
        firstAppended();
        await held;
        return event;
      }).then((event) => {
        committed.push(event.id);
        return event;
      });
      await appended;
      const second = appendTestEvent(t, owner.workspaceId, 'track.ready', { id: 'trk_second' }).then(
        (event) => {
          committed.push(event.id);
          return event;
        },
      );
      // long enough for the second append to commit, were it not waiting
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(committed, [], 'the second append waits while the first transaction is open');
      release();
      const [a, b] = await Promise.all([first, second]);
      assert.deepEqual(committed, [a.id, b.id]);
      const seqs = await t.database.db
        .selectFrom('event')
        .select(['id', 'seq'])
        .where('id', 'in', [a.id, b.id])
        .execute();
      const seqOf = (id: string) => Number(seqs.find((row) => row.id === id)!.seq);
      assert.ok(seqOf(a.id) < seqOf(b.id), 'the one committed first has the lower seq');
      // another workspace's events do not wait on it
      let otherHeld!: () => void;
      const otherOpen = new Promise<void>((resolve) => {
        otherHeld = resolve;
      });
      const blocker = transaction(t.database.db, async (tx) => {
        await composeEventLog(t.clock).append(tx, {
          workspaceId: owner.workspaceId,
          type: 'track.generating',
          data: { track: { id: 'trk_blocker' } },
        });
        await otherOpen;
      });
      if (kind === 'postgres') {
        const third = await createTestAccount(t);
        const elsewhere = await appendTestEvent(t, third.workspaceId, 'track.ready', { id: 'trk_elsewhere' });
        assert.match(elsewhere.id, /^evt_/);
      }
      otherHeld();
      await blocker;
    });

    it('lists only the caller workspace events, newest first, filtered by type and paged', async () => {
      const mine = [];
      for (const type of ['track.queued', 'track.generating', 'track.ready'] as const) {
        t.clock.advance(1000);
        mine.push(await appendTestEvent(t, other.workspaceId, type));
      }
      await appendTestEvent(t, owner.workspaceId, 'track.queued');
      const all = await t.app.inject({ method: 'GET', url: '/v1/events?limit=2', headers: other.headers });
      assert.equal(all.statusCode, 200);
      const body = all.json();
      assert.equal(body.object, 'list');
      assert.deepEqual(
        body.data.map((event: { id: string }) => event.id),
        [mine[2]!.id, mine[1]!.id],
      );
      assert.equal(body.has_more, true);
      assert.match(all.headers.link as string, /starting_after=/);
      const next = await t.app.inject({
        method: 'GET',
        url: `/v1/events?limit=2&starting_after=${body.next_cursor}`,
        headers: other.apiKeyHeaders!,
      });
      assert.deepEqual(
        next.json().data.map((event: { id: string }) => event.id),
        [mine[0]!.id],
      );
      const ready = await t.app.inject({
        method: 'GET',
        url: '/v1/events?type=track.ready',
        headers: other.headers,
      });
      assert.deepEqual(ready.json().data, [mine[2]]);
      const foreignCursor = await t.app.inject({
        method: 'GET',
        url: `/v1/events?starting_after=${mine[0]!.id}`,
        headers: owner.headers,
      });
      assert.equal(foreignCursor.statusCode, 400);
    });

    it("filters by track_id: one track's events only, never another workspace's", async () => {
      const trackA = 'trk_01JD00000000000000000000AA';
      const trackB = 'trk_01JD00000000000000000000BB';
      const forA = [];
      for (const type of ['track.queued', 'track.generating', 'track.ready'] as const) {
        t.clock.advance(1000);
        forA.push(await appendTestEvent(t, owner.workspaceId, type, { id: trackA, status: 'queued' }));
        await appendTestEvent(t, owner.workspaceId, type, { id: trackB, status: 'queued' });
      }
      await appendTestEvent(t, other.workspaceId, 'track.queued', { id: trackA, status: 'queued' });
      const list = (query: string, headers = owner.headers) =>
        t.app.inject({ method: 'GET', url: `/v1/events?${query}`, headers });
      const byTrack = await list(`track_id=${trackA}`);
      assert.equal(byTrack.statusCode, 200);
      assert.deepEqual(
        byTrack.json().data.map((event: { id: string }) => event.id),
        forA.map((event) => event.id).reverse(),
      );
      const readyOfA = await list(`track_id=${trackA}&type=track.ready`);
      assert.deepEqual(readyOfA.json().data, [forA[2]]);
      const paged = await list(`track_id=${trackA}&limit=1&starting_after=${forA[2]!.id}`);
      assert.deepEqual(paged.json().data, [forA[1]]);
      const none = await list('track_id=trk_01JD00000000000000000000CC');
      assert.deepEqual(none.json().data, []);
      const bad = await list('track_id=not-a-track');
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().param, 'track_id');
    });

    it('rejects an unknown type filter and anonymous callers', async () => {
      const bad = await t.app.inject({
        method: 'GET',
        url: '/v1/events?type=track.exploded',
        headers: owner.headers,
      });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().code, 'validation_failed');
      const anonymous = await t.app.inject({ method: 'GET', url: '/v1/events' });
      assert.equal(anonymous.statusCode, 401);
    });

    it('shows members their workspace with a whsec_ signing secret, stable until rotated', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/v1/workspace', headers: owner.headers });
      assert.equal(first.statusCode, 200);
      const workspace = first.json();
      assert.equal(workspace.id, owner.workspaceId);
      assert.equal(workspace.plan, 'studio');
      assert.match(workspace.signing_secret, /^whsec_[A-Za-z0-9+/=]{40,}$/);
      const again = await t.app.inject({
        method: 'GET',
        url: '/v1/workspace',
        headers: owner.apiKeyHeaders!,
      });
      assert.equal(again.json().signing_secret, workspace.signing_secret);
      const otherWorkspace = await t.app.inject({
        method: 'GET',
        url: '/v1/workspace',
        headers: other.headers,
      });
      assert.notEqual(otherWorkspace.json().signing_secret, workspace.signing_secret);

      const byKey = await t.app.inject({
        method: 'POST',
        url: '/v1/workspace/signing-secret',
        headers: owner.apiKeyHeaders!,
      });
      assert.equal(byKey.statusCode, 403);
      const rotated = await t.app.inject({
        method: 'POST',
        url: '/v1/workspace/signing-secret',
        headers: owner.headers,
      });
      assert.equal(rotated.statusCode, 200);
      assert.notEqual(rotated.json().signing_secret, workspace.signing_secret);
      const after = await t.app.inject({ method: 'GET', url: '/v1/workspace', headers: owner.headers });
      assert.equal(after.json().signing_secret, rotated.json().signing_secret);
    });

    // Last: moving the clock 31 days ends every access token of this suite.
    it('deletes events older than 30 days by the injected clock', async () => {
      const old = await appendTestEvent(t, owner.workspaceId);
      t.clock.advance(31 * DAY_MS);
      const fresh = await appendTestEvent(t, owner.workspaceId);
      const deleted = await createEventsService({ db: t.database.db, clock: t.clock }).deleteExpiredEvents();
      assert.ok(deleted >= 1);
      const ids = (await t.database.db.selectFrom('event').select('id').execute()).map((row) => row.id);
      assert.ok(!ids.includes(old.id));
      assert.ok(ids.includes(fresh.id));
    });
  });
}
