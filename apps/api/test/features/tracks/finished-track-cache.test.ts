// Finished tracks are remembered between reads, and never served after a change another process
// or an operator made: the trigger of migration 0011 announces it when it commits.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  createFinishedTrackCache,
  TRACK_CHANGED_CHANNEL,
} from '../../../src/features/tracks/finished-track-cache.js';
import type { TrackRow } from '../../../src/features/tracks/track.repository.js';
import { createManualClock } from '../../../src/platform/shared/clock.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { buildTestApp, createTestApp, type TestApp, testConfig } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { createTrack, fund } from './helpers.js';

const row = (id: string, status: TrackRow['status']) => ({ id, status }) as TrackRow;

describe('finished track cache', () => {
  it('keeps ready and failed tracks and never an unfinished one', () => {
    const cache = createFinishedTrackCache({ clock: createManualClock() });
    cache.listening();
    for (const status of ['queued', 'generating', 'ready', 'failed'] as const) {
      cache.store(row(`trk_${status}`, status), cache.generation());
    }
    assert.equal(cache.get('trk_queued'), undefined);
    assert.equal(cache.get('trk_generating'), undefined);
    assert.equal(cache.get('trk_ready')?.status, 'ready');
    assert.equal(cache.get('trk_failed')?.status, 'failed');
  });

  it('does not keep a row read before a change announced meanwhile', () => {
    const cache = createFinishedTrackCache({ clock: createManualClock() });
    cache.listening();
    const readAt = cache.generation();
    cache.forget('trk_other'); // any change, heard while the read was under way
    cache.store(row('trk_a', 'ready'), readAt);
    assert.equal(cache.get('trk_a'), undefined);
  });

  it('keeps and serves nothing while changes cannot be heard', () => {
    const cache = createFinishedTrackCache({ clock: createManualClock() });
    cache.store(row('trk_a', 'ready'), cache.generation());
    assert.equal(cache.get('trk_a'), undefined, 'before the LISTEN is up');
    cache.listening();
    cache.store(row('trk_a', 'ready'), cache.generation());
    assert.ok(cache.get('trk_a'));
    cache.deaf();
    assert.equal(cache.get('trk_a'), undefined, 'the LISTEN connection was lost');
    cache.listening();
    assert.equal(cache.get('trk_a'), undefined, 'what was kept before the loss is gone');
  });

  it('forgets a row after its time to live and the least recently used past the bound', () => {
    const clock = createManualClock();
    const cache = createFinishedTrackCache({ clock, ttlMs: 1_000, maxEntries: 2 });
    cache.listening();
    cache.store(row('trk_a', 'ready'), cache.generation());
    cache.store(row('trk_b', 'ready'), cache.generation());
    assert.ok(cache.get('trk_a')); // a is now the most recently used
    cache.store(row('trk_c', 'ready'), cache.generation());
    assert.equal(cache.get('trk_b'), undefined);
    assert.ok(cache.get('trk_a'));
    clock.advance(1_000);
    assert.equal(cache.get('trk_a'), undefined);
  });
});

