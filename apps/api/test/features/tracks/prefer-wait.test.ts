// POST /v1/tracks with `Prefer: wait=N`: the answer waits on the track's own events through the
// process's event hub, re-reads the row (the truth) when one commits, and gives up after N seconds
// of the injected clock. The clock here only moves when a test moves it, so an answer that comes
// without a move came from an event, not from a timer or a poll.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type {
  DatabaseHandle,
  ListenConnectionEvents,
} from '../../../src/platform/database/create-database.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createTestDatabase, testDatabaseKinds } from '../../helpers/databases.js';
import { createGenerationRunner, createTrack, FAKE_GENERATED_TRACK, fund } from './helpers.js';

/** Resolves once the pending request sleeps on the clock (it has subscribed and read the row). */
async function untilWaiting(t: TestApp, sleepers = 1): Promise<void> {
  for (let i = 0; i < 3_000 && t.clock.sleeping() < sleepers; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.ok(t.clock.sleeping() >= sleepers, 'the request never started waiting');
}

/** True when the promise has not settled within `ms` of real time. */
async function stillPending(promise: Promise<unknown>, ms = 300): Promise<boolean> {
  const marker = Symbol('pending');
  const first = await Promise.race([
    promise,
    new Promise((resolve) => setTimeout(() => resolve(marker), ms)),
  ]);
  return first === marker;
}

/**
 * The database with its LISTEN connections in the test's hands: drop() loses them as a failover does
 * (onLost, and every notification until restore() is never delivered), restore() brings them back.
 */
function droppableListen(database: DatabaseHandle) {
  const connections: { events: ListenConnectionEvents; deaf: boolean }[] = [];
  return {
    database: {
      ...database,
      listen(channel, onMessage, events = {}) {
        const connection = { events, deaf: false };
        connections.push(connection);
        return database.listen(channel, (payload) => connection.deaf || onMessage(payload), events);
      },
    } satisfies DatabaseHandle,
    drop() {
      for (const connection of connections) {
        connection.deaf = true;
        connection.events.onLost?.(new Error('LISTEN connection dropped by the test'));
      }
    },
    restore() {
      for (const connection of connections) {
        connection.deaf = false;
        connection.events.onRestored?.();
      }
    },
  };
}

for (const kind of testDatabaseKinds()) {
  describe(`Prefer: wait on POST /v1/tracks on ${kind}`, () => {
    let t: TestApp;
    let account: TestAccount;
    before(async () => {
      t = await createTestApp(kind);
      account = await createTestAccount(t);
      await fund(t, account.workspaceId, 10);
    });
    after(() => t.close());

    it('answers with the ready track as soon as its track.ready event commits', async () => {
      const answer = createTrack(
        t,
        account,
        { prompt: 'calm piano for reading', duration: '6s' },
        { prefer: 'wait=30' },
      );
      await untilWaiting(t);
      assert.ok(await stillPending(answer), 'answered before the track was ready');
      const runner = createGenerationRunner(t, 'wait-worker', async () => FAKE_GENERATED_TRACK);
      assert.equal(await runner.runDue(), 1);
      const response = await answer;
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.headers['preference-applied'], 'wait=30');
      assert.equal(response.json().status, 'ready');
      assert.equal(t.clock.sleeping(), 0, 'the wait left a timer behind');
    });

    it('answers with the failed track when generation gives up', async () => {
      const answer = createTrack(
        t,
        account,
        { prompt: 'broken request', duration: '6s' },
        { prefer: 'wait=30' },
      );
      await untilWaiting(t);
      const runner = createGenerationRunner(t, 'failing-worker', async () => {
        throw new Error('engine exploded');
      });
      // Three attempts, each due at once on this clock once the retry delay has passed.
      for (let attempt = 0; attempt < 3; attempt++) {
        await runner.runDue();
        t.clock.advance(5_000);
      }
      const response: LightMyRequestResponse = await answer;
      assert.equal(response.json().status, 'failed', response.body);
    });

    it('gives up after N seconds of the clock and answers with the track as it is then', async () => {
      const answer = createTrack(
        t,
        account,
        { prompt: 'slow ambient drone', duration: '6s' },
        { prefer: 'wait=5' },
      );
      await untilWaiting(t);
      t.clock.advance(4_999);
      assert.ok(await stillPending(answer), 'answered before its time was up');
      t.clock.advance(1);
      const response = await answer;
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.headers['preference-applied'], 'wait=5');
      assert.equal(response.json().status, 'queued');
      assert.equal(t.clock.sleeping(), 0);
    });

    it('takes the row, not the event, as the answer and does not poll it', async () => {
      const answer = createTrack(
        t,
        account,
        { prompt: 'quiet guitar loop', duration: '6s' },
        { prefer: 'wait=10' },
      );
      await untilWaiting(t);
      const { id } = await t.database.db
        .selectFrom('track')
        .select('id')
        .where('prompt', '=', 'quiet guitar loop')
        .executeTakeFirstOrThrow();
      // A final state that commits no event wakes nobody: a poll would have answered within this second.
      await t.database.db
        .updateTable('track')
        .set({
          status: 'failed',
          error: JSON.stringify({ code: 'generation_failed', message: 'set by the test' }),
        })
        .where('id', '=', id)
        .execute();
      assert.ok(await stillPending(answer, 1_000), 'the wait polled the database');
      t.clock.advance(10_000);
      const response = await answer;
      assert.equal(response.json().status, 'failed', 'the answer is the row as it is at the end');
    });
  });

  describe(`Prefer: wait while the LISTEN connection is lost, on ${kind}`, () => {
    it('answers with the ready track once the LISTEN is back, when track.ready committed while it was down', async () => {
      const listen = droppableListen(await createTestDatabase(kind));
      const t = await createTestApp(kind, { database: listen.database });
      try {
        const account = await createTestAccount(t);
        await fund(t, account.workspaceId, 1);
        const answer = createTrack(
          t,
          account,
          { prompt: 'calm piano for reading', duration: '6s' },
          { prefer: 'wait=30' },
        );
        await untilWaiting(t);
        listen.drop();
        const runner = createGenerationRunner(t, 'deaf-worker', async () => FAKE_GENERATED_TRACK);
        assert.equal(await runner.runDue(), 1);
        assert.ok(await stillPending(answer), 'answered on an event the lost LISTEN could not hear');
        // The clock stands still: without a read when the LISTEN is back, this would wait forever.
        listen.restore();
        assert.equal(await stillPending(answer, 5_000), false, 'still waiting after the LISTEN came back');
        const response = await answer;
        assert.equal(response.json().status, 'ready', response.body);
        assert.equal(t.clock.sleeping(), 0, 'the wait left a timer behind');
      } finally {
        await t.close();
      }
    });
  });
}