/** Polls until check() holds or `withinMs` passes; a NOTIFY reaches another connection asynchronously. */
async function eventually(check: () => Promise<boolean>, withinMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

for (const kind of testDatabaseKinds()) {
  describe(`finished tracks read by two API processes on one ${kind} database`, () => {
    let a: TestApp;
    let b: FastifyInstance;
    let owner: TestAccount;
    let stranger: TestAccount;

    before(async () => {
      a = await createTestApp(kind);
      ({ app: b } = await buildTestApp({ config: testConfig(), database: a.database, clock: a.clock }));
      await b.ready();
      owner = await createTestAccount(a);
      stranger = await createTestAccount(a);
      await fund(a, owner.workspaceId, 10);
    });
    after(async () => {
      await b.close();
      await a.close();
    });

    /** A private track, finished as the generation worker leaves it. */
    async function readyTrack(): Promise<string> {
      const id = (await createTrack(a, owner)).json().id as string;
      await sql`update track set status = 'ready', progress = 1 where id = ${id}`.execute(a.database.db);
      return id;
    }
    const read = (app: typeof b, id: string, account: TestAccount) =>
      app.inject({ method: 'GET', url: `/v1/tracks/${id}`, headers: account.headers });

    it('the process that publishes a track serves the change to its very next read', async () => {
      const id = await readyTrack();
      assert.equal((await read(a.app, id, owner)).json().visibility, 'private'); // now remembered
      assert.equal((await read(a.app, id, stranger)).statusCode, 404);
      const published = await a.app.inject({
        method: 'POST',
        url: `/v1/tracks/${id}/publish`,
        headers: owner.headers,
        payload: { visibility: 'public' },
      });
      assert.equal(published.statusCode, 200);
      const seen = await read(a.app, id, stranger);
      assert.equal(seen.statusCode, 200);
      assert.equal(seen.json().object, 'public_track');
    });

    it('another process stops serving a track made private once the change commits', async () => {
      const id = await readyTrack();
      await sql`update track set visibility = 'public' where id = ${id}`.execute(a.database.db);
      assert.ok(await eventually(async () => (await read(b, id, stranger)).statusCode === 200));
      assert.equal((await read(b, id, stranger)).statusCode, 200); // remembered by b
      const unpublished = await a.app.inject({
        method: 'POST',
        url: `/v1/tracks/${id}/publish`,
        headers: owner.headers,
        payload: { visibility: 'private' },
      });
      assert.equal(unpublished.statusCode, 200);
      assert.ok(
        await eventually(async () => (await read(b, id, stranger)).statusCode === 404),
        'b still serves the track to a stranger after it was made private',
      );
    });

    it('a change made in SQL by an operator reaches every process', async () => {
      const id = await readyTrack();
      assert.equal((await read(b, id, owner)).json().title, 'Lofi beat for studying'); // now remembered by b
      await sql`update track set title = 'Renamed by hand' where id = ${id}`.execute(a.database.db);
      assert.ok(await eventually(async () => (await read(b, id, owner)).json().title === 'Renamed by hand'));
    });

    it('a track deleted through one process is gone from the other', async () => {
      const id = await readyTrack();
      assert.equal((await read(b, id, owner)).statusCode, 200);
      const deleted = await a.app.inject({
        method: 'DELETE',
        url: `/v1/tracks/${id}`,
        headers: owner.headers,
      });
      assert.equal(deleted.statusCode, 204);
      assert.equal((await read(a.app, id, owner)).statusCode, 404);
      assert.ok(await eventually(async () => (await read(b, id, owner)).statusCode === 404));
    });

    if (kind === 'postgres') {
      it('a change made while a process could not hear is never served from its memory', async () => {
        const id = await readyTrack();
        assert.equal((await read(b, id, owner)).statusCode, 200); // remembered by b (and by a)
        // Every LISTEN connection on this database drops (as in a failover); the change commits
        // before they are back. Only this database's: suites running beside this one share the server.
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
                  where query like 'LISTEN %' and datname = current_database()
                    and pid <> pg_backend_pid()`.execute(a.database.db);
        await sql`update track set title = 'Changed while deaf' where id = ${id}`.execute(a.database.db);
        // The LISTEN reconnects within a second; what was remembered before the loss is not served.
        // The manual clock stands still, so a copy kept from before the loss would be served forever.
        assert.ok(
          await eventually(
            async () => (await read(b, id, owner)).json().title === 'Changed while deaf',
            10_000,
          ),
          'b serves the change made while it could not hear',
        );
      });
    }

    it('the database announces changes to finished tracks only', async () => {
      const heard: string[] = [];
      const unlisten = await a.database.listen(TRACK_CHANGED_CHANNEL, (id) => heard.push(id));
      try {
        const unfinished = (await createTrack(a, owner)).json().id as string;
        await sql`update track set progress = 0.5 where id = ${unfinished}`.execute(a.database.db);
        const finished = await readyTrack();
        await sql`update track set title = 'x' where id = ${finished}`.execute(a.database.db);
        assert.ok(await eventually(async () => heard.includes(finished)));
        assert.deepEqual(heard, [finished]);
      } finally {
        await unlisten();
      }
    });
  });
}
